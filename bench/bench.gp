# SPDX-License-Identifier: GPL-2.0
# bench.gp: the chart of scripts/bench.
#   gnuplot -e "dir='build/bench/chart'; out='build/bench.svg'" bench/bench.gp
# dir: what bench/report.py writes there: vars.gp (ylo, yhi: the y range of
# the three syscall panels; userland: 1 if userland.dat has rows), and one
# file per panel, a header row naming the columns, then one row per call or
# workload:
#   native.dat          native calls, patched minus base, x32=y and x32=n
#   x32-native.dat      x32 minus the same native call, patched and reference
#   ours-reference.dat  x32 calls, patched minus reference (both x32=y)
#   userland.dat        instructions (millions) and peak RSS (MiB) of each
#                       workload built -m64, -mx32, -m32
# Differences, not costs: no bar for a call that only returns -ENOSYS.
load dir.'/vars.gp'
set terminal svg size 960,(userland ? 860 : 440) dynamic font "sans,12" background rgb "white"
set output out
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.85 border -1
set boxwidth 0.9
set grid ytics
set xtics nomirror
set ytics nomirror
set border 3
set xzeroaxis lt -1
set key below horizontal autotitle columnheader
# the value over (under, if negative) each bar; bar j of n in a cluster
pad = (yhi - ylo) * 0.045
val(v) = v == 0 ? "0" : sprintf("%+g", v)
x(j, n) = $0 + (j - (n - 1) / 2.0) / (n + 1)
y(v) = v >= 0 ? v + pad : v - pad
set multiplot title "System call cost under qemu -icount: differences, instructions per call"
top = userland ? 0.5 : 1
set yrange [ylo:yhi]
set ylabel "instructions per call"
set size 0.29,top*0.93
set origin 0,1-top
set title "Native calls: patched minus base\n(goal: 0, x32 on and off)"
plot for [i=2:3] dir.'/native.dat' using i:xtic(1) lc i, \
     for [i=2:3] '' using (x(i-2, 2)):(y(column(i))):(val(column(i))) with labels notitle
set origin 0.28,1-top
unset ylabel
set title "x32 minus the same native call\n(x32 on, each kernel against its own)"
plot for [i=2:3] dir.'/x32-native.dat' using i:xtic(1) lc (i == 2 ? 2 : 4), \
     for [i=2:3] '' using (x(i-2, 2)):(y(column(i))):(val(column(i))) with labels notitle
set size 0.44,top*0.93
set origin 0.56,1-top
set title "x32 calls: patched minus reference\n(x32 on; goal: at most 0, every call)"
plot dir.'/ours-reference.dat' using 2:xtic(1) lc 6, \
     '' using (x(0, 1)):(y($2)):(val($2)) with labels notitle
if (userland) {
	set yrange [0:*]
	set key below horizontal noautotitle
	set size 0.5,0.47
	set origin 0,0
	set title "Userland on the patched kernel: instructions of the work"
	set ylabel "millions of instructions"
	plot dir.'/userland.dat' skip 1 using 2:xtic(1) title "-m64" lc 1, '' skip 1 using 3 title "-mx32" lc 2, \
	     '' skip 1 using 4 title "-m32" lc 3
	set origin 0.5,0
	set title "Userland: peak resident set (VmHWM)"
	set ylabel "MiB"
	plot dir.'/userland.dat' skip 1 using 5:xtic(1) title "-m64" lc 1, '' skip 1 using 6 title "-mx32" lc 2, \
	     '' skip 1 using 7 title "-m32" lc 3
}
unset multiplot
