# SPDX-License-Identifier: GPL-2.0
# syscalls.gp: the syscall-cost chart of scripts/bench.
#   gnuplot -e "dat='build/bench/syscalls.dat'; out='build/bench.svg'" bench/syscalls.gp
# dat: a header row (call, then one column per configuration), one row per call.
set terminal svg size 960,480 dynamic font "sans,12" background rgb "white"
set output out
set title "System call cost under qemu -icount (instructions per call, net of the loop)"
set ylabel "instructions"
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.85 border -1
set boxwidth 0.9
set key below horizontal autotitle columnheader
set yrange [0:*]
set grid ytics
set xtics nomirror
set ytics nomirror
set border 3
plot for [i=2:6] dat using i:xtic(1) lc i-1
