#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""report.py: turn scripts/bench's raw measurements into the table, the
JSON and the chart data.

usage: bench/report.py WORKDIR JSON_OUT CHART_DAT

WORKDIR (written by scripts/bench) holds:
  meta                  key=value lines (iterations, runs, footprint_baseline)
  runs/<config>.<n>     syscall_cost output of run n on one configuration
  size/<kernel>         `size` of build/obj-<kernel>/vmlinux
  nm/<kernel>           `nm --size-sort -S` of the same vmlinux

Prints the table on stdout; exits 0 whether goals pass or not (the JSON and
the table say), 1 if the measurements themselves are unusable.
"""
import json
import os
import re
import sys

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
SHARED_BUDGET = 7       # instructions an x32 shared call may add

# Symbols that are the x32 dispatch code in each kernel (besides the
# growth of do_syscall_64).
DISPATCH = {
    "patched": [r"x32_compat_sys_call", r"x32_64only_init", r"x32_param_\w+",
                r"x32_64only_syscalls"],
    "reference": [r"x32_sys_call"],
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


def main():
    if len(sys.argv) != 4:
        print(__doc__.split("\n\n")[1], file=sys.stderr)
        sys.exit(2)
    work, json_out, chart_dat = sys.argv[1:]
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
    goals["native_unchanged"] = {
        "goal": "native calls on the patched kernel (x32 on and off) cost "
                "exactly what they cost on the base kernel",
        "figures": {f"{cfg} {c}": {"patched": s[cfg][c], "base": s["base"][c]}
                    for cfg, c in pairs},
        "pass": all(s[cfg][c] == s["base"][c] for cfg, c in pairs),
    }
    shared = {c: s["patched"]["x32_" + c] - s["patched"]["native_" + c]
              for c in ("getpid", "read_badfd")}
    goals["x32_shared_overhead"] = {
        "goal": f"an x32 shared call costs at most {SHARED_BUDGET} instructions "
                "more than the same native call (patched, x32 on)",
        "figures": {c: {"x32": s["patched"]["x32_" + c],
                        "native": s["patched"]["native_" + c],
                        "extra": num(shared[c])} for c in shared},
        "pass": all(v <= SHARED_BUDGET for v in shared.values()),
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

    result = {
        "units": "guest instructions per call, net of the loop "
                 "(qemu -icount shift=0,sleep=off)",
        "iterations": int(meta["iterations"]),
        "runs": nruns,
        "kernels": {cfg: {"kernel": k, "what": what} for cfg, k, what in CONFIGS},
        "syscalls": syscalls,
        "loop": loops,
        "returns": returns,
        "footprint": footprint,
        "goals": goals,
        "userland": {"status": "not yet",
                     "why": meta.get("userland", "")},
    }
    with open(json_out, "w") as f:
        json.dump(result, f, indent=2, sort_keys=False)
        f.write("\n")

    # -- chart data: one row per call, one column per configuration
    with open(chart_dat, "w") as f:
        f.write("call " + " ".join(c for c, _, _ in CONFIGS) + "\n")
        for c in CALLS:
            f.write(c.replace("_badfd", "").replace("_", "-") + " " +
                    " ".join(str(s[cfg][c]) for cfg, _, _ in CONFIGS) + "\n")

    # -- the table
    w = 18
    print(f"Syscall cost, instructions per call (net of a {loops['base']}-instruction "
          f"loop; {meta['iterations']} calls x {nruns} runs per figure)")
    print()
    print(f"  {'':{w}}" + "".join(f"{cfg:>17}" for cfg, _, _ in CONFIGS))
    for c in CALLS:
        print(f"  {c:{w}}" + "".join(f"{s[cfg][c]:>17}" for cfg, _, _ in CONFIGS))
    print(f"  {'loop':{w}}" + "".join(f"{loops[cfg]:>17}" for cfg, _, _ in CONFIGS))
    print()
    print("Footprint, bytes (vmlinux `size`; dispatch = x32 dispatch symbols "
          "+ do_syscall_64 growth)")
    print()
    for k in ("patched", "reference"):
        f_ = footprint[k]
        g = f_["growth"]
        print(f"  {k:10} vs {f_['baseline']:16} text {g['text']:+7}  data {g['data']:+6}"
              f"  bss {g['bss']:+6}  text+data {g['text+data']:+7}"
              f"  dispatch {f_['dispatch']['total']:6}")
        print("  " + " " * 30 + ", ".join(f"{n} {v}" for n, v in
                                          f_["dispatch"]["symbols"].items()))
    print()
    print("Goals")
    print()
    for name, gl in goals.items():
        print(f"  {'PASS' if gl['pass'] else 'FAIL'}  {name}: {gl['goal']}")
        if name == "repeatable":
            continue
        for k, v in gl["figures"].items():
            if isinstance(v, dict):
                print(f"          {k}: " + ", ".join(f"{a} {b}" for a, b in v.items()))
            elif isinstance(v, list):
                for item in v:
                    print(f"          {item}")
    print()
    print(f"  ----  userland: not yet ({result['userland']['why']})")


if __name__ == "__main__":
    main()
