# The C API (libtileiras.so) from Python through ctypes, as a Python front end
# would load it: every code of seed 002's table, the messages on stderr, and a
# cubin byte-identical to tile-compile's.
# REQUIRES: ptxas
# RUN: rm -rf %t && mkdir %t
# RUN: tile-read %src_root/examples/vector_add.mlir --emit=mlirbc -o %t/kernel.mlirbc
# RUN: tile-read %src_root/test/e2e/elementwise.mlir --emit=bytecode -o %t/failing.tileirbc
# RUN: tile-compile %src_root/examples/vector_add.tileirbc -o %t/tool.cubin --gpu-name=sm_90 --opt-level=2
# RUN: %python %s %libtileiras %src_root/examples/vector_add.tileirbc %t/kernel.mlirbc %t/failing.tileirbc %t/tool.cubin 2> %t/stderr | FileCheck %s --match-full-lines
# RUN: FileCheck %s --check-prefix=MESSAGES --input-file=%t/stderr

import ctypes
import faulthandler
import os
import signal
import sys


class Config(ctypes.Structure):
    _fields_ = [("input_buffer_data", ctypes.c_void_p),
                ("input_buffer_size", ctypes.c_size_t),
                ("gpu_id", ctypes.c_int32), ("opt_level", ctypes.c_int32),
                ("device_debug", ctypes.c_int32), ("lineinfo", ctypes.c_int32),
                ("host_arch", ctypes.c_int32), ("host_os", ctypes.c_int32),
                ("sanitize", ctypes.c_int32), ("reserved", ctypes.c_uint32)]


class ByteView(ctypes.Structure):
    _fields_ = [("data", ctypes.POINTER(ctypes.c_uint8)),
                ("length", ctypes.c_size_t)]


library_path, kernel_path, mlirbc_path, failing_path, reference_path = sys.argv[1:]
lib = ctypes.CDLL(library_path)
Program = ctypes.c_void_p
lib.tileirasProgramCreate.argtypes = [ctypes.POINTER(Program), ctypes.POINTER(Config)]
lib.tileirasProgramCompile.argtypes = [Program]
lib.tileirasProgramGetOutput.argtypes = [Program, ctypes.POINTER(ByteView)]
lib.tileirasProgramRelease.argtypes = [Program]
buffers = []  # The bytes a config points at stay alive.


def config(data, gpu=90, **fields):
    buffer = ctypes.create_string_buffer(data, len(data))
    buffers.append(buffer)
    result = Config(ctypes.cast(buffer, ctypes.c_void_p), len(data), gpu, 3)
    for name, value in fields.items():
        setattr(result, name, value)
    return result


def call(what, code):
    sys.stderr.flush()
    print("%s: %d" % (what, code), flush=True)
    print("%s: %d" % (what, code), file=sys.stderr, flush=True)


kernel = open(kernel_path, "rb").read()
program = Program()
call("create no config", lib.tileirasProgramCreate(ctypes.byref(program), None))
call("create no input", lib.tileirasProgramCreate(
    ctypes.byref(program), ctypes.byref(Config(None, 0, 90, 3))))
call("create text", lib.tileirasProgramCreate(
    ctypes.byref(program), ctypes.byref(config(b"not bytecode"))))
call("create mlirbc", lib.tileirasProgramCreate(
    ctypes.byref(program), ctypes.byref(config(open(mlirbc_path, "rb").read()))))
call("create sm_75", lib.tileirasProgramCreate(
    ctypes.byref(program), ctypes.byref(config(kernel, gpu=75))))
call("create -O-1", lib.tileirasProgramCreate(
    ctypes.byref(program), ctypes.byref(config(kernel, opt_level=-1))))
call("create -g", lib.tileirasProgramCreate(
    ctypes.byref(program), ctypes.byref(config(kernel, opt_level=1, device_debug=1))))
call("create arch", lib.tileirasProgramCreate(
    ctypes.byref(program), ctypes.byref(config(kernel, host_arch=-1))))
call("create os", lib.tileirasProgramCreate(
    ctypes.byref(program), ctypes.byref(config(kernel, host_os=7))))
call("create no program", lib.tileirasProgramCreate(None, ctypes.byref(config(kernel))))
os.environ["TILECHAIN_CRASH_TEST"] = "libtileiras:oom"
call("create oom", lib.tileirasProgramCreate(ctypes.byref(program), ctypes.byref(config(kernel))))
del os.environ["TILECHAIN_CRASH_TEST"]
print("program still null:", program.value is None)

call("create failing", lib.tileirasProgramCreate(
    ctypes.byref(program), ctypes.byref(config(open(failing_path, "rb").read(), gpu=80))))
call("compile failing", lib.tileirasProgramCompile(program))
view = ByteView()
call("output failing", lib.tileirasProgramGetOutput(program, ctypes.byref(view)))
call("release failing", lib.tileirasProgramRelease(program))

call("create", lib.tileirasProgramCreate(
    ctypes.byref(program), ctypes.byref(config(kernel, opt_level=2))))
# An LLVM fatal error or a crash signal inside a compile fails that compile
# (5) and leaves the process, its signal handlers and the handle usable.
libc = ctypes.CDLL(None)


def segv_handler():
    """The C-level SIGSEGV handler (sa_handler, the first field of Linux's
    struct sigaction)."""
    action = ctypes.create_string_buffer(256)
    libc.sigaction(signal.SIGSEGV, None, action)
    return ctypes.c_void_p.from_buffer(action).value


