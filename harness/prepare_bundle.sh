#!/bin/sh
# Everything a session with a GPU needs before its one device call, on a
# built checkout (scripts/setup): NVIDIA's tileiras 13.5 with its ptxas, the
# ptxas of earlier 13.x releases for the load probes, and the bundle in
# gpu-bundle/ (git-ignored), then the call to make. Arguments go to
# make_bundle.py (--gpu-name sm_100, --serial, kernel names...).
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
python=$root/.venv/bin/python
tools=${TILECHAIN_GPU_TOOLS:-${TMPDIR:-/tmp}/tilechain-gpu-tools}
nvidia=$tools/nvidia/nvidia/cu13/bin/tileiras

# NVIDIA's tileiras runs the ptxas beside it and loads ../lib/libnvvm.so.4:
# both come with it into one folder.
if [ ! -x "$nvidia" ]; then
  "$python" -m pip install -q --target "$tools/nvidia" \
    nvidia-cuda-tileiras==13.5.37 nvidia-cuda-nvcc==13.5.37
fi

# ptxas of each earlier release: which cubins the machine's driver loads.
probes=""
for release in 13.0.88 13.2.86 13.3.73 13.4.92; do
  ptxas=$tools/ptxas-$release/ptxas
  if [ ! -x "$ptxas" ]; then
    "$python" -m pip download -q --no-deps -d "$tools/wheels" \
      "nvidia-cuda-nvcc==$release"
    "$python" - "$tools/wheels" "$release" "$ptxas" <<'EOF'
import glob, os, sys, zipfile
wheels, release, target = sys.argv[1:]
[wheel] = glob.glob(os.path.join(wheels, "nvidia_cuda_nvcc-%s-*.whl" % release))
with zipfile.ZipFile(wheel) as z:
    [member] = [n for n in z.namelist() if n.endswith("/bin/ptxas")]
    os.makedirs(os.path.dirname(target), exist_ok=True)
    with open(target, "wb") as f:
        f.write(z.read(member))
os.chmod(target, 0o755)
EOF
  fi
  probes="$probes --ptxas-probe $ptxas"
done

# shellcheck disable=SC2086 # one argument per probe
"$python" "$root/harness/make_bundle.py" --out "$root/gpu-bundle" \
  --nvidia "$nvidia" $probes "$@"
cat <<EOF

Then, on the device (one call, carry the bundle; 3 to 5 minutes on an H100):
  run(command="python3 harness/run_bundle.py gpu-bundle --budget 420 --results \$OUT/results.tsv",
      carry=["gpu-bundle"], timeout_s=540)
EOF
