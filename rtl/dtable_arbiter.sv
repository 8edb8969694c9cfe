// Deficit Table (DTable) output scheduler of one output port.
//
// Source: thesis 003 Sec. 4.3.3 (Algorithm 3), Sec. 5.4 (Fig. 5.2), Sec. 5.4.1 (the IB mapping:
// 8-bit entries, Fig. 5.3), Sec. 5.4.3 (a message is scheduled whole). C++ model (the reference):
// sim/blocks/dtable_arbiter.h, DTableArbiter::evaluate (the combinational outputs and next-state
// values) and commit (the registers' load on accept); docs/model.md §8.2.
//   table     N entries (SL, WW-bit weight in 64-B credits), a register file written through
//             cfg_we/cfg_addr/cfg_sl/cfg_weight (the new entry is read from the next cycle on);
//             weight 0 is an empty entry
//   deficit   one AW-bit counter per SL; acc the AW-bit accumulated weight; cur_sl the SL being
//             served; pending the packets of its message still to send; ptr where the next walk
//             starts
// Grant (combinational):
//   pending != 0                                      -> cur_sl (the rest of the message)
//   cur_valid && active[cur_sl] && acc >= size[cur_sl] -> cur_sl
//   else the first eligible entry at or after ptr, wrapping (rr_arb_core): weight != 0,
//        active[sl], deficit'[sl] + weight >= size[sl], with deficit'[cur_sl] = acc
// On accept (with a grant): pending - 1; or acc - size, pending = size - 1; or, for a new entry,
// deficit[cur_sl] = active[cur_sl] ? acc : 0, cur_sl = the entry's SL, ptr = entry + 1,
// acc = deficit' + weight - size (low AW bits), pending = size - 1, overflow |= (deficit' + weight
// > 2^AW - 1). Synchronous active-high reset clears everything, the table included.
// S and N are powers of two (>= 2): an SL field indexes exactly the S lanes, ptr + 1 wraps at N.
module dtable_arbiter #(
    parameter int S = 8,   // SLs
    parameter int N = 16,  // table entries
    parameter int WW = 8,  // entry weight bits
    parameter int AW = 9,  // deficit and accumulator bits
    parameter int SW = 6,  // message size bits
    localparam int SLW = $clog2(S),
    localparam int NW = $clog2(N)
) (
    input  logic            clk,
    input  logic            rst,
    input  logic            cfg_we,
    input  logic [  NW-1:0] cfg_addr,
    input  logic [ SLW-1:0] cfg_sl,
    input  logic [  WW-1:0] cfg_weight,
    input  logic [   S-1:0] active,
    input  logic [S*SW-1:0] size,
    input  logic            accept,
    output logic            gnt_valid,
    output logic [ SLW-1:0] gnt_sl,
    output logic [  NW-1:0] ptr,
    output logic            cur_valid,
    output logic [ SLW-1:0] cur_sl,
    output logic [  AW-1:0] acc,
    output logic [S*AW-1:0] deficit,
    output logic [  SW-1:0] pending,
    output logic            overflow
);
  // Width of the sums and comparisons: one bit above the widest operand.
  localparam int MW = (AW > WW) ? ((AW > SW) ? AW : SW) : ((WW > SW) ? WW : SW);
  localparam int CW = MW + 1;
  localparam logic [CW-1:0] AccMax = CW'({AW{1'b1}});

  logic [SLW-1:0] tbl_sl[N];
  logic [ WW-1:0] tbl_w [N];

  // Per SL: its head message's size and the deficit the walk uses (the SL being left carries acc).
  logic [ SW-1:0] sz     [S];
  logic [ AW-1:0] def_eff[S];
  always_comb begin
    for (int s = 0; s < S; s++) begin
      sz[s] = size[s*SW+:SW];
      def_eff[s] = (cur_valid && cur_sl == SLW'(s)) ? acc : deficit[s*AW+:AW];
    end
  end

  // The eligible entries.
  logic [N-1:0] elig;
  logic [CW-1:0] sum[N];
  always_comb begin
    for (int e = 0; e < N; e++) begin
      sum[e]  = CW'(def_eff[tbl_sl[e]]) + CW'(tbl_w[e]);
      elig[e] = (tbl_w[e] != '0) && active[tbl_sl[e]] && (sum[e] >= CW'(sz[tbl_sl[e]]));
    end
  end

  // The walk: the first eligible entry at or after ptr.
  logic [N-1:0] sel;
  logic [NW-1:0] sel_idx;
  logic any;
  rr_arb_core #(.N(N)) u_walk (
      .req(elig),
      .ptr(ptr),
      .gnt(sel),
      .gnt_idx(sel_idx),
      .any(any)
  );

  logic locked, cont;
  logic [SLW-1:0] new_sl;
  logic [CW-1:0] new_sum;
  always_comb begin
    locked = (pending != '0);
    cont = !locked && cur_valid && active[cur_sl] && (CW'(acc) >= CW'(sz[cur_sl]));
    new_sl = tbl_sl[sel_idx];
    new_sum = sum[sel_idx];
    gnt_valid = locked || cont || any;
    if (locked || cont) gnt_sl = cur_sl;
    else if (any) gnt_sl = new_sl;
    else gnt_sl = '0;
  end

  // The table: one register per entry (a generate loop, so that the reset of every entry is a
  // plain assignment for any N).
  for (genvar e = 0; e < N; e++) begin : g_tbl
    always_ff @(posedge clk) begin
      if (rst) begin
        tbl_sl[e] <= '0;
        tbl_w[e]  <= '0;
      end else if (cfg_we && cfg_addr == NW'(e)) begin
        tbl_sl[e] <= cfg_sl;
        tbl_w[e]  <= cfg_weight;
      end
    end
  end

  always_ff @(posedge clk) begin
    if (rst) begin
      ptr <= '0;
      cur_valid <= 1'b0;
      cur_sl <= '0;
      acc <= '0;
      deficit <= '0;
      pending <= '0;
      overflow <= 1'b0;
    end else begin
      if (accept && gnt_valid) begin
        if (locked) begin
          pending <= pending - SW'(1);
        end else if (cont) begin
          acc <= acc - AW'(sz[cur_sl]);
          pending <= sz[cur_sl] - SW'(1);
        end else begin
          if (cur_valid) deficit[cur_sl*AW+:AW] <= active[cur_sl] ? acc : '0;
          cur_valid <= 1'b1;
          cur_sl <= new_sl;
          ptr <= sel_idx + NW'(1);
          acc <= AW'(new_sum - CW'(sz[new_sl]));
          pending <= sz[new_sl] - SW'(1);
          if (new_sum > AccMax) overflow <= 1'b1;
        end
      end
    end
  end

  logic unused_sel;
  assign unused_sel = ^sel;  // the walk's one-hot grant: only its index is used
endmodule
