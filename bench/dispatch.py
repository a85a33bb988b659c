#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""dispatch.py: the instructions each x32 number runs in a compat switch.

usage: bench/dispatch.py VMLINUX FUNCTION FIRST LAST

Reads FUNCTION (a switch compiled to a compare tree: cmp/test and
conditional jumps on one register) from `objdump -d` of VMLINUX and follows
it for every number from FIRST to LAST, as the CPU would, to the jump that
leaves the function (the tail call of the handler).  Prints one line per
number: the number, the instructions run in FUNCTION (the ENDBR and the
tail jump included), and the handler.  A call of __fentry__ (a kernel
built with ftrace) counts as the NOP it is when nobody traces.  Static: no kernel runs, and what
happens before the call (the entry path) is not counted.  Exits 1 if the
function has an instruction it cannot follow.
"""
import re
import subprocess
import sys

def s32(v):
    """v as a signed 32-bit value (the signed jumps compare so)."""
    v &= 0xffffffff
    return v - (1 << 32) if v & 0x80000000 else v


JUMPS = {"je": lambda a, b: a == b, "jne": lambda a, b: a != b,
         "ja": lambda a, b: a > b, "jae": lambda a, b: a >= b,
         "jb": lambda a, b: a < b, "jbe": lambda a, b: a <= b,
         # clang compares the switch's number with signed jumps
         "jg": lambda a, b: s32(a) > s32(b), "jge": lambda a, b: s32(a) >= s32(b),
         "jl": lambda a, b: s32(a) < s32(b), "jle": lambda a, b: s32(a) <= s32(b),
         "jmp": lambda a, b: True}
PASS = ("endbr64", "nop", "xchg")      # run, but change nothing here


def load(vmlinux, fn):
    out = subprocess.run(["objdump", "-d", "--no-show-raw-insn",
                          "--disassemble=" + fn, vmlinux],
                         capture_output=True, text=True, check=True).stdout
    insns, body = {}, False
    for line in out.splitlines():
        if re.match(r"^[0-9a-f]+ <" + re.escape(fn) + ">:$", line):
            body = True
            continue
        m = re.match(r"^\s*([0-9a-f]+):\t(\S+)\s*(.*)$", line) if body else None
        if m:
            insns[int(m.group(1), 16)] = (m.group(2), m.group(3))
        elif body and not line.strip():
            break
    if not insns:
        sys.exit(f"dispatch.py: no {fn} in {vmlinux}")
    return insns


def follow(insns, value):
    addrs = sorted(insns)
    pc, count, reg, flags = addrs[0], 0, None, (0, 0)
    while True:
        op, arg = insns[pc]
        count += 1
        if op == "cmp" or op == "sub":
            m = re.match(r"\$0x([0-9a-f]+),(%e\w+)$", arg)
            if not m or (reg and m.group(2) != reg):
                return count, f"?{op} {arg}"
            reg = m.group(2)
            imm = int(m.group(1), 16)
            if op == "sub":
                value = (value - imm) & 0xffffffff
            else:
                flags = (value, imm)
        elif op == "test":
            flags = (value, 0)
        elif op in JUMPS:
            target = int(arg.split()[0], 16)
            if JUMPS[op](*flags):
                if target not in insns:
                    return count, arg.split("<", 1)[1].rstrip(">")
                pc = target
                continue
        elif op == "call" and arg.endswith("<__fentry__>"):
            pass
        elif op not in PASS:
            return count, f"?{op} {arg}"
        pc = addrs[addrs.index(pc) + 1]


def main():
    if len(sys.argv) != 5:
        print(__doc__.split("\n\n")[1], file=sys.stderr)
        sys.exit(2)
    vmlinux, fn, first, last = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
    insns = load(vmlinux, fn)
    bad = 0
    for nr in range(first, last + 1):
        count, handler = follow(insns, nr)
        bad += handler.startswith("?")
        print(nr, count, handler)
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
