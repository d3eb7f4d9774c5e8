#!/bin/sh
# The first GPU call of issue 43, run from the repository root on the device
# with $OUT set: best against best (bench/gpu/best_vs_best.py), the sm_80 and
# sm_120 code assembled for the GPU at hand (harness/run_bundle.py), then
# cuTile Python's and TileGym's tests with tilechain as tileiras
# (bench/gpu/cutile_tests.sh). Carried: .gpu-carry/ (bench/gpu/pack_carry.sh
# fills it). Each part has its own time limit, so one that hangs or crashes
# leaves the others their time; everything lands in $OUT as it is measured.
. bench/gpu/device_prelude.sh
carry=.gpu-carry

# Best against best: one process per group, so a kernel that faults and
# takes the CUDA context with it costs only its own group.
for group in matmul-f16 fmha bandwidth,fp8,batch,decode matmul-bf16; do
  budget=$(left 170)
  [ "$budget" -gt 10 ] || { echo "no time left for $group"; continue; }
  timeout -k 5 $((budget + 30)) python3 bench/gpu/best_vs_best.py \
    /tmp/gpu/bench-bundle --out "$OUT/best-vs-best.tsv" --only "$group" \
    --budget "$budget" 2>&1 | tee -a "$OUT/best-vs-best.log" | grep -v '^matmul	' 
done

# sm_80 and sm_120 code on the GPU at hand.
timeout -k 5 100 python3 harness/run_bundle.py /tmp/gpu/ampere-bundle \
  --variants tilechain-sm_80-ptx,tilechain-sm_120-ptx --budget 80 \
  --kernel-timeout 20 --results "$OUT/ampere-sweep.tsv" > "$OUT/ampere-sweep.log" 2>&1
tail -n 12 "$OUT/ampere-sweep.log"

timeout -k 5 "$(left 470)" bash bench/gpu/cutile_tests.sh tilechain
echo "device_run.sh: $(left 0 | tr -d -) s"
