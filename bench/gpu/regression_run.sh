#!/bin/sh
# Issue 43's fourth GPU call (2026-11-28): the whole corpus again at the
# commit of this session's fixes, from the repository root on the device
# with $OUT set:
#   1. every corpus kernel, tilechain's parallel form beside NVIDIA's cubin,
#      for the GPU at hand (gpu-bundle: harness/make_bundle.py --nvidia);
#   2. the sm_80 and sm_120 code of the sample__ and tk__ kernels (ampere-bundle,
#      --ptx-from), then sm_120's of the test__ kernels, in what time is left
#      before
#   3. cuTile Python's and TileGym's tests with tilechain as tileiras.
# Carried: .gpu-carry/{bench,cutile,tilechain} (bench/gpu/pack_carry.sh).
. bench/gpu/device_prelude.sh

timeout -k 5 200 python3 harness/run_bundle.py /tmp/gpu/gpu-bundle --no-benchmarks \
  --budget 180 --kernel-timeout 20 --results "$OUT/corpus-sweep.tsv" > /tmp/corpus.log 2>&1
grep '^summary' /tmp/corpus.log

for glob in 'sample__*' 'tk__*' 'test__*'; do
  variants=tilechain-sm_80-ptx,tilechain-sm_120-ptx
  [ "$glob" = 'test__*' ] && variants=tilechain-sm_120-ptx
  budget=$(left 290)
  [ "$budget" -gt 10 ] || break
  timeout -k 5 $((budget + 20)) python3 harness/run_bundle.py /tmp/gpu/ampere-bundle \
    --variants $variants --glob "$glob" --budget "$budget" --kernel-timeout 20 \
    --results "$OUT/ampere-sweep.tsv" >> /tmp/ampere.log 2>&1
done
grep '^summary' /tmp/ampere.log

CUTILE_BUDGET=$(( $(left 420) / 2 )) TILEGYM_BUDGET=$(( $(left 420) / 3 )) \
  timeout -k 5 "$(left 450)" bash bench/gpu/cutile_tests.sh tilechain
(cd /tmp && tar -cJf "$OUT/logs.tar.xz" corpus.log ampere.log)
(cd "$OUT" && tar -cJf cutile-logs.tar.xz cutile-tests-tilechain-*.log.xz cutile-tests-tilechain-*.xml 2>/dev/null &&
  rm -f cutile-tests-tilechain-*.log.xz cutile-tests-tilechain-*.xml)
ls "$OUT"
echo "regression_run.sh: $(left 0 | tr -d -) s"
