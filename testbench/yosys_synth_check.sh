#!/bin/sh
# Synthesizes one RTL block with yosys and fails on inferred latches (docs/principles.md
# §3: the RTL is synthesizable by yosys without latches). Used by the CTest entries rtl_synth_*.
# usage: yosys_synth_check.sh YOSYS TOP "K=V K=V ..." FILE.sv...
set -eu
yosys_bin=$1
top=$2
params=$3
shift 3
chp=""
for kv in $params; do chp="$chp -set ${kv%%=*} ${kv#*=}"; done
log=$(mktemp)
trap 'rm -f "$log"' EXIT
if ! "$yosys_bin" -p "read_verilog -sv $*; chparam $chp $top; synth -flatten -top $top; stat" \
    >"$log" 2>&1; then
  cat "$log"
  echo "FAIL: yosys synthesis of $top ($params) failed"
  exit 1
fi
# "No latch inferred" lines are fine; "Latch inferred" and latch cells are not.
if grep -E 'Latch inferred|\$_DLATCH|\$dlatch' "$log"; then
  echo "FAIL: latch in $top ($params)"
  exit 1
fi
cells=$(grep -E '^ +Number of cells:' "$log" | tail -1 | awk '{print $4}')
echo "PASS: $top ($params) synthesized, $cells cells, no latches"
