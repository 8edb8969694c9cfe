// The precompiled header netcosim_verilated_pch builds (testbench/verilated_pch.h); no code.
