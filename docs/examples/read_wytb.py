#!/usr/bin/env python3
"""Read a table written by `wythoff table ... --format bin` (version 2).

Only the Python standard library is used.  Prints the header and, for a
small table, the rows; or, with `--p`, the P-positions (value 0).
Usage: python3 docs/examples/read_wytb.py FILE [--p]
"""
import array
import struct
import sys


def read_wytb(path):
    """Return (header dict, rules text, rows as lists of ints)."""
    with open(path, "rb") as f:
        data = f.read()
    magic, version, rows, cols, passes, heap, width, n = struct.unpack_from("<4s7I", data, 0)
    if magic != b"WYTB" or version != 2:
        raise ValueError("not a WYTB version 2 file")
    rules = data[32:32 + n].decode("ascii")
    cells = array.array({1: "B", 2: "H", 4: "I"}[width])
    if cells.itemsize != width:
        raise ValueError("no array type of %d bytes here" % width)
    cells.frombytes(data[32 + n:32 + n + rows * cols * width])
    if sys.byteorder == "big":
        cells.byteswap()  # the file is little-endian
    header = {"rows": rows, "cols": cols, "pass": passes, "heap": heap, "cell_bytes": width}
    return header, rules, [cells[x * cols:(x + 1) * cols].tolist() for x in range(rows)]


if __name__ == "__main__":
    header, rules, table = read_wytb(sys.argv[1])
    print(rules, header)
    if "--p" in sys.argv[2:]:
        print([(x, y) for x, row in enumerate(table) for y, v in enumerate(row) if v == 0])
    else:
        for row in table:
            print(*row)
