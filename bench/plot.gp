# Bar chart of the native/lowered time ratio per workload (above 1: the
# lowered build is faster than native CDP2), from the ratios.dat that
# bench/run.sh writes. Run on any machine with gnuplot (Debian: gnuplot-nox):
#   gnuplot -e "datafile='OUT/ratios.dat'; outfile='OUT/ratios.png'" bench/plot.gp
# Columns of ratios.dat: workload native_ms lowered_ms flat_ms
# native_over_lowered lowered_over_flat ("-" where missing).
if (!exists("datafile")) datafile = 'ratios.dat'
if (!exists("outfile")) outfile = 'ratios.png'

set terminal pngcairo size 1000,560 font ",11" noenhanced
set output outfile
set datafile missing "-"
set title "cdp-lower: native CDP2 time / lowered time (higher is better; log scale)"
set ylabel "native ms / lowered ms"
set logscale y 10
set yrange [0.1:*]
set grid ytics
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.85 border -1
set boxwidth 0.8
set xtics rotate by -30 nomirror
set key off
# The parity line: at 1 the lowered build is as fast as native.
set arrow 1 from graph 0, first 1 to graph 1, first 1 nohead front dashtype 2 linewidth 2 linecolor rgb "#cc0000"
plot datafile using 5:xtic(1) linecolor rgb "#3070b0", \
     '' using 0:5:(sprintf("%.2fx", $5)) with labels offset 0,0.8 notitle
