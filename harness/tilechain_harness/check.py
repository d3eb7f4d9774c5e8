"""One corpus kernel, end to end: inputs, launch, reference, comparison."""
import os
import re
import subprocess
from dataclasses import dataclass

from . import compare, dtypes, host, inputs, params, reference

PASS, FAIL, NO_REFERENCE, UNSUPPORTED, COMPILE_ERROR = (
    "pass", "fail", "no-reference", "unsupported", "compile-error")


@dataclass
class Outcome:
    status: str
    detail: str = ""


def expected_results(spec, arrays, tf32_inputs=False):
    """{array name: expected values}; scratch arrays are not results."""
    values = {name: a.values() for name, a in arrays.items()}
    tf32_inputs = tf32_inputs or bool(reference.TF32_NOTE.search(spec.reference))
    expected = reference.evaluate(spec, values, tf32_inputs)
    for name in inputs.scratch(spec):
        expected.pop(name, None)
    return expected


def kernel_uses_tf32(bytecode, bin_dir):
    """Whether the kernel converts to tf32 (its matmul operands, in practice):
    some references do not say so."""
    text = subprocess.run([os.path.join(bin_dir, "tile-read"), bytecode],
                          capture_output=True).stdout
    # The element type (tile<8x4xtf32>, tile<tf32>), not a kernel named so.
    return re.search(rb"[x<]tf32>", text) is not None


def compare_all(arrays, expected):
    problems = []
    for name, want in expected.items():
        array = arrays[name]
        got = dtypes.to_values(array.arg.dtype, array.view)
        problem = compare.compare(name, array.arg.dtype, got, want)
        if problem:
            problems.append(problem)
    return problems


def unsupported_reason(spec):
    for arg in spec.arguments:
        if arg.kind == "list":
            return "list arguments (%s) are not packed by the harness" % arg.name
        if arg.kind == "array" and arg.dtype not in dtypes.STORAGE:
            return "element type %s has no numpy type" % arg.dtype
    if "no output buffer" in spec.reference:
        return "the kernel only prints"
    return None


# The host's adversarial choices each run takes (TILECHAIN_HOST_SEED,
# lib/Host/HostBlock.h): every cp.async copy landing at its wait (a
# missing wait shows), then at its issue (a copy into a stage still being
# read shows).
HOST_SEEDS = (0, 1)


def run_on_host(spec, bytecode, work_dir, bin_dir, seed=0, num_sms=132,
                tile_form="serial", host_seeds=HOST_SEEDS):
    """Runs the kernel on the host once per seed of `host_seeds`, each from
    fresh inputs of `seed`; the first seed whose results differ fails it."""
    reason = unsupported_reason(spec)
    if reason:
        return Outcome(UNSUPPORTED, reason)
    arrays = inputs.allocate(spec, seed)
    try:
        expected = expected_results(spec, arrays,
                                    kernel_uses_tf32(bytecode, bin_dir))
    except reference.NoReference as error:
        return Outcome(NO_REFERENCE, str(error))
    try:
        library = host.compile_host(bytecode, work_dir, bin_dir, spec.sm_arch[0],
                                    tile_form=tile_form)
    except subprocess.CalledProcessError as error:
        lines = (error.stderr or b"").decode(errors="replace").strip().splitlines()
        errors = [line for line in lines if "error:" in line] or lines
        return Outcome(COMPILE_ERROR, errors[0] if errors else str(error))
    for index, host_seed in enumerate(host_seeds):
        if index:
            arrays = inputs.allocate(spec, seed)
        os.environ["TILECHAIN_HOST_SEED"] = str(host_seed)
        packed = params.pack(spec, {n: a.address for n, a in arrays.items()})
        host.launch(library, spec.symbol, packed, spec.grid(num_sms))
        problems = compare_all(arrays, expected)
        if problems:
            return Outcome(FAIL, "host seed %d: %s" % (host_seed, "; ".join(problems)))
    return Outcome(PASS)
