# Sourced by the device scripts: tar -J and cutile_tests.sh need xz; where
# the image lacks it, Python's lzma stands in (decompression only, to
# stdout).
if ! command -v xz >/dev/null; then
  mkdir -p /tmp/xz-shim
  printf '%s\n' '#!/usr/bin/env python3' 'import lzma, sys' \
    'files = [a for a in sys.argv[1:] if not a.startswith("-")]' \
    'source = open(files[0], "rb") if files else sys.stdin.buffer' \
    'sys.stdout.buffer.write(lzma.decompress(source.read()))' > /tmp/xz-shim/xz
  chmod +x /tmp/xz-shim/xz
  export PATH=/tmp/xz-shim:$PATH
fi
