#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""report.py: turn scripts/bench's raw measurements into the JSON, the
results file and the chart data.

usage: bench/report.py WORKDIR JSON_OUT RESULTS_MD

WORKDIR (written by scripts/bench) holds:
  meta                  key=value lines (iterations, runs, footprint_baseline,
                        native_line: same or different; date, series, base,
                        patches, kernel_<kernel>, qemu, compiler, seconds:
                        what the results file says of the run)
  runs/<config>.<n>     syscall_cost output of run n on one configuration
  size/<kernel>         `size` of build/obj-<kernel>/vmlinux
  nm/<kernel>           `nm --size-sort -S` of the same vmlinux
  native-line           scripts/native-line's word on base vs patched
                        (meta native_line: identical, same (registers and
                        jump offsets aside) or different)
  dispatch/<kernel>     bench/dispatch.py: number, instructions, handler
  userland              bench/userland's result lines (empty: left out)

Writes JSON_OUT, RESULTS_MD (the dated results, markdown; also printed on
stdout) and, for bench/bench.gp, WORKDIR/chart/: native.dat, x32-native.dat,
ours-reference.dat and userland.dat (one row per call or workload, a header
row naming the columns) and vars.gp (the y range, and whether there are
userland rows).
Exits 0 whether goals pass or not (the JSON and the results file say), 1 if
the measurements themselves are unusable.
"""
import json
import os
import re
import sys
import textwrap

# The configurations, in table order: (name, kernel, what the column is).
CONFIGS = [
    ("base", "base", "base kernel, no x32"),
    ("patched", "patched", "patched, syscall.x32=y"),
    ("patched-x32off", "patched", "patched, syscall.x32=n"),
    ("reference", "reference", "reference (Debian x32), syscall.x32=y"),
    ("reference-x32off", "reference", "reference, syscall.x32=n"),
]
CALLS = ["native_getpid", "native_read_badfd", "x32_getpid", "x32_read_badfd",
         "x32_readv_badfd", "x32_ioctl_badfd", "invalid_number"]
X32_CALLS = CALLS[2:6]
EBADF, ENOSYS = -9, -38
# How the results file and the chart name the calls.
LABELS = {"native_getpid": "native getpid", "native_read_badfd": "native read(-1)",
          "x32_getpid": "x32 getpid", "x32_read_badfd": "x32 read(-1)",
          "x32_readv_badfd": "x32 readv 515", "x32_ioctl_badfd": "x32 ioctl 514",
          "invalid_number": "invalid number"}
COLUMNS = ["base", "patched", "x32=n", "reference", "x32=n"]   # CONFIGS order
WORKLOADS = ["ptrtree", "arith"]
ABIS = ["m64", "mx32", "m32"]

# Symbols that are the x32 dispatch code in each kernel (besides the
# growth of do_syscall_64, where do_syscall_x32() is inlined).  Patched:
# the switch over every x32 number (x32_sys_call) and the syscall.x32
# parameter (x32_param_set/get/ops: the on/off switch of the dispatch).
# Not counted: the sysctl (abi.x32) and x32_enabled_verbose(), which serve
# exec and root, not the dispatch.  The series on base/debian-6.1 still
# has a former shape: the switch x32_compat_sys_call and the map
# x32_shared_nr.  Reference: its switch over every x32 number, and its
# syscall.x32 parameter (Debian's, under the same names).
DISPATCH = {
    "patched": [r"x32_sys_call", r"x32_param_\w+",
                r"x32_compat_sys_call", r"x32_shared_nr"],
    "reference": [r"x32_sys_call", r"x32_param_\w+"],
}


def die(msg):
    print("bench/report.py: error: " + msg, file=sys.stderr)
    sys.exit(1)


def read_kv(path):
    kv = {}
    with open(path) as f:
        for line in f:
            if "=" in line:
                k, v = line.rstrip("\n").split("=", 1)
                kv[k] = v
    return kv


def parse_run(path):
    """syscall_cost output -> (loop, {call: (net, ret)})."""
    loop, calls = None, {}
    with open(path) as f:
        for line in f:
            parts = line.split()
            if len(parts) == 2 and parts[0] == "loop":
                loop = float(parts[1])
            elif len(parts) == 3 and parts[0] in CALLS:
                calls[parts[0]] = (float(parts[1]), int(parts[2]))
    missing = [c for c in CALLS if c not in calls]
    if loop is None or missing:
        die(f"{path}: incomplete syscall_cost output (missing: "
            f"{' '.join((['loop'] if loop is None else []) + missing)}); "
            "see the run-qemu log under build/logs/")
    return loop, calls


def num(x):
    """Whole numbers as int (the figures are instruction counts)."""
    return int(x) if float(x).is_integer() else x


def expected_return(config, call, ret):
    """Did the call take the path it is meant to measure?"""
    x32_on = config in ("patched", "reference")
    if call == "invalid_number":
        return ret == ENOSYS
    if call == "native_getpid" or (call == "x32_getpid" and x32_on):
        return ret > 0
    if call.startswith("native_") or x32_on:
        return ret == EBADF
    return ret == ENOSYS        # x32 call with x32 off or absent


def parse_size(path):
    with open(path) as f:
        lines = f.read().split("\n")
    hdr, val = lines[0].split(), lines[1].split()
    return {k: int(v) for k, v in zip(hdr[:4], val[:4])}   # text data bss dec


def parse_nm(path):
    syms = {}
    with open(path) as f:
        for line in f:
            p = line.split()
            if len(p) == 4:
                syms[p[3]] = syms.get(p[3], 0) + int(p[1], 16)
    return syms


def parse_userland(path):
    """bench/userland result lines -> {workload: {abi: {...}}}, or None."""
    with open(path) as f:
        lines = [l.split() for l in f if l.strip()]
    if not lines:
        return None
    out = {}
    for p in lines:
        kv = dict(x.split("=", 1) for x in p[1:] if "=" in x)
        if p[0] not in WORKLOADS or kv.get("abi") not in ABIS:
            die(f"{path}: unexpected line: {' '.join(p)}")
        out.setdefault(p[0], {})[kv["abi"]] = {
            "instructions": int(kv["instructions"]),
            "maxrss_kb": int(kv["maxrss_kb"]),
            "check": kv["check"],
        }
    missing = [f"{w}-{a}" for w in WORKLOADS for a in ABIS
               if a not in out.get(w, {})]
    if missing:
        die(f"{path}: no result for {' '.join(missing)}; see build/logs/bench-userland.log")
    return out


def parse_dispatch(path):
    """bench/dispatch.py output -> {nr: (instructions, handler)}."""
    out = {}
    with open(path) as f:
        for line in f:
            nr, count, handler = line.split()
            # The same handler may show under its __x64_ or __ia32_ alias.
            out[nr] = (int(count), re.sub(r"^__(x64|ia32)_", "", handler))
    return out


def bars(rows, width=40):
    """[(label, value, text)] -> lines of '#' bars scaled to the largest."""
    top = max(v for _, v, _ in rows) or 1
    return [f"  {label:16} {text:>10} " + "#" * max(1, round(v / top * width))
            for label, v, text in rows]


def text_chart(ul):
    """The userland panels of bench.svg in text, for the results file."""
    out = []
    for key, title, fmt in (
            ("instructions", "Userland, instructions of the work (patched kernel)",
             lambda v: f"{v / 1e6:.0f} M"),
            ("maxrss_kb", "Userland, peak resident set (VmHWM)",
             lambda v: f"{v / 1024:.1f} MiB")):
        out += [title, ""]
        out += bars([(f"{w if a == 'm64' else '':10}-{a}", ul[w][a][key],
                      fmt(ul[w][a][key])) for w in WORKLOADS for a in ABIS])
        out.append("")
    return "\n".join(out)


def main():
    if len(sys.argv) != 4:
        print(__doc__.split("\n\n")[1], file=sys.stderr)
        sys.exit(2)
    work, json_out, results_md = sys.argv[1:]
    meta = read_kv(os.path.join(work, "meta"))
    nruns = int(meta["runs"])

    # -- syscall figures: every run of a configuration must agree.
    syscalls, loops, returns, repeat = {}, {}, {}, {}
    bad_returns = []
    for config, _, _ in CONFIGS:
        runs = [parse_run(os.path.join(work, "runs", f"{config}.{n}"))
                for n in range(1, nruns + 1)]
        loop, calls = runs[0]
        same = all(r[0] == loop and
                   all(r[1][c][0] == calls[c][0] for c in CALLS) for r in runs)
        repeat[config] = same
        loops[config] = num(loop)
        syscalls[config] = {c: num(calls[c][0]) for c in CALLS}
        returns[config] = {c: calls[c][1] for c in CALLS}
        bad_returns += [f"{config} {c} returned {calls[c][1]}"
                        for c in CALLS if not expected_return(config, c, calls[c][1])]

    # -- footprint
    size = {k: parse_size(os.path.join(work, "size", k))
            for k in os.listdir(os.path.join(work, "size"))}
    nm = {k: parse_nm(os.path.join(work, "nm", k))
          for k in os.listdir(os.path.join(work, "nm"))}
    ref_base = meta["footprint_baseline"]      # reference-nox32 or base

    def growth(kernel, baseline):
        g = {k: size[kernel][k] - size[baseline][k] for k in ("text", "data", "bss")}
        g["text+data"] = g["text"] + g["data"]
        return g

    def dispatch(kernel, baseline):
        syms = {}
        for pat in DISPATCH[kernel]:
            for s, sz in sorted(nm[kernel].items()):
                if re.fullmatch(pat, s):
                    syms[s] = sz
        d64 = nm[kernel].get("do_syscall_64", 0) - nm[baseline].get("do_syscall_64", 0)
        syms["do_syscall_64 growth"] = d64
        return {"symbols": syms, "total": sum(syms.values())}

    footprint = {
        "patched": {"baseline": "base", "growth": growth("patched", "base"),
                    "dispatch": dispatch("patched", "base")},
        "reference": {"baseline": ref_base, "growth": growth("reference", ref_base),
                      "dispatch": dispatch("reference", ref_base)},
        "size": size,
    }

    # -- goals
    s = syscalls
    goals = {}
    pairs = [(cfg, c) for cfg in ("patched", "patched-x32off")
             for c in ("native_getpid", "native_read_badfd")]
    # "same": the same instructions, registers and jump offsets aside;
    # "identical": byte for byte as objdump prints them.
    native_line = meta.get("native_line") in ("same", "identical")
    figures = {f"{cfg} {c}": {"patched": s[cfg][c], "base": s["base"][c]}
               for cfg, c in pairs}
    figures["do_syscall_64 native line"] = {
        "the base's, registers aside": native_line,
        "identical": meta.get("native_line") == "identical"}
    goals["native_unchanged"] = {
        "goal": "native calls on the patched kernel (x32 on and off) cost "
                "exactly what they cost on the base kernel (qemu -icount: the "
                "proof), and the native line of do_syscall_64() is the base's, "
                "instruction for instruction, registers and jump offsets "
                "aside (objdump, scripts/native-line)",
        "figures": figures,
        "pass": native_line and all(s[cfg][c] == s["base"][c] for cfg, c in pairs),
    }
    shared = ("x32_getpid", "x32_read_badfd")
    goals["x32_shared_vs_reference"] = {
        "goal": "x32 shared calls (getpid, read(-1): the 64-bit handler) cost "
                "no more than on the reference kernel (x32 on); extra: over "
                "the same native call on the same kernel",
        "figures": {c: {"patched": s["patched"][c],
                        "reference": s["reference"][c],
                        "patched extra": num(s["patched"][c] -
                                             s["patched"]["native" + c[3:]]),
                        "reference extra": num(s["reference"][c] -
                                               s["reference"]["native" + c[3:]])}
                    for c in shared},
        "pass": all(s["patched"][c] <= s["reference"][c] for c in shared),
    }
    compat = ("x32_readv_badfd", "x32_ioctl_badfd")
    goals["x32_compat_vs_reference"] = {
        "goal": "x32 compat calls (readv 515, ioctl 514) cost no more than "
                "on the reference kernel (x32 on)",
        "figures": {c: {"patched": s["patched"][c], "reference": s["reference"][c]}
                    for c in compat},
        "pass": all(s["patched"][c] <= s["reference"][c] for c in compat),
    }
    fp, fr = footprint["patched"], footprint["reference"]
    goals["footprint_vs_reference"] = {
        "goal": "x32 footprint (vmlinux text+data growth, and dispatch code) "
                "no larger than the reference's",
        "figures": {
            "text+data growth": {"patched": fp["growth"]["text+data"],
                                 "reference": fr["growth"]["text+data"]},
            "dispatch code": {"patched": fp["dispatch"]["total"],
                              "reference": fr["dispatch"]["total"]},
        },
        "pass": (fp["growth"]["text+data"] <= fr["growth"]["text+data"] and
                 fp["dispatch"]["total"] <= fr["dispatch"]["total"]),
    }
    goals["repeatable"] = {
        "goal": f"every configuration gives identical figures in all {nruns} runs",
        "figures": repeat,
        "pass": all(repeat.values()),
    }
    goals["calls_take_their_path"] = {
        "goal": "each call returns what its path returns (pid, -EBADF, or "
                "-ENOSYS where x32 is off or absent), so the figures measure "
                "that path",
        "figures": {"unexpected": bad_returns},
        "pass": not bad_returns,
    }

    # -- the compat switch, number by number (static)
    dp = parse_dispatch(os.path.join(work, "dispatch", "patched"))
    dr = parse_dispatch(os.path.join(work, "dispatch", "reference"))
    numbers = {nr: {"patched": dp[nr][0], "reference": dr[nr][0],
                    "handler": dp[nr][1], "reference_handler": dr[nr][1]}
               for nr in dp}

    def stats(k):
        v = [n[k] for n in numbers.values()]
        return {"mean": round(sum(v) / len(v), 2), "max": max(v), "min": min(v)}
    compat_switch = {
        "what": "instructions run in the x32 compat switch for each number "
                "512-547, the tail jump to the handler included, followed in "
                "objdump (bench/dispatch.py); static, the entry path before "
                "the call not counted",
        "patched": stats("patched"), "reference": stats("reference"),
        "numbers": numbers,
    }
    wrong = [f"{nr}: {n['handler']} (reference {n['reference_handler']})"
             for nr, n in numbers.items() if n["handler"] != n["reference_handler"]]
    goals["x32_same_handlers"] = {
        "goal": "every x32 number 512-547 reaches the handler it reaches on "
                "the reference kernel (objdump of both switches)",
        "figures": {"numbers": len(numbers), "different": wrong},
        "pass": not wrong and len(numbers) == 36,
    }

    # -- userland
    ul = parse_userland(os.path.join(work, "userland"))
    if ul is None:
        userland = {"status": "left out (scripts/bench --no-userland)"}
    else:
        rel = {w: {a: {"instructions": round(ul[w][a]["instructions"] /
                                             ul[w]["m64"]["instructions"], 3),
                       "maxrss": round(ul[w][a]["maxrss_kb"] /
                                       ul[w]["m64"]["maxrss_kb"], 3)}
                   for a in ABIS[1:]} for w in WORKLOADS}
        userland = {
            "kernel": "patched",
            "append": "syscall.x32=y norandmaps",
            "units": {"instructions": "guest instructions of the work, kernel "
                                      "share included (qemu -icount)",
                      "maxrss_kb": "peak resident set, KiB (VmHWM)"},
            "workloads": ul,
            "relative_to_m64": rel,
        }
        checks = {w: {a: ul[w][a]["check"] for a in ABIS} for w in WORKLOADS}
        goals["userland_same_work"] = {
            "goal": "each workload computes the same checksum under -m64, "
                    "-mx32 and -m32, so the figures compare the same work",
            "figures": checks,
            "pass": all(len(set(c.values())) == 1 for c in checks.values()),
        }

    # -- the differences the chart shows; none for a call that only
    # returns -ENOSYS (an x32 call with x32 off or absent, an invalid number)
    def diff(a, b):
        return num(round(a - b, 2))
    differences = {
        "native_patched_minus_base": {
            c: {"x32=y": diff(s["patched"][c], s["base"][c]),
                "x32=n": diff(s["patched-x32off"][c], s["base"][c])}
            for c in ("native_getpid", "native_read_badfd")},
        "x32_minus_native": {
            c: {k: diff(s[k]["x32_" + c], s[k]["native_" + c])
                for k in ("patched", "reference")}
            for c in ("getpid", "read_badfd")},
        "patched_minus_reference": {
            c: diff(s["patched"][c], s["reference"][c]) for c in X32_CALLS},
    }

    result = {
        "units": "guest instructions per call, net of the loop "
                 "(qemu -icount shift=0,sleep=off)",
        "iterations": int(meta["iterations"]),
        "runs": nruns,
        "kernels": {cfg: {"kernel": k, "what": what} for cfg, k, what in CONFIGS},
        "syscalls": syscalls,
        "loop": loops,
        "returns": returns,
        "differences": differences,
        "footprint": footprint,
        "compat_switch": compat_switch,
        "goals": goals,
        "userland": userland,
    }
    with open(json_out, "w") as f:
        json.dump(result, f, indent=2, sort_keys=False)
        f.write("\n")

    write_chart_data(os.path.join(work, "chart"), differences, ul)
    md = results(meta, result, ul)
    with open(results_md, "w") as f:
        f.write(md)
    print(md, end="")


def label(call):
    return LABELS[call].split(" ", 1)[1]        # without native/x32


def write_chart_data(d, differences, ul):
    """bench/bench.gp's input: one file per panel."""
    os.makedirs(d, exist_ok=True)

    def dat(name, header, rows):
        with open(os.path.join(d, name), "w") as f:
            f.write(" ".join(f'"{h}"' for h in header) + "\n")
            for r in rows:
                f.write(" ".join(f'"{x}"' if isinstance(x, str) else str(x)
                                 for x in r) + "\n")
    nat = differences["native_patched_minus_base"]
    dat("native.dat", ["call", "x32=y", "x32=n"],
        [[label(c), v["x32=y"], v["x32=n"]] for c, v in nat.items()])
    xn = differences["x32_minus_native"]
    dat("x32-native.dat", ["call", "patched (ours)", "reference"],
        [[label("x32_" + c), v["patched"], v["reference"]] for c, v in xn.items()])
    pr = differences["patched_minus_reference"]
    dat("ours-reference.dat", ["call", "ours minus reference"],
        [[label(c), v] for c, v in pr.items()])
    values = ([v for r in nat.values() for v in r.values()] +
              [v for r in xn.values() for v in r.values()] + list(pr.values()))
    lo, hi = min(values + [0]), max(values + [0])
    pad = max(2, round((hi - lo) * 0.15))
    with open(os.path.join(d, "vars.gp"), "w") as f:
        f.write(f"ylo = {lo - pad}\nyhi = {hi + pad}\n"
                f"userland = {0 if ul is None else 1}\n")
    dat("userland.dat", ["workload"] + [f"instr-{a}" for a in ABIS] +
        [f"rss-{a}" for a in ABIS],
        [[w] + [round(ul[w][a]["instructions"] / 1e6, 1) for a in ABIS] +
         [round(ul[w][a]["maxrss_kb"] / 1024, 1) for a in ABIS]
         for w in (WORKLOADS if ul else [])])


