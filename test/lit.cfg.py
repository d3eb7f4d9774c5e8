# lit configuration of the whole tilechain test suite.
#
# Tiers, each a directory:
#   unit/     Catch2 unit tests, one lit test per Catch2 test case
#   Dialect/, Bytecode/, Stages/   IR-level lit + FileCheck tests of each stage
#   e2e/      through the real ptxas                 (REQUIRES: ptxas)
#   corpus/   over ../shared/corpus                  (REQUIRES: corpus)
#   gpu/      on a real GPU                          (REQUIRES: gpu)
import glob
import os
import shutil
import subprocess

import lit.formats
import lit.util

config.name = "tilechain"
config.test_format = lit.formats.ShTest(execute_external=True)
config.suffixes = [".mlir", ".test", ".py"]
config.excludes = ["Inputs", "lit.cfg.py", "lit.site.cfg.py", "lit.local.cfg"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.tilechain_obj_root, "test")

config.environment["PATH"] = os.pathsep.join(
    [config.tilechain_tools_dir, config.llvm_tools_dir, config.environment.get("PATH", "")])
config.environment["TILECHAIN_PTXAS"] = config.ptxas
config.environment["TILECHAIN_LIBDEVICE"] = config.libdevice
config.environment["TILECHAIN_CORPUS"] = config.corpus_dir
config.environment["TILECHAIN_BIN_DIR"] = config.tilechain_tools_dir
# Tests never read or fill the user's compile cache: a cached cubin would
# hide the stage failures and crashes they provoke. The cache tests turn it
# on with a directory of their own.
config.environment["TILECHAIN_CACHE"] = "0"
for name in ("TILECHAIN_CACHE_DIR", "TILECHAIN_CACHE_MAX_SIZE",
             "TILECHAIN_REMOTE_CACHE", "TILECHAIN_REMOTE_CACHE_KEY"):
    config.environment.pop(name, None)

config.substitutions.append(("%src_root", config.tilechain_src_root))
config.substitutions.append(("%tools_dir", config.tilechain_tools_dir))
config.substitutions.append(("%corpus", config.corpus_dir))
config.substitutions.append(("%ptxas", config.ptxas))
config.substitutions.append(("%{tileiras}",
                              os.path.join(config.tilechain_src_root, "scripts", "tileiras")))
config.substitutions.append(("%python", shutil.which("python3") or "python3"))
config.substitutions.append(("%libtileiras", os.path.join(
    config.tilechain_obj_root, "lib", "libtileiras.so")))

if config.ptxas and os.access(config.ptxas, os.X_OK):
    config.available_features.add("ptxas")
else:
    lit_config.warning("ptxas not configured: end-to-end tests are skipped")

if config.libdevice and os.path.isfile(config.libdevice):
    config.available_features.add("libdevice")
else:
    lit_config.warning("libdevice not configured: libdevice tests are skipped")

# A C compiler links host objects into libraries that tests load.
cc = shutil.which("cc") or shutil.which("gcc")
if cc:
    config.available_features.add("host-cc")
    config.substitutions.append(("%cc", cc))

def _cuobjdump():
    """cuobjdump, a measurement tool scripts/setup installs into .venv (PyPI's
    nvidia-cuda-cuobjdump), else the one on PATH."""
    pattern = os.path.join(config.tilechain_src_root, ".venv", "lib", "python*",
                           "site-packages", "nvidia", "cu13", "bin", "cuobjdump")
    found = sorted(glob.glob(pattern))
    return found[0] if found else shutil.which("cuobjdump")


cuobjdump = _cuobjdump()
if cuobjdump:
    config.available_features.add("cuobjdump")
    config.substitutions.append(("%cuobjdump", cuobjdump))
else:
    lit_config.warning("cuobjdump not found: SASS tests are skipped")

# The compile cache's remote tier is tested against a real server (Debian's
# redis-server, which scripts/setup installs).
if shutil.which("redis-server"):
    config.available_features.add("redis-server")
else:
    lit_config.warning("redis-server not found: remote cache tests are skipped")

# The stage tools linked static by lld, in cmake/startup-order.txt's order
# (cmake/Tilechain.cmake).
if config.static_llvm == "all" and config.lld.endswith("ld.lld"):
    config.available_features.add("ordered-tools")

if os.path.isdir(config.corpus_dir):
    config.available_features.add("corpus")
else:
    lit_config.warning(
        "corpus not found at %s (set TILECHAIN_CORPUS): corpus tests are skipped"
        % config.corpus_dir)


def _cutile_python():
    """A Python that imports cuTile Python (the cuda-tile package):
    $TILECHAIN_CUTILE_PYTHON, else the one running the tests."""
    python = os.environ.get("TILECHAIN_CUTILE_PYTHON") or shutil.which("python3")
    try:
        found = subprocess.run([python, "-c", "import cuda.tile"],
                               capture_output=True, timeout=120).returncode == 0
    except (OSError, subprocess.TimeoutExpired):
        found = False
    return python if found else None


cutile_python = _cutile_python()
if cutile_python:
    config.available_features.add("cutile")
    config.substitutions.append(("%cutile_python", cutile_python))
else:
    lit_config.warning(
        "cuTile Python (cuda-tile) is not importable: cuTile front-end tests "
        "are skipped (set TILECHAIN_CUTILE_PYTHON to a Python that has it)")


def _have_gpu():
    smi = shutil.which("nvidia-smi")
    if not smi:
        return False
    try:
        out = subprocess.run([smi, "-L"], capture_output=True, text=True, timeout=20)
    except (OSError, subprocess.TimeoutExpired):
        return False
    return out.returncode == 0 and "GPU" in out.stdout


if _have_gpu():
    config.available_features.add("gpu")
else:
    lit_config.note("no GPU: GPU tests are skipped")
config.excludes.append("litsupport")
