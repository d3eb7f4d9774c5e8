#!/usr/bin/env python3
"""Compiles corpus kernels into a GPU bundle: a folder that a machine with a
GPU and numpy, but none of the compilers, runs with harness/run_bundle.py.

  make_bundle.py --out gpu-bundle                    every cuTile 13.4 kernel
  make_bundle.py --out B --nvidia .../tileiras       NVIDIA's cubins beside ours
  make_bundle.py --out B --glob '*vector_add*' --host --no-benchmarks

Variants: `tilechain-parallel` (scripts/tileiras --tile-form parallel),
`tilechain-serial` with --serial, `nvidia` with --nvidia; all with
`--gpu-name G -O3`. Each --ptx-from S adds `tilechain-S-ptx`: the parallel
form compiled for target S (sm_80, sm_120) and its PTX, retargeted to G,
assembled by tile-link, which runs another chip's code on the GPU at hand
(mma.sync, ldmatrix and cp.async exist on sm_90 too). Each --ptxas-probe P adds both forms of the f32 vector
add assembled by that ptxas (`tilechain-parallel@ptxas-13.2`, ...): which
ptxas releases write cubins the GPU machine's driver loads. --host also
builds our variants' host libraries (the harness's CPU backend), which is
how the bundle is tested without a GPU.
"""
import argparse
import datetime
import fnmatch
import multiprocessing.pool
import os
import re
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from tilechain_harness import bundle, check, cubin, host, manifest  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CORPUS = manifest.corpus_dir(ROOT)


def first_line(text):
    lines = [line for line in text.strip().splitlines() if line.strip()]
    errors = [line for line in lines if "error" in line]
    return (errors or lines or ["no diagnostic"])[0][:300]


def tile_form(variant):
    """'tilechain-serial@ptxas-13.2' -> 'serial'; 'tilechain-sm_80-ptx' ->
    'parallel'."""
    form = variant.split("@", 1)[0].split("-", 1)[1]
    return "parallel" if form.endswith("-ptx") else form


def ptx_source(variant):
    """'tilechain-sm_80-ptx' -> 'sm_80', else None."""
    match = re.fullmatch(r"tilechain-(sm_\w+)-ptx", variant)
    return match.group(1) if match else None


def retargeted_cubin(args, source, target, chip):
    """Compiles `source` for `chip`, rewrites its PTX's .target to the
    bundle's --gpu-name and assembles that with tile-link; the error text or
    None."""
    with tempfile.TemporaryDirectory() as work:
        steps = [[os.path.join(args.bin_dir, "tileiras"), source, "-o",
                  os.path.join(work, "native.cubin"), "--gpu-name", chip, "-O3",
                  "--keep-intermediates", os.path.join(work, "stages")]]
        ptx = os.path.join(work, "stages", "module.ptx")
        retargeted = os.path.join(work, "retargeted.ptx")
        steps.append([os.path.join(args.bin_dir, "tile-link"), retargeted, "-o",
                      target, "--opt-level=3"])
        for number, command in enumerate(steps):
            if number == 1:
                with open(ptx) as f:
                    text = f.read()
                text, count = re.subn(r"^\.target \w+", ".target " + args.gpu_name,
                                      text, count=1, flags=re.M)
                if count != 1:
                    return "the PTX has no .target"
                with open(retargeted, "w") as f:
                    f.write(text)
            try:
                done = subprocess.run(command, capture_output=True, text=True,
                                      timeout=args.timeout)
            except subprocess.TimeoutExpired:
                return "compile took over %d s" % args.timeout
            if done.returncode != 0:
                return "%s exit %d: %s" % (os.path.basename(command[0]),
                                          done.returncode, first_line(done.stderr))
    return None