faulthandler.enable()  # The host's own SIGSEGV handler, to be kept.
handler_before = segv_handler()
for kind in ("fatal", "segv"):
    os.environ["TILECHAIN_CRASH_TEST"] = "libtileiras:" + kind
    call("compile " + kind, lib.tileirasProgramCompile(program))
    del os.environ["TILECHAIN_CRASH_TEST"]
    call("output after " + kind, lib.tileirasProgramGetOutput(program, ctypes.byref(view)))
print("SIGSEGV handler kept:", segv_handler() == handler_before != None)
call("compile", lib.tileirasProgramCompile(program))
call("output null", lib.tileirasProgramGetOutput(program, None))
call("output", lib.tileirasProgramGetOutput(program, ctypes.byref(view)))
cubin = ctypes.string_at(view.data, view.length)
print("same cubin as tile-compile:", cubin == open(reference_path, "rb").read())
call("release", lib.tileirasProgramRelease(program))
call("compile null", lib.tileirasProgramCompile(None))
call("output of null", lib.tileirasProgramGetOutput(None, ctypes.byref(view)))
call("release null", lib.tileirasProgramRelease(None))

# CHECK:      create no config: 2
# CHECK-NEXT: create no input: 2
# CHECK-NEXT: create text: 3
# CHECK-NEXT: create mlirbc: 3
# CHECK-NEXT: create sm_75: 2
# CHECK-NEXT: create -O-1: 2
# CHECK-NEXT: create -g: 2
# CHECK-NEXT: create arch: 2
# CHECK-NEXT: create os: 2
# CHECK-NEXT: create no program: 4
# CHECK-NEXT: create oom: 1
# CHECK-NEXT: program still null: True
# CHECK-NEXT: create failing: 0
# CHECK-NEXT: compile failing: 5
# CHECK-NEXT: output failing: 4
# CHECK-NEXT: release failing: 0
# CHECK-NEXT: create: 0
# CHECK-NEXT: compile fatal: 5
# CHECK-NEXT: output after fatal: 4
# CHECK-NEXT: compile segv: 5
# CHECK-NEXT: output after segv: 4
# CHECK-NEXT: SIGSEGV handler kept: True
# CHECK-NEXT: compile: 0
# CHECK-NEXT: output null: 4
# CHECK-NEXT: output: 0
# CHECK-NEXT: same cubin as tile-compile: True
# CHECK-NEXT: release: 0
# CHECK-NEXT: compile null: 4
# CHECK-NEXT: output of null: 4
# CHECK-NEXT: release null: 4

# MESSAGES:      tileiras: error: configuration is null
# MESSAGES-NEXT: create no config: 2
# MESSAGES-NEXT: tileiras: error: input buffer is null
# MESSAGES-NEXT: create no input: 2
# MESSAGES-NEXT: tileiras: error: input does not correspond to Tile IR bytecode
# MESSAGES-NEXT: create text: 3
# MESSAGES-NEXT: tileiras: error: failed to parse IR bytecode (it looks like MLIR bytecode instead)
# MESSAGES-NEXT: create mlirbc: 3
# MESSAGES-NEXT: tileiras: error: unsupported GPU target
# MESSAGES-NEXT: create sm_75: 2
# MESSAGES-NEXT: tileiras: error: invalid optimization level
# MESSAGES-NEXT: create -O-1: 2
# MESSAGES-NEXT: tileiras: error: optimized debugging is not supported, change optimization level to 0 or disable full debug info
# MESSAGES-NEXT: create -g: 2
# MESSAGES-NEXT: tileiras: error: unsupported host architecture
# MESSAGES-NEXT: create arch: 2
# MESSAGES-NEXT: tileiras: error: unsupported host operating system
# MESSAGES-NEXT: create os: 2
# MESSAGES-NEXT: tileiras: error: program is null
# MESSAGES-NEXT: create no program: 4
# MESSAGES-NEXT: tileiras: error: failed to allocate memory for program
# MESSAGES-NEXT: create oom: 1
# MESSAGES-NEXT: create failing: 0
# MESSAGES-NEXT: {{.*}}error: 'cuda_tile.ftof' from 'f32' to 'f8E4M3FN' needs the f8 conversions of sm_89 or newer (target sm_80)
# MESSAGES-NEXT: tileiras: error: failed to compile Tile IR program
# MESSAGES-NEXT: compile failing: 5
# MESSAGES-NEXT: tileiras: error: program has not been compiled
# MESSAGES-NEXT: output failing: 4
# MESSAGES-NEXT: release failing: 0
# MESSAGES-NEXT: create: 0
# MESSAGES-NEXT: tileiras: error: LLVM ERROR: injected by TILECHAIN_CRASH_TEST
# MESSAGES-NEXT: tileiras: error: failed to compile Tile IR program
# MESSAGES-NEXT: compile fatal: 5
# MESSAGES-NEXT: tileiras: error: program has not been compiled
# MESSAGES-NEXT: output after fatal: 4
# MESSAGES-NEXT: tileiras: error: internal compiler error: signal 11 (Segmentation fault)
# MESSAGES-NEXT: tileiras: error: failed to compile Tile IR program
# MESSAGES-NEXT: compile segv: 5
# MESSAGES-NEXT: tileiras: error: program has not been compiled
# MESSAGES-NEXT: output after segv: 4
# MESSAGES-NEXT: compile: 0
# MESSAGES-NEXT: tileiras: error: output pointer is null
# MESSAGES-NEXT: output null: 4
# MESSAGES-NEXT: output: 0
# MESSAGES-NEXT: release: 0
# MESSAGES-NEXT: tileiras: error: program is null
# MESSAGES-NEXT: compile null: 4
# MESSAGES-NEXT: tileiras: error: program is null
# MESSAGES-NEXT: output of null: 4
# MESSAGES-NEXT: tileiras: error: program is null
# MESSAGES-NEXT: release null: 4
