#!/bin/sh
# fake-cuda.sh DIR: a CUDA toolkit layout whose ptxas reports release 13.5 (new enough for tile kernels).
mkdir -p "$1/bin" "$1/nvvm/libdevice"
printf '#!/bin/sh\necho "Cuda compilation tools, release 13.5, V13.5.37"\n' > "$1/bin/ptxas"
chmod +x "$1/bin/ptxas"
: > "$1/nvvm/libdevice/libdevice.10.bc"
