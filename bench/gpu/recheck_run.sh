#!/bin/sh
# Issue 43's third GPU call (2026-11-28), after the fix of 6dccc52 (the
# wait for a k loop's last wgmma group before the ring's mbarrier
# invalidation), from the repository root on the device with $OUT set:
#   1. diagnose_matmul.py on the 8 kernels that returned wrong values in the
#      first call (t128x256x{32,64}, occupancy = 2; f16 and bf16; plain and
#      persistent), compiled at this commit;
#   2. the f16 and bf16 matmul tuning of best_vs_best.py again, with every
#      tilechain cubin of the bundle compiled at this commit.
# Carried: .gpu-carry/bench (bench/gpu/pack_carry.sh).
. bench/gpu/device_prelude.sh

for dtype in f16 bf16; do
  for kind in matmul persistent_matmul; do
    for tk in 32 64; do
      echo "--kernel ${kind}_${dtype}_t128x256x${tk}_occupancy2"
    done
  done
done > /tmp/kernels.txt
timeout -k 5 90 python3 bench/gpu/diagnose_matmul.py /tmp/gpu/bench-bundle \
  $(cat /tmp/kernels.txt) --out "$OUT/diagnose.tsv" > "$OUT/diagnose.log" 2>&1
echo "diagnose: exit $?"
awk '$1 == "error" || ($1 == "run" && $4 == 0)' "$OUT/diagnose.log"

budget=$(left 280)
timeout -k 5 $((budget + 30)) python3 bench/gpu/best_vs_best.py /tmp/gpu/bench-bundle \
  --out "$OUT/best-vs-best.tsv" --only matmul-f16,matmul-bf16 --budget "$budget" \
  > "$OUT/best-vs-best.log" 2>&1
grep '^matmul best' "$OUT/best-vs-best.log"
grep -c 'fail' "$OUT/best-vs-best.tsv"
echo "recheck_run.sh: $(left 0 | tr -d -) s"
