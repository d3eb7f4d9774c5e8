#!/usr/bin/env python3
"""Writes a variant of a one-function Tile IR 13.5 file for the reader tests.

    patch-13.5.py IN OUT EDIT...

Each EDIT, applied in order, is one of
  tag=N                  the header's version tag
  minor=N                the header's minor version
  function-flags=N       the function's flags byte
  drop-hints             removes the entry's optimization hints
  hints-as-dictionary    writes the entry's hints as a plain dictionary
  arg-attrs=HEX          replaces the argument-attribute attribute
  subprogram-flags=N     the flags varint of the first subprogram record
  pointer-flags=N        the flags varint of the first classified pointer
                         type (bit 0: a classification byte follows)
  pointer-class=N        that pointer's classification byte

Sections are re-laid out, so their padding stays right when a payload grows
or shrinks. The input must be as cuTile 1.7 writes it: the entry's hints and
argument attributes are each one tagged attribute of the form
`tag count (key value)*` with empty values (`0b 01 k 0a 00`, `06 00`).
"""

import sys


def read_varint(data, pos):
    value = shift = 0
    while True:
        byte = data[pos]
        pos += 1
        value |= (byte & 0x7F) << shift
        shift += 7
        if not byte & 0x80:
            return value, pos


def varint(value):
    out = bytearray()
    while True:
        byte, value = value & 0x7F, value >> 7
        out.append(byte | (0x80 if value else 0))
        if not value:
            return bytes(out)


def read_sections(data):
    pos, sections = 12, []
    while data[pos]:
        ident = data[pos]
        length, pos = read_varint(data, pos + 1)
        alignment = 1
        if ident & 0x80:
            alignment, pos = read_varint(data, pos)
            pos += -pos % alignment
        sections.append([ident, alignment, bytes(data[pos:pos + length])])
        pos += length
    return bytearray(data[:12]), sections


def write_sections(header, sections):
    out = bytearray(header)
    for ident, alignment, payload in sections:
        out.append(ident)
        out += varint(len(payload))
        if ident & 0x80:
            out += varint(alignment)
            out += b"\xcb" * (-len(out) % alignment)
        out += payload
    out.append(0)
    return bytes(out)


def section(sections, ident):
    return next(s for s in sections if s[0] & 0x7F == ident)


def split_function(payload):
    """(prefix up to the flags byte, flags, debug slot bytes, hints, arg
    attrs, rest) of a one-function section payload."""
    pos = 0
    for _ in range(3):  # count, name, signature
        _, pos = read_varint(payload, pos)
    prefix, flags = payload[:pos], payload[pos]
    _, end = read_varint(payload, pos + 1)
    debug = payload[pos + 1:end]
    hints_end = skip_empty_dictionary_attr(payload, end)
    args_end = skip_empty_dictionary_attr(payload, hints_end)
    return (prefix, flags, debug, payload[end:hints_end],
            payload[hints_end:args_end], payload[args_end:])


def skip_empty_dictionary_attr(payload, pos):
    """Past `tag count (key 0a 00)*`: hints keyed by architecture, or an
    empty argument-attribute array."""
    tag, pos = read_varint(payload, pos)
    count, pos = read_varint(payload, pos)
    for _ in range(count):
        if tag == 0x0B:
            _, pos = read_varint(payload, pos)
        dict_tag, pos = read_varint(payload, pos)
        entries, pos = read_varint(payload, pos)
        assert dict_tag == 0x0A and entries == 0, "hints must be empty"
    return pos


def set_subprogram_flags(payload, flags):
    """The debug section with the first subprogram record's flags (one byte
    in cuTile's files, so no offset moves) set to `flags`."""
    pos = 0
    for width in (4, 8, 4):  # slot offsets, record numbers, record offsets
        count, pos = read_varint(payload, pos)
        pos += -pos % width
        if width == 4 and pos + count * 4 < len(payload) and count:
            offsets = [int.from_bytes(payload[pos + 4 * i:pos + 4 * i + 4],
                                      "little") for i in range(count)]
        pos += count * width
    data = pos
    for offset in offsets:
        at = data + offset
        if payload[at] != 5:  # subprogram
            continue
        field = at + 1
        for _ in range(6):  # file, line, name, linkage name, unit, scope line
            _, field = read_varint(payload, field)
        assert payload[field] == 0 and flags < 0x80
        return payload[:field] + bytes([flags]) + payload[field + 1:]
    sys.exit("no subprogram record")


def patch_pointer_type(payload, flags=None, pointer_class=None):
    """The type section with the first classified pointer record's flags
    varint or classification byte (one byte each in cuTile's files, so no
    offset moves) replaced: `0c flags pointee class`."""
    count, pos = read_varint(payload, 0)
    pos += -pos % 4
    offsets = [int.from_bytes(payload[pos + 4 * i:pos + 4 * i + 4], "little")
               for i in range(count)]
    data = pos + 4 * count
    for offset in offsets:
        at = data + offset
        if payload[at] != 0x0C or payload[at + 1] != 1:
            continue
        _, end = read_varint(payload, at + 2)  # the pointee's type index
        if flags is not None:
            return payload[:at + 1] + bytes([flags]) + payload[at + 2:]
        return payload[:end] + bytes([pointer_class]) + payload[end + 1:]
    sys.exit("no classified pointer type")


def main(argv):
    source, target, edits = argv[1], argv[2], argv[3:]
    with open(source, "rb") as f:
        header, sections = read_sections(f.read())
    function = section(sections, 2)
    prefix, flags, debug, hints, args, rest = split_function(function[2])
    for edit in edits:
        flags, hints, args = apply(edit, header, sections, flags, hints, args)
    function[2] = prefix + bytes([flags]) + debug + hints + args + rest
    with open(target, "wb") as f:
        f.write(write_sections(header, sections))
    return 0


def apply(edit, header, sections, flags, hints, args):
    name, _, value = edit.partition("=")
    if name == "tag":
        header[10:12] = int(value, 0).to_bytes(2, "little")
    elif name == "minor":
        header[9] = int(value, 0)
    elif name == "function-flags":
        flags = int(value, 0)
    elif name == "drop-hints":
        hints = b""
    elif name == "hints-as-dictionary":
        hints = b"\x0a\x00"
    elif name == "arg-attrs":
        args = bytes.fromhex(value)
    elif name == "subprogram-flags":
        debug_section = section(sections, 3)
        debug_section[2] = set_subprogram_flags(bytes(debug_section[2]),
                                                int(value, 0))
    elif name == "pointer-flags":
        type_section = section(sections, 5)
        type_section[2] = patch_pointer_type(bytes(type_section[2]),
                                             flags=int(value, 0))
    elif name == "pointer-class":
        type_section = section(sections, 5)
        type_section[2] = patch_pointer_type(bytes(type_section[2]),
                                             pointer_class=int(value, 0))
    else:
        sys.exit("unknown edit " + edit)
    return flags, hints, args


if __name__ == "__main__":
    sys.exit(main(sys.argv))