def signed(v):
    return f"{v:+}" if v else "0"


def results(meta, r, ul):
    """The results file (markdown that reads as plain text)."""
    s, ret, goals = r["syscalls"], r["returns"], r["goals"]
    out = []
    add = out.append
    add("x32-entry: make bench results")
    add("=============================")
    add("")
    add(f"Written by scripts/bench (make bench) on {meta.get('date', '?')}; "
        "'scripts/bench")
    res = meta.get("results", "bench/RESULTS.md")
    chart = meta.get("chart", "bench/bench.svg")
    add(f"--update-results' copies it to {res} and the chart to")
    add(f"{chart}.  What each figure means, and the goals: the README's")
    add("Measurements.")
    add("")
    failed = [k for k, g in goals.items() if not g["pass"]]
    add("    series      " + meta.get("series", "?") + " (git describe), "
        + meta.get("patches", "?") + " patches in the patched kernel's tree")
    add("    base        " + meta.get("base", "?"))
    add("    kernels     " + ", ".join(f"{k} {meta.get('kernel_' + k, '?')}"
                                       for k in ("base", "patched", "reference")))
    add("    built by    " + meta.get("kernel_compiler", "?") + " (the kernels)")
    add("    QEMU        " + meta.get("qemu", "?"))
    add("    compiler    " + meta.get("compiler", "?") +
        " (bench/syscall_cost, bench/userland)")
    add(f"    run         {r['iterations']} calls x {r['runs']} runs a "
        f"configuration, userland {'run' if ul else 'left out'}: "
        f"{meta.get('seconds', '?')} s")
    add("    goals       " + ("all pass" if not failed else
                              "FAILED: " + " ".join(failed)))
    add("")
    add("![the differences that matter, and userland]("
        + os.path.basename(meta.get("chart", "bench/bench.svg")) + ")")
    add("")
    add("System calls")
    add("------------")
    add("")
    add("Instructions per call, net of the loop (" + ", ".join(
        sorted({str(v) for v in r["loop"].values()})) + " instructions):")
    add("")
    add("    " + " " * 18 + "".join(f"{c:>11}" for c in COLUMNS))
    for c in CALLS:
        cells = []
        for cfg, _, _ in CONFIGS:
            enosys = c != "invalid_number" and ret[cfg][c] == ENOSYS
            cells.append("-" if enosys else str(s[cfg][c]))
        add(f"    {LABELS[c]:18}" + "".join(f"{x:>11}" for x in cells))
    add("")
    add("('-': x32 absent or off, the call returns -ENOSYS; its figure is in")
    add("build/bench.json.)")
    add("")
    d = r["differences"]
    add("The chart's differences, instructions per call:")
    add("")
    add("    native, patched minus base       x32=y  x32=n")
    for c, v in d["native_patched_minus_base"].items():
        add(f"      {label(c):31}{signed(v['x32=y']):>5}{signed(v['x32=n']):>7}")
    add("    x32 minus native                  ours  reference")
    for c, v in d["x32_minus_native"].items():
        add(f"      {label('x32_' + c):31}{signed(v['patched']):>5}"
            f"{signed(v['reference']):>11}")
    add("    x32, ours minus reference")
    for c, v in d["patched_minus_reference"].items():
        add(f"      {label(c):31}{signed(v):>5}")
    add("")
    cs = r["compat_switch"]
    cp_, cr_ = cs["patched"], cs["reference"]
    add("Compat switch, instructions run in it per x32 number 512-547 (static,")
    add("objdump; the entry path before it not counted):")
    add("")
    add(f"    patched    mean {cp_['mean']:5}  min {cp_['min']:3}  max {cp_['max']:3}")
    add(f"    reference  mean {cr_['mean']:5}  min {cr_['min']:3}  max {cr_['max']:3}")
    for nr, call in (("515", "readv"), ("514", "ioctl")):
        n = cs["numbers"][nr]
        add(f"    {nr} ({call}): patched {n['patched']}, reference {n['reference']}")
    add("")
    add("Footprint, bytes (vmlinux `size`; dispatch: the x32 dispatch symbols")
    add("(nm) and do_syscall_64()'s growth):")
    add("")
    for k in ("patched", "reference"):
        f_ = r["footprint"][k]
        g = f_["growth"]
        add(f"    {k} over {f_['baseline']}: text {g['text']:+}, "
            f"data {g['data']:+}, bss {g['bss']:+}, text+data {g['text+data']:+}")
        add(textwrap.fill(f"dispatch {f_['dispatch']['total']}: " + ", ".join(
            f"{n} {v}" for n, v in f_["dispatch"]["symbols"].items()),
            76, initial_indent=" " * 8, subsequent_indent=" " * 10))
    add("")
    add("Goals")
    add("-----")
    add("")
    for name, gl in goals.items():
        add(f"    {'PASS' if gl['pass'] else 'FAIL'}  {name}")
        add(textwrap.fill(gl["goal"], 76, initial_indent=" " * 10,
                          subsequent_indent=" " * 10))
        if name == "repeatable":
            continue
        for k, v in gl["figures"].items():
            if isinstance(v, dict):
                add(f"          {k}: " + ", ".join(
                    f"{a}: {'yes' if b else 'no'}" if isinstance(b, bool) else
                    f"{a} {b}" for a, b in v.items()))
            elif isinstance(v, list):
                for item in v:
                    add(f"          {item}")
            else:
                add(f"          {k}: {v}")
    add("")
    add("Userland")
    add("--------")
    add("")
    if ul is None:
        add(f"{r['userland']['status']}.")
        add("")
        return "\n".join(out)
    rel = r["userland"]["relative_to_m64"]
    add("On the patched kernel (syscall.x32=y norandmaps): instructions of the")
    add("work (millions) and peak RSS (MiB); x32 and i386 relative to x86-64:")
    add("")
    add(f"    {'':10}" + "".join(f"{'-' + a:>22}" for a in ABIS))

    def row(lbl, w, key, rkey, fmt):
        cells = []
        for a in ABIS:
            cell = fmt(ul[w][a][key])
            if a != "m64":
                cell += f" ({rel[w][a][rkey]:.2f}x)"
            cells.append(cell)
        add(f"    {lbl:10}" + "".join(f"{c:>22}" for c in cells))

    for w in WORKLOADS:
        row(w, w, "instructions", "instructions", lambda v: f"{v / 1e6:.1f} M")
        row("", w, "maxrss_kb", "maxrss", lambda v: f"{v / 1024:.1f} MiB")
    add("")
    add("\n".join("    " + l if l else l for l in text_chart(ul).split("\n")))
    return "\n".join(out).rstrip("\n") + "\n"


if __name__ == "__main__":
    main()
