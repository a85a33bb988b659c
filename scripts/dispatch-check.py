#!/usr/bin/env python3
"""dispatch-check.py: read the system call dispatch of x86-64 objects.

usage: dispatch-check.py COMMON_O SYSCALL_64_O [SYSCALL_X32_O]

Prints, for each switch (x64_sys_call, x32_sys_call), the numbers its
jump table covers, and for each call to one of them in do_syscall_64()
the range array_index_nospec() leaves the number in; exits 1 if a call's
number is not clamped, or is clamped to more than its callee's table
covers.  scripts/dispatch-check builds the objects and explains why.
"""
import re
import subprocess
import sys

SWITCHES = ("x64_sys_call", "x32_sys_call")


def disasm(path, func):
    """[(addr, mnemonic, operands, reloc target)] of func in path."""
    out = subprocess.run(["objdump", "-dr", "--no-show-raw-insn", path],
                         check=True, capture_output=True, text=True).stdout
    insns, inside = [], False
    for line in out.splitlines():
        if re.match(r"^[0-9a-f]+ <%s>:$" % re.escape(func), line):
            inside = True
            continue
        if not inside:
            continue
        if not line.strip():
            break
        m = re.match(r"^\s+([0-9a-f]+):\s+R_X86_64_\w+\s+([\w.]+)", line)
        if m:
            if insns:
                a, mn, ops, _ = insns[-1]
                insns[-1] = (a, mn, ops, m.group(2))
            continue
        m = re.match(r"^\s+([0-9a-f]+):\s+(\S+)\s*(.*)$", line)
        if m:
            ops = re.sub(r"\s+#.*$", "", m.group(3)).strip()
            insns.append((int(m.group(1), 16), m.group(2), ops, None))
    return insns


def reg32(r):
    """The 32-bit name of a general register (%rsi -> esi)."""
    r = r.lstrip("%")
    names = {"rax": "eax", "rbx": "ebx", "rcx": "ecx", "rdx": "edx",
             "rsi": "esi", "rdi": "edi", "rbp": "ebp", "rsp": "esp"}
    if r in names:
        return names[r]
    if re.match(r"r\d+$", r):
        return r + "d"
    return r


def imm(s):
    return int(s.lstrip("$"), 16) if s.startswith("$0x") else int(s.lstrip("$"))


def switch_range(insns):
    """(first, last) number the jump table covers, or None for no table."""
    if not any(mn == "jmp" and ops.startswith("*") for _, mn, ops, _ in insns):
        return None
    # The bounds check before the indirect jump: an optional offset
    # (sub $K,%esi or lea -K(%rsi),%eX), then cmp $M,%reg and ja/jae.
    offset, reg = 0, "esi"
    for i, (_, mn, ops, _) in enumerate(insns):
        m = re.match(r"\$(0x[0-9a-f]+|\d+),%(\w+)$", ops)
        if mn == "sub" and m and reg32(m.group(2)) == reg:
            offset = imm("$" + m.group(1))
        m2 = re.match(r"-(0x[0-9a-f]+)\(%(\w+)\),%(\w+)$", ops)
        if mn == "lea" and m2 and reg32(m2.group(2)) == reg:
            offset, reg = int(m2.group(1), 16), reg32(m2.group(3))
        if mn == "cmp" and m and reg32(m.group(2)) == reg:
            nxt = insns[i + 1][1] if i + 1 < len(insns) else ""
            if nxt in ("ja", "jae"):
                top = imm("$" + m.group(1)) + (0 if nxt == "ja" else -1)
                return (offset, offset + top)
    return "unknown"


def call_clamp(insns, idx):
    """For the call at insns[idx]: (low, high) of the number in esi, or a reason."""
    targets = set()
    for _, mn, ops, _ in insns:
        m = re.match(r"([0-9a-f]+) <", ops)
        if mn.startswith("j") and m:
            targets.add(int(m.group(1), 16))
    reg, add = "esi", 0
    i = idx - 1
    while i >= 0:
        addr, mn, ops, _ = insns[i]
        srcdst = ops.split(",")
        dst = reg32(srcdst[-1]) if srcdst and srcdst[-1].startswith("%") else None
        if mn in ("jmp", "ret") or mn.startswith("call"):
            return "no clamp on the straight line before the call"
        if dst == reg:
            if mn == "and" and len(srcdst) == 2 and srcdst[0].startswith("%"):
                mask = reg32(srcdst[0])
                # sbb %m,%m and cmp $N,%reg just before.
                if i >= 2 and insns[i - 1][1] == "sbb" and reg32(insns[i - 1][2].split(",")[-1]) == mask \
                        and insns[i - 2][1] == "cmp":
                    cmpops = insns[i - 2][2].split(",")
                    if reg32(cmpops[-1]) == reg and cmpops[0].startswith("$"):
                        n = imm(cmpops[0])
                        joined = [hex(a) for a, _, _, _ in insns[i + 1:idx + 1] if a in targets]
                        if joined:
                            return "a jump lands at %s, between the clamp and the call" % ", ".join(joined)
                        return (add, add + n - 1)
                return "%s is masked by something other than array_index_nospec()" % reg
            if mn == "add" and srcdst[0].startswith("$"):
                add += imm(srcdst[0])
                i -= 1
                continue
            if mn == "mov" and srcdst[0].startswith("%"):
                reg = reg32(srcdst[0])
                i -= 1
                continue
            return "%s is set by '%s %s', not by array_index_nospec()" % (reg, mn, ops)
        i -= 1
    return "no clamp found"


def main():
    if len(sys.argv) < 3:
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        return 2
    common, others = sys.argv[1], sys.argv[2:]
    ranges = {}
    for path in others:
        for f in SWITCHES:
            insns = disasm(path, f)
            if insns:
                ranges[f] = switch_range(insns)
    ok = True
    for f, r in ranges.items():
        if r is None:
            print("%s: no jump table (a compare tree): nothing to index" % f)
        elif r == "unknown":
            print("%s: a jump table whose bounds check was not recognised" % f)
            ok = False
        else:
            print("%s: jump table for numbers %d-%d" % (f, r[0], r[1]))
    insns = disasm(common, "do_syscall_64")
    if not insns:
        print("FAIL: no do_syscall_64 in %s" % common)
        return 1
    calls = 0
    for idx, (addr, mn, ops, target) in enumerate(insns):
        if not mn.startswith("call") or target is None:
            continue
        callee = re.sub(r"-0x4$", "", target)
        if callee not in SWITCHES:
            continue
        calls += 1
        c = call_clamp(insns, idx)
        r = ranges.get(callee)
        if isinstance(c, str):
            print("not ok: do_syscall_64+%#x calls %s: %s" % (addr - insns[0][0], callee, c))
            ok = False
            continue
        what = "do_syscall_64+%#x calls %s with a number clamped to %d-%d" % (
            addr - insns[0][0], callee, c[0], c[1])
        if isinstance(r, tuple) and not (r[0] <= c[0] and c[1] <= r[1]):
            print("not ok: %s, outside its table's %d-%d" % (what, r[0], r[1]))
            ok = False
        else:
            print("ok: %s" % what)
    if not calls:
        print("FAIL: do_syscall_64 calls no dispatch switch")
        return 1
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
