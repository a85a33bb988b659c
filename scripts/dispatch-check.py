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
    # (sub $K,%esi, add $-K,%esi or lea -K(%rsi),%eX), then cmp $M,%reg
    # and ja/jae.
    offset, reg = 0, "esi"
    for i, (_, mn, ops, _) in enumerate(insns):
        m = re.match(r"\$(0x[0-9a-f]+|\d+),%(\w+)$", ops)
        if mn == "sub" and m and reg32(m.group(2)) == reg:
            offset = imm("$" + m.group(1))
        if mn == "add" and m and reg32(m.group(2)) == reg:
            offset = (-imm("$" + m.group(1))) % (1 << 32)
        m2 = re.match(r"-(0x[0-9a-f]+)\(%(\w+)\),%(\w+)$", ops)
        if mn == "lea" and m2 and reg32(m2.group(2)) == reg:
            offset, reg = int(m2.group(1), 16), reg32(m2.group(3))
        if mn == "cmp" and m and reg32(m.group(2)) == reg:
            nxt = insns[i + 1][1] if i + 1 < len(insns) else ""
            if nxt in ("ja", "jae"):
                top = imm("$" + m.group(1)) + (0 if nxt == "ja" else -1)
                return (offset, offset + top)
    return "unknown"


def operands(ops):
    """The operands of an AT&T instruction, commas inside () kept."""
    out, depth, cur = [], 0, ""
    for ch in ops:
        if ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
        if ch == "," and depth == 0:
            out.append(cur)
            cur = ""
        else:
            cur += ch
    if cur:
        out.append(cur)
    return out


def clamp_at(insns, i, reg):
    """If insns[i] is the AND of array_index_nospec() leaving its result in
    reg: the bound N of the cmp $N before it; else None."""
    _, mn, ops, _ = insns[i]
    o = operands(ops)
    if mn != "and" or len(o) != 2 or not all(x.startswith("%") for x in o):
        return None
    src, dst = reg32(o[0]), reg32(o[1])
    if dst != reg:
        return None
    # cmp $N,%value; sbb %mask,%mask; and: {src, dst} = {value, mask}.
    for j in range(i - 1, max(i - 4, -1), -1):
        _, mj, oj, _ = insns[j]
        if mj == "sbb":
            mask = reg32(operands(oj)[-1])
            if mask not in (src, dst):
                return None
            value = dst if mask == src else src
            for k in range(j - 1, max(j - 3, -1), -1):
                _, mk, ok_, _ = insns[k]
                ck = operands(ok_)
                if mk == "cmp" and len(ck) == 2 and ck[0].startswith("$") \
                        and reg32(ck[1]) == value:
                    return imm(ck[0])
            return None
    return None


def call_clamp(insns, idx):
    """For the call at insns[idx]: (low, high) of the number in esi on every
    path that reaches it, or a reason why not."""
    addr_index = {a: n for n, (a, _, _, _) in enumerate(insns)}
    jumps_to = {}
    for n, (_, mn, ops, _) in enumerate(insns):
        m = re.match(r"([0-9a-f]+) <", ops)
        if mn.startswith("j") and m and int(m.group(1), 16) in addr_index:
            jumps_to.setdefault(addr_index[int(m.group(1), 16)], []).append(n)

    def preds(n):
        p = list(jumps_to.get(n, []))
        if n > 0 and insns[n - 1][1] not in ("jmp", "ret"):
            p.append(n - 1)
        return p

    lo, hi, seen = None, None, set()
    # (instruction, register holding the number, constant added after the
    # clamp, lowest bit of any constant or-ed in after it, depth)
    work = [(p, "esi", 0, 1 << 32, 0) for p in preds(idx)]
    while work:
        n, reg, add, orlow, depth = work.pop()
        if (n, reg, add, orlow) in seen:
            continue
        seen.add((n, reg, add, orlow))
        if depth > 60:
            return "no clamp within 60 instructions on a path to the call"
        a, mn, ops, _ = insns[n]
        o = operands(ops)
        dst = reg32(o[-1]) if o and o[-1].startswith("%") else None
        if mn.startswith("call"):
            return "a call at %#x on a path to it, before any clamp" % a
        if dst != reg or mn in ("cmp", "test", "bt") or mn.startswith("j"):
            work += [(p, reg, add, orlow, depth + 1) for p in preds(n)]
            continue
        bound = clamp_at(insns, n, reg)
        if bound is not None:
            if bound - 1 >= orlow:
                return "a constant is or-ed into a clamped number that can reach its bits (at %#x)" % a
            lo = add if lo is None else min(lo, add)
            hi = add + bound - 1 if hi is None else max(hi, add + bound - 1)
            continue
        if mn == "add" and o[0].startswith("$"):
            work += [(p, reg, add + imm(o[0]), orlow, depth + 1) for p in preds(n)]
            continue
        if mn == "or" and o[0].startswith("$"):
            # or $K adds K to a number below K's lowest set bit (checked at
            # the clamp).
            k = imm(o[0])
            work += [(p, reg, add + k, min(orlow, k & -k), depth + 1) for p in preds(n)]
            continue
        if mn == "mov" and o[0].startswith("%"):
            work += [(p, reg32(o[0]), add, orlow, depth + 1) for p in preds(n)]
            continue
        return "%s is set at %#x by '%s %s', not by array_index_nospec()" % (reg, a, mn, ops)
    if lo is None:
        return "no path to the call"
    return (lo, hi)


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
