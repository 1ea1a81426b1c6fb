set terminal svg size 640,400 dynamic noenhanced font "sans,14" background rgb "white"
set output
set datafile separator whitespace
reset
set xlabel 'instances (log scale)'
set ylabel 'ops/s (real, all instances)'
set grid
set key below
set format x '%.10g'
set format y '%.10g'
$scale_ops_per_s << EOD
1 1001
2 1897.5
4 1702.5


1 1001 990 1010
2 1897.5 1880 1910
4 1702.5 1680 1720
EOD
set logscale x 2
set xrange [0.8:5]
set xtics (1, 2, 4)
set yrange [0:*]
plot $scale_ops_per_s index 0 using 1:2 with linespoints pt 7 lw 2 lc rgb "#08519c" title "median", \
  $scale_ops_per_s index 1 using 1:2:3:4 with yerrorbars pt 7 lc rgb "#08519c" title "95 % CI"
reset
set xlabel 'instances (log scale)'
set ylabel 'efficiency per instance'
set grid
set key below
set format x '%.10g'
set format y '%.10g'
$scale_efficiency << EOD
1 1
2 0.948881
4 0.425386


1 1 1 1
2 0.948881 0.938124 0.954545
4 0.425386 0.422111 0.426768
EOD
set logscale x 2
set xrange [0.8:5]
set xtics (1, 2, 4)
set yrange [0:1.1]
plot $scale_efficiency index 0 using 1:2 with linespoints pt 7 lw 2 lc rgb "#08519c" title "median", \
  $scale_efficiency index 1 using 1:2:3:4 with yerrorbars pt 7 lc rgb "#08519c" title "95 % CI", \
  1 with lines dt 2 lw 1.5 lc rgb "#e6550d" title "perfect scaling (1)"
