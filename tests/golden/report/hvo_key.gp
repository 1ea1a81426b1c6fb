set terminal svg size 640,400 dynamic noenhanced font "sans,14" background rgb "white"
set output
set datafile separator whitespace
reset
set xlabel ''
set ylabel 'change (%)'
set grid
set key below
set format x '%.10g'
set format y '%.10g'
$hvo_key_effects << EOD
0 -1.83 -2.41 -1.25
1 0.12 -0.44 0.71
EOD
set xrange [-0.5:1.5]
set xtics ('key on vs off' 0, 'control vs off' 1)
set yrange [-2.91:1.21]
plot $hvo_key_effects using 1:2:3:4 with yerrorbars pt 7 lw 2 notitle, 0 with lines dt 2 lc rgb "#555555" notitle
reset
set xlabel ''
set ylabel 'ns per page'
set grid
set key below
set format x '%.10g'
set format y '%.10g'
$hvo_key_slopes << EOD
0 7.412 7.301 7.522
1 7.561 7.44 7.69
2 7.418 7.29 7.55
3 0.149 0.088 0.211
4 0.006 -0.061 0.006
EOD
set xrange [-0.5:4.5]
set xtics ('off' 0, 'on' 1, 'control' 2, 'on - off' 3, 'control - off' 4)
plot $hvo_key_slopes using 1:2:3:4 with yerrorbars pt 7 lw 2 notitle, 0 with lines dt 2 lc rgb "#555555" notitle
