"""The flat kernel parameters, packed as cuTile launches them.

Each parameter is one 8-byte little-endian slot; kernelParams holds one
pointer per slot. Pointers are 64-bit addresses, int64 parameters 64-bit,
other integers 32-bit, bool one byte (i1), floats in their own width.
"""
import ctypes
import re
import struct

_FORMATS = {"int32": "<i", "uint32": "<I", "int64": "<q", "uint64": "<Q",
            "float32": "<f", "float64": "<d", "bool_": "<?"}

SLOT = 8


def param_value(spec, name, addresses):
    """The value of flat parameter `name` ('a.ptr', 'a.shape[0]', 'eps')."""
    m = re.match(r"(\w+)\.(ptr|shape|stride)(?:\[(\d+)\])?$", name)
    if m:
        arg_name, part, index = m.groups()
        if part == "ptr":
            return addresses[arg_name]
        arg = spec.argument(arg_name)
        return (arg.shape if part == "shape" else arg.strides)[int(index)]
    return spec.argument(name).value


def pack_slot(ptype, value):
    if ptype.startswith("ptr<"):
        fmt = "<Q"
    elif ptype in _FORMATS:
        fmt = _FORMATS[ptype]
    else:
        raise ValueError("cannot pack a parameter of type %s" % ptype)
    return struct.pack(fmt, value).ljust(SLOT, b"\0")


def pack(spec, addresses):
    """bytes of all slots, in the order of kernel_params_flat."""
    return b"".join(pack_slot(ptype, param_value(spec, name, addresses))
                    for name, ptype in spec.params)


class KernelParams:
    """kernelParams for a launch: keeps the slots alive, `.pointer` is void**."""

    def __init__(self, packed):
        count = len(packed) // SLOT
        self.slots = ctypes.create_string_buffer(packed, max(len(packed), 1))
        base = ctypes.addressof(self.slots)
        self.array = (ctypes.c_void_p * max(count, 1))(
            *[base + i * SLOT for i in range(count)])
        self.count = count

    @property
    def pointer(self):
        return ctypes.addressof(self.array)
