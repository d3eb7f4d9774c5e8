#!/bin/sh
# Issue 43's second GPU call (2026-11-28), run from the repository root on
# the device with $OUT set; what the first call (device_run.sh) left open:
#   1. where the occupancy-2 matmuls go wrong (diagnose_matmul.py on the
#      failing cubins, controls beside them, variants from edited PTX in
#      .gpu-carry/diag/, then compute-sanitizer's racecheck where the image
#      has it);
#   2. cuTile's tests that failed with tilechain in the first call, again
#      with tilechain at this commit (bench/gpu/cutile-failed-2026-11-28.txt);
#   3. the attention rows, the d128 kernels now at the batch they were
#      specialized for;
#   4. the cuTile test kernels' sm_80 code (ampere-bundle, test__* only: the
#      first call reached none of them) in what time is left.
# Carried: .gpu-carry/{bench,diag,cutile,tilechain}.
. bench/gpu/device_prelude.sh
carry=.gpu-carry

kernel=matmul_f16_t128x256x64_occupancy2
timeout -k 5 100 python3 bench/gpu/diagnose_matmul.py /tmp/gpu/bench-bundle \
  --kernel $kernel --kernel matmul_f16_t128x256x32_occupancy2 \
  --kernel persistent_matmul_f16_t128x256x64_occupancy2 \
  --kernel $kernel@nvidia-tileiras --kernel matmul_f16_t128x256x64_none \
  --kernel matmul_f16_t128x256x128_occupancy2 \
  --cubin wait-group-0=$carry/diag/x64occ2-wait0.cubin \
  --cubin no-mbarrier-inval=$carry/diag/x64occ2-noinval.cubin \
  --out "$OUT/diagnose.tsv" > "$OUT/diagnose.log" 2>&1
awk '$1 == "error" || ($1 == "run" && $4 == 0)' "$OUT/diagnose.log" | head -n 60
sanitizer=$(command -v compute-sanitizer || ls /usr/local/cuda*/bin/compute-sanitizer 2>/dev/null | head -n 1)
if [ -n "$sanitizer" ]; then
  for tool in racecheck synccheck; do
    timeout -k 5 45 "$sanitizer" --tool $tool --kernel-name kns=matmul_kernel \
      python3 bench/gpu/diagnose_matmul.py /tmp/gpu/bench-bundle --kernel $kernel \
      --shapes 256x512x1024 --runs 1 --out /tmp/sanitized.tsv \
      > "$OUT/sanitizer-$tool.log" 2>&1
    echo "$tool: exit $?"; tail -n 5 "$OUT/sanitizer-$tool.log"
  done
else
  echo "no compute-sanitizer in this image"
fi

CUTILE_NODES=$PWD/bench/gpu/cutile-failed-2026-11-28.txt CUTILE_BUDGET=100 \
  TILEGYM_BUDGET=0 timeout -k 5 160 bash bench/gpu/cutile_tests.sh tilechain

budget=$(left 400)
timeout -k 5 $((budget + 30)) python3 bench/gpu/best_vs_best.py /tmp/gpu/bench-bundle \
  --out "$OUT/best-vs-best.tsv" --only fmha --budget "$budget" \
  > "$OUT/best-vs-best.log" 2>&1
grep -c . "$OUT/best-vs-best.tsv"

budget=$(left 440)
timeout -k 5 $((budget + 20)) python3 harness/run_bundle.py /tmp/gpu/ampere-bundle \
  --variants tilechain-sm_80-ptx --glob 'test__*' --budget "$budget" \
  --kernel-timeout 20 --results "$OUT/ampere-sweep.tsv" > "$OUT/ampere-sweep.log" 2>&1
tail -n 4 "$OUT/ampere-sweep.log"
# A call brings back at most 8 files: the logs travel as one archive.
(cd "$OUT" && tar -cJf logs.tar.xz *.log *.log.xz cutile-tests-tilechain-*.xml 2>/dev/null &&
  rm -f *.log *.log.xz cutile-tests-tilechain-*.xml)
ls "$OUT"
echo "followup_run.sh: $(left 0 | tr -d -) s"
