#!/usr/bin/env python3
"""Calls the callbacks of a .nv.host object linked into a shared library.

  call-nv-host.py LIBRARY

Does what the driver is understood to do with them (docs/tile-kernel-
contract.md) and prints what it sees: the pre-load function's answers, the
callbacks vector and the pre-load copy (pointers by what they point to), and
for each kernel's function table its name and what its argument-change
callback returns.
"""
import ctypes
import sys

SLOTS = 9
TABLE_SLOTS = 8

library = ctypes.CDLL(sys.argv[1])
pre_load = library.__CUDA_TILEIR_ON_PRE_LOAD
pre_load.restype = ctypes.c_int
pre_load.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.c_int,
                     ctypes.POINTER(ctypes.c_void_p)]
pre_load_address = ctypes.cast(pre_load, ctypes.c_void_p).value
callbacks = (ctypes.c_uint64 * SLOTS).in_dll(library, "__CUDA_TILEIR_CALLBACKS")
tables_address = callbacks[5]


def describe(vector):
    words = []
    for slot, value in enumerate(vector):
        if slot == 5:
            words.append("tables" if value == tables_address else hex(value))
        elif slot == 8:
            words.append("pre-load" if value == pre_load_address else hex(value))
        else:
            words.append(str(value))
    return " ".join(words)


# The driver's table, as far as NVIDIA's pre-load uses it: for version 1 it
# calls slot 6 as (handle, 16, int *) (a device attribute query, it seems).
query_type = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.c_void_p, ctypes.c_int,
                              ctypes.POINTER(ctypes.c_int))


def query(handle, attribute, value):
    value[0] = 0
    return 0


query_callback = query_type(query)
driver_table = (ctypes.c_void_p * 8)()
driver_table[6] = ctypes.cast(query_callback, ctypes.c_void_p).value

out = ctypes.c_void_p(0)
print("pre-load version 0: %d, out %s" % (pre_load(driver_table, None, 0, ctypes.byref(out)),
                                          "untouched" if not out.value else "written"))
print("callbacks: " + describe(callbacks))
for version in (1, 2):
    out = ctypes.c_void_p(0)
    result = pre_load(driver_table, None, version, ctypes.byref(out))
    copy = (ctypes.c_uint64 * SLOTS).from_address(out.value)
    print("pre-load version %d: %d, copy %s: %s" % (
        version, result,
        "elsewhere" if out.value != ctypes.addressof(callbacks) else "is the vector",
        describe(copy)))

on_arguments_change_type = ctypes.CFUNCTYPE(
    ctypes.c_int, ctypes.c_void_p, ctypes.c_void_p, ctypes.c_void_p, ctypes.c_void_p)
params = (ctypes.c_uint64 * 4)(1, 2, 3, 4)
for kernel in range(callbacks[6]):
    table = (ctypes.c_uint64 * TABLE_SLOTS).from_address(
        tables_address + kernel * callbacks[4])
    name = ctypes.string_at(table[0]).decode()
    callback = on_arguments_change_type(table[5])
    result = callback(None, None, None, ctypes.addressof(params))
    others = [table[slot] for slot in range(TABLE_SLOTS) if slot not in (0, 5)]
    print("kernel %d: %s, on-arguments-change %d, other slots %s, params %s" % (
        kernel, name, result, others, list(params)))