def compile_variant(args, variant, spec, out_dir):
    """(cubin path relative to the bundle, None) or (None, error)."""
    source = os.path.join(CORPUS, spec.file)
    relative = os.path.join(variant, spec.file.replace(".tileirbc", ".cubin"))
    target = os.path.join(out_dir, relative)
    environment = dict(os.environ)
    if ptx_source(variant):
        error = retargeted_cubin(args, source, target, ptx_source(variant))
        return (None, error) if error else (relative, None)
    if variant == "nvidia":
        command = [args.nvidia]
    else:
        command = [os.path.join(args.bin_dir, "tileiras"),
                   "--tile-form", tile_form(variant)]
        if "@" in variant:
            environment["TILECHAIN_PTXAS"] = args.probes[variant.split("@")[1]]
    command += [source, "-o", target, "--gpu-name", args.gpu_name, "-O3"]
    try:
        done = subprocess.run(command, capture_output=True, text=True,
                              timeout=args.timeout, env=environment)
    except subprocess.TimeoutExpired:
        return None, "compile took over %d s" % args.timeout
    if done.returncode != 0:
        return None, "exit %d: %s" % (done.returncode, first_line(done.stderr))
    return relative, None


def compile_host_library(args, variant, spec, out_dir):
    relative = os.path.join("host-" + variant,
                            spec.file.replace(".tileirbc", ".so"))
    with tempfile.TemporaryDirectory() as work:
        try:
            library = host.compile_host(
                os.path.join(CORPUS, spec.file), work, args.bin_dir,
                args.gpu_name, tile_form=tile_form(variant),
                timeout=args.timeout)
        except subprocess.CalledProcessError as error:
            return None, first_line((error.stderr or b"").decode(errors="replace"))
        shutil.copy(library, os.path.join(out_dir, relative))
    return relative, None


def probe_variants(args):
    """Both forms of the probe kernel by each --ptxas-probe."""
    return [form + "@" + name for name in args.probes
            for form in ("tilechain-parallel", "tilechain-serial")]


def build_kernel(job):
    args, spec, variants, out_dir = job
    if spec.file == bundle.PROBE_KERNEL:
        variants = variants + probe_variants(args)
    entry = {"file": spec.file, "cubins": {}, "errors": {}, "reqntid": {},
             "tf32": check.kernel_uses_tf32(os.path.join(CORPUS, spec.file),
                                            args.bin_dir)}
    for variant in variants:
        relative, error = compile_variant(args, variant, spec, out_dir)
        if error:
            entry["errors"][variant] = error
            continue
        entry["cubins"][variant] = relative
        with open(os.path.join(out_dir, relative), "rb") as f:
            threads = cubin.required_threads(f.read(), spec.symbol)
        if threads:
            entry["reqntid"][variant] = list(threads)
    if args.host:
        entry["host"] = {}
        for variant in variants:
            if (variant == "nvidia" or "@" in variant or ptx_source(variant)
                    or variant not in entry["cubins"]):
                continue
            relative, error = compile_host_library(args, variant, spec, out_dir)
            if error:
                entry["errors"]["host-" + variant] = error
            else:
                entry["host"][variant] = relative
    return entry


def ptxas_probes(paths):
    """{'ptxas-13.2': path} from `ptxas --version`'s release line."""
    probes = {}
    for path in paths:
        text = subprocess.run([path, "--version"], capture_output=True,
                              text=True).stdout
        release = re.search(r"release (\d+\.\d+)", text)
        if not release:
            sys.exit("make_bundle.py: %s does not say its release" % path)
        probes["ptxas-" + release.group(1)] = os.path.abspath(path)
    return probes


def tool_version(command):
    try:
        done = subprocess.run(command + ["--version"], capture_output=True,
                              text=True, timeout=60)
    except OSError as error:
        return str(error)
    lines = (done.stdout or done.stderr).strip().splitlines()
    releases = [line for line in lines if "release" in line]
    return (releases or lines or [""])[-1].strip()


def commit():
    done = subprocess.run(["git", "-C", ROOT, "describe", "--always", "--dirty"],
                          capture_output=True, text=True)
    return done.stdout.strip()


