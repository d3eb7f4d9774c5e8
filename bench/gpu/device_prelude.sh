# Sourced first by the device scripts (device_run.sh and the later calls),
# from the repository root with $OUT set: strict variables, unbuffered
# Python, `left N` (the seconds from now until N seconds after the start),
# what the device is ($OUT/device.txt; the device's git checkout is older
# than the session's, so its commit is left out), an xz where the image
# lacks one, and the carried bundles unpacked in /tmp/gpu.
set -u
: "${OUT:?}"
export PYTHONUNBUFFERED=1
began=$(date +%s)
left() { echo $(( $1 - ($(date +%s) - began) )); }
{ date -u; nvidia-smi; } > "$OUT/device.txt" 2>&1
# tar -J and cutile_tests.sh need xz; where the image lacks it, Python's
# lzma stands in (decompression only, to stdout).
if ! command -v xz >/dev/null; then
  mkdir -p /tmp/xz-shim
  printf '%s\n' '#!/usr/bin/env python3' 'import lzma, sys' \
    'files = [a for a in sys.argv[1:] if not a.startswith("-")]' \
    'source = open(files[0], "rb") if files else sys.stdin.buffer' \
    'sys.stdout.buffer.write(lzma.decompress(source.read()))' > /tmp/xz-shim/xz
  chmod +x /tmp/xz-shim/xz
  export PATH=/tmp/xz-shim:$PATH
fi
mkdir -p /tmp/gpu
for archive in .gpu-carry/bench/*.tar.xz; do
  [ -e "$archive" ] && tar -xJf "$archive" -C /tmp/gpu
done
