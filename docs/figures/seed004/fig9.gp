set terminal pngcairo size 1000,1350
set output 'fig9.png'
set multiplot layout 3,2 title 'Seed 004 Fig. 9 (netcosim): node throughput ' .     '(phits/cycle), 10% to node 0 at (0,0), load 1.0'
set xlabel 'x'
set ylabel 'y'
set xrange [-0.5:7.5]
set yrange [-0.5:7.5]
set size ratio -1
set palette rgbformulae 22,13,-31
set title 'mesh adaptive, rr (min 0.0000, max 0.9696)'
plot 'fig9_mesh_adaptive_rr.dat' matrix with image notitle, '' matrix using 1:2:(sprintf('%.3f',$3)) with labels font ',7' notitle
set title 'mesh dor, rr (min 0.0000, max 0.7416)'
plot 'fig9_mesh_dor_rr.dat' matrix with image notitle, '' matrix using 1:2:(sprintf('%.3f',$3)) with labels font ',7' notitle
set title 'mesh adaptive, age (min 0.0704, max 0.2848)'
plot 'fig9_mesh_adaptive_age.dat' matrix with image notitle, '' matrix using 1:2:(sprintf('%.3f',$3)) with labels font ',7' notitle
set title 'mesh dor, age (min 0.0912, max 0.2200)'
plot 'fig9_mesh_dor_age.dat' matrix with image notitle, '' matrix using 1:2:(sprintf('%.3f',$3)) with labels font ',7' notitle
set title 'mesh adaptive, sat l8k8 (min 0.1312, max 0.1392)'
plot 'fig9_mesh_adaptive_sat_k1.dat' matrix with image notitle, '' matrix using 1:2:(sprintf('%.3f',$3)) with labels font ',7' notitle
set title 'mesh dor, sat l8k8 (min 0.1304, max 0.1416)'
plot 'fig9_mesh_dor_sat_k1.dat' matrix with image notitle, '' matrix using 1:2:(sprintf('%.3f',$3)) with labels font ',7' notitle
unset multiplot
set output