def main():
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("files", nargs="*", help="corpus file names (default: --glob)")
    parser.add_argument("--out", required=True)
    parser.add_argument("--glob", default="*__v13_4_anyarch.tileirbc")
    parser.add_argument("--gpu-name", default="sm_90")
    parser.add_argument("--serial", action="store_true",
                        help="also the serial form (slow on big tiles)")
    parser.add_argument("--nvidia", help="NVIDIA's tileiras, for its cubins")
    parser.add_argument("--ptx-from", action="append", default=[],
                        metavar="TARGET", help="a variant compiled for TARGET, "
                        "its PTX assembled for --gpu-name")
    parser.add_argument("--ptxas-probe", action="append", default=[],
                        metavar="PTXAS", help="the vector add by this ptxas too")
    parser.add_argument("--no-native", action="store_true",
                        help="no tilechain-parallel variant (with --ptx-from)")
    parser.add_argument("--host", action="store_true",
                        help="also host libraries of our variants")
    parser.add_argument("--no-benchmarks", action="store_true")
    parser.add_argument("--bin-dir", default=os.environ.get(
        "TILECHAIN_BIN_DIR", os.path.join(ROOT, "build", "bin")))
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--timeout", type=int, default=300,
                        help="seconds per compile")
    args = parser.parse_args()

    specs = manifest.load_manifest(os.path.join(CORPUS, "MANIFEST.tsv"))
    benchmarks = [] if args.no_benchmarks else bundle.BENCHMARKS
    args.probes = ptxas_probes(args.ptxas_probe)
    wanted = set(args.files) if args.files else None
    if wanted is not None and args.probes:
        wanted.add(bundle.PROBE_KERNEL)
    chosen = [s for s in specs
              if (s.file in wanted if wanted is not None
                  else fnmatch.fnmatch(s.file, args.glob))
              or any(b.file == s.file for b in benchmarks)]
    if wanted is not None and len({s.file for s in chosen} & wanted) != len(wanted):
        parser.error("not in the manifest: %s" % ", ".join(
            sorted(wanted - {s.file for s in chosen})))

    variants = [] if args.no_native else ["tilechain-parallel"]
    variants += ["tilechain-%s-ptx" % chip for chip in args.ptx_from]
    if args.serial:
        variants.append("tilechain-serial")
    if args.nvidia:
        variants.append("nvidia")
    if os.path.exists(args.out):
        shutil.rmtree(args.out)
    for variant in variants:
        os.makedirs(os.path.join(args.out, variant))
        if args.host and variant != "nvidia":
            os.makedirs(os.path.join(args.out, "host-" + variant))
    for variant in probe_variants(args):
        os.makedirs(os.path.join(args.out, variant))

    jobs = [(args, spec, variants, args.out) for spec in chosen]
    with multiprocessing.pool.ThreadPool(max(args.jobs, 1)) as pool:
        kernels = []
        for entry in pool.imap(build_kernel, jobs):
            kernels.append(entry)
            failed = ", ".join(sorted(entry["errors"]))
            print("%s\t%s" % (entry["file"], "failed: " + failed if failed else "ok"),
                  flush=True)

    chosen_files = {s.file for s in chosen}
    with open(os.path.join(CORPUS, "MANIFEST.tsv"), newline="") as f:
        rows = f.read().splitlines(keepends=True)
    with open(os.path.join(args.out, bundle.MANIFEST_FILE), "w", newline="") as f:
        f.write(rows[0])
        f.writelines(r for r in rows[1:] if r.split("\t", 1)[0] in chosen_files)

    tools = {"tilechain": "%s (%s)" % (commit(), tool_version(
        [os.path.join(args.bin_dir, "tileiras")]))}
    if args.nvidia:
        tools["nvidia"] = tool_version([args.nvidia])
    for name, path in args.probes.items():
        tools[name] = tool_version([path])
    bundle.write(args.out, {
        "gpu_name": args.gpu_name,
        "created": datetime.datetime.now(datetime.timezone.utc)
                   .strftime("%Y-%m-%d %H:%M UTC"),
        "tools": tools,
        "variants": variants,
        "kernels": kernels,
        "benchmarks": [vars(b) for b in benchmarks],
    })
    compiled = sum(len(k["cubins"]) for k in kernels)
    failed = sum(len([v for v in k["errors"] if not v.startswith("host-")])
                 for k in kernels)
    print("bundle: %d kernels, %d cubins, %d failed compiles in %s"
          % (len(kernels), compiled, failed, args.out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
