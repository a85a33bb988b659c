# SPDX-License-Identifier: GPL-2.0
# bench.gp: the chart of scripts/bench.
#   gnuplot -e "dat='build/bench/syscalls.dat'; udat='build/bench/userland.dat'; out='build/bench.svg'" bench/bench.gp
# dat: a header row (call, then one column per configuration), one row per call.
# udat: a header row, then one row per workload: name, instructions in
# millions for -m64 -mx32 -m32, peak RSS in MiB for the same; '' for none.
if (!exists("udat")) udat = ""
panels = (udat eq "") ? 1 : 2
set terminal svg size 960,(panels == 1 ? 480 : 860) dynamic font "sans,12" background rgb "white"
set output out
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.85 border -1
set boxwidth 0.9
set grid ytics
set xtics nomirror
set ytics nomirror
set border 3
set yrange [0:*]
if (panels == 2) {
	set multiplot
	set size 1,0.55
	set origin 0,0.45
}
set title "System call cost under qemu -icount (instructions per call, net of the loop)"
set ylabel "instructions"
set key below horizontal autotitle columnheader
plot for [i=2:6] dat using i:xtic(1) lc i-1
if (panels == 2) {
	set size 0.5,0.45
	set origin 0,0
	set title "Userland on the patched kernel: instructions of the work"
	set ylabel "millions of instructions"
	set key below horizontal noautotitle
	plot udat skip 1 using 2:xtic(1) title "-m64" lc 1, '' skip 1 using 3 title "-mx32" lc 2, \
	     '' skip 1 using 4 title "-m32" lc 3
	set origin 0.5,0
	set title "Userland: peak resident set (VmHWM)"
	set ylabel "MiB"
	plot udat skip 1 using 5:xtic(1) title "-m64" lc 1, '' skip 1 using 6 title "-mx32" lc 2, \
	     '' skip 1 using 7 title "-m32" lc 3
	unset multiplot
}
