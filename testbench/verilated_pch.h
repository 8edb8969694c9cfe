// The headers every Verilated parameter set's generated files include (SystemC's, Verilator's
// runtime and its SystemC VCD writer), in the generated headers' order: precompiled once
// (netcosim_verilated_pch, testbench/CMakeLists.txt) and reused by every set, whose compile time
// is mostly the parsing of these headers.
#pragma once

#include "systemc.h"
#include "verilated_sc.h"
#include "verilated.h"
#include "verilated_vcd_sc.h"
