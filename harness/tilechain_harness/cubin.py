"""What a runner needs to know of a cubin, read without cuobjdump: its ELF
sections and each kernel's .nv.info records (EIATTR ids as cuobjdump -elf
names them)."""
import struct

EIATTR_REQNTID = 0x10
EIATTR_CUDA_API_VERSION = 0x37
EIATTR_CTA_PER_CLUSTER = 0x3D
EIATTR_BLOCKS_ARE_CLUSTERS = 0x5B
EIATTR_LANGUAGE = 0x66
EIATTR_NAMES = {
    EIATTR_REQNTID: "REQNTID",
    EIATTR_CUDA_API_VERSION: "CUDA_API_VERSION",
    EIATTR_CTA_PER_CLUSTER: "CTA_PER_CLUSTER",
    EIATTR_BLOCKS_ARE_CLUSTERS: "BLOCKS_ARE_CLUSTERS",
    EIATTR_LANGUAGE: "LANGUAGE",
}
EIFMT_NVAL, EIFMT_BVAL, EIFMT_HVAL, EIFMT_SVAL = 1, 2, 3, 4


class CubinError(ValueError):
    pass


def read_sections(data):
    """[(name, type, bytes)] of a little-endian ELF64 file."""
    if data[:4] != b"\x7fELF" or data[4] != 2 or data[5] != 1:
        raise CubinError("not a little-endian ELF64 file")
    (shoff,) = struct.unpack_from("<Q", data, 0x28)
    shentsize, shnum, shstrndx = struct.unpack_from("<HHH", data, 0x3A)
    headers = [struct.unpack_from("<IIQQQQIIQQ", data, shoff + i * shentsize)
               for i in range(shnum)]
    names_offset = headers[shstrndx][4]
    sections = []
    for name, kind, _flags, _addr, offset, size, *_ in headers:
        start = names_offset + name
        section_name = data[start:data.index(b"\0", start)].decode()
        sections.append((section_name, kind, data[offset:offset + size]))
    return sections


def nv_info_records(body):
    """(attribute id, [values]) of one .nv.info section: the u32 words of a
    sized record, or the 16-bit value of a short one."""
    at = 0
    while at + 4 <= len(body):
        fmt, attr = body[at], body[at + 1]
        if fmt == EIFMT_SVAL:
            (size,) = struct.unpack_from("<H", body, at + 2)
            payload = body[at + 4:at + 4 + size]
            yield attr, list(struct.unpack_from("<%dI" % (size // 4), payload))
            at += 4 + size
        elif fmt in (EIFMT_NVAL, EIFMT_BVAL, EIFMT_HVAL):
            (value,) = struct.unpack_from("<H", body, at + 2)
            yield attr, [value]
            at += 4
        else:
            raise CubinError("unknown .nv.info record format %d" % fmt)


def kernel_info(data, kernel):
    """{attribute id: [values]} of `kernel`'s .nv.info section ({} if it
    has none)."""
    for name, _kind, body in read_sections(data):
        if name == ".nv.info." + kernel:
            return dict(nv_info_records(body))
    return {}


def required_threads(data, kernel):
    """The kernel's .reqntid as (x, y, z), or None without one."""
    values = kernel_info(data, kernel).get(EIATTR_REQNTID)
    return tuple(values) if values else None
