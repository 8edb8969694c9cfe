// Simple Bandwidth Table (SBT) output scheduler of one output port, one lane per SL.
//
// Source: thesis 003 Sec. 2.3.1 (Algorithm 1), Sec. 4.3.2 (Algorithm 2, Tables 4.1 and 4.2).
// C++ model (the reference): sim/blocks/sbt_scheduler.h, SbtScheduler::evaluate (the
// combinational outputs) and commit (the registers' load on accept) over an SbtTable of one port
// column; docs/model.md §8.1.
//   weights    parameters W0..W7 (packets; by the thesis's convention they add up to 100), one per
//              SL; an SL of weight 0 is never charged (served only by the exception)
//   remaining  one WW-bit counter per SL (Table 4.2's port column x_i - alpha_i); last_vl the lane
//              selected last (Algorithm 2's last_vl_selec)
// Lanes are SLs (the VL -> SL map is the identity, as the switches run the block: docs/model.md
// §10.5, "SBT walks the SLs"). Grant (combinational):
//   the first lane v at or after last_vl (wrapping; rr_arb_core) with active[v] and
//       remaining[v] != 0                                       -> v, charged
//   else, if some lane is active, the last active lane of the same walk, i.e. the first active
//       lane going down from last_vl - 1 (wrapping)              -> v, not charged (the
//       work-conserving exception: Algorithm 2 returns the last dry active VL its walk met)
// On accept (with a grant): last_vl = the grant; a charged grant takes one from its SL's
// remaining weight, and when that empties the table (every SL's remaining weight 0: the reset of
// docs/model.md §8.1, "all SL weights <= 0") every counter is loaded with its weight instead.
// Synchronous active-high reset: last_vl = 0, every counter = its weight.
// 2 <= S <= 8; each weight below 2^WW (elaboration errors otherwise).
module sbt_scheduler #(
    parameter int S = 3,   // SLs (= lanes)
    parameter int WW = 7,  // weight bits
    parameter int W0 = 1,
    parameter int W1 = 1,
    parameter int W2 = 1,
    parameter int W3 = 1,
    parameter int W4 = 1,
    parameter int W5 = 1,
    parameter int W6 = 1,
    parameter int W7 = 1,
    localparam int SLW = $clog2(S)
) (
    input  logic            clk,
    input  logic            rst,
    input  logic [   S-1:0] active,
    input  logic            accept,
    output logic            gnt_valid,
    output logic [ SLW-1:0] gnt_vl,
    output logic            charged,
    output logic [ SLW-1:0] last_vl,
    output logic [S*WW-1:0] remaining
);
  // The weights packed, SL v at [v*WW +: WW].
  localparam logic [8*WW-1:0] Weights = {
    WW'(W7), WW'(W6), WW'(W5), WW'(W4), WW'(W3), WW'(W2), WW'(W1), WW'(W0)
  };

  // Elaboration checks (Verilator and yosys stop with the message).
  if (S < 2 || S > 8) begin : g_bad_s
    $error("sbt_scheduler: S must be 2 to 8 (the weights are W0..W7)");
  end
  if (W0 >= 2 ** WW || W1 >= 2 ** WW || W2 >= 2 ** WW || W3 >= 2 ** WW || W4 >= 2 ** WW ||
      W5 >= 2 ** WW || W6 >= 2 ** WW || W7 >= 2 ** WW) begin : g_bad_w
    $error("sbt_scheduler: every weight W0..W7 must be below 2^WW");
  end

  logic [WW-1:0] rem[S];
  logic [ S-1:0] has_w;
  logic [ S-1:0] elig;
  logic [ S-1:0] active_rev;  // active[S-1-j] at j: the walk backwards as a forward walk
  always_comb begin
    for (int v = 0; v < S; v++) begin
      rem[v] = remaining[v*WW+:WW];
      has_w[v] = (rem[v] != '0);
      elig[v] = active[v] && has_w[v];
      active_rev[v] = active[S-1-v];
    end
  end

  // The charged grant: the first active lane with weight left, from last_vl on.
  logic [S-1:0] fwd_gnt;
  logic [SLW-1:0] fwd_idx;
  logic fwd_any;
  rr_arb_core #(.N(S)) u_walk (
      .req(elig),
      .ptr(last_vl),
      .gnt(fwd_gnt),
      .gnt_idx(fwd_idx),
      .any(fwd_any)
  );

  // The exception: the last active lane of the walk, the first active one going down from
  // last_vl - 1; lane v is S-1-v in active_rev, so that walk starts at S - last_vl (0 for
  // last_vl = 0: lane S-1).
  logic [SLW-1:0] rev_ptr;
  logic [S-1:0] rev_gnt;
  logic [SLW-1:0] rev_idx;
  logic rev_any;
  assign rev_ptr = (last_vl == '0) ? '0 : SLW'(S) - last_vl;
  rr_arb_core #(.N(S)) u_back (
      .req(active_rev),
      .ptr(rev_ptr),
      .gnt(rev_gnt),
      .gnt_idx(rev_idx),
      .any(rev_any)
  );

  always_comb begin
    gnt_valid = fwd_any || rev_any;
    charged = fwd_any;
    if (fwd_any) gnt_vl = fwd_idx;
    else if (rev_any) gnt_vl = SLW'(S - 1) - rev_idx;
    else gnt_vl = '0;
  end

  // The charge that empties the table: the granted SL's last unit and no other SL with weight.
  logic last_unit;
  assign last_unit = (rem[fwd_idx] == WW'(1)) && ((has_w & ~fwd_gnt) == '0);

  always_ff @(posedge clk) begin
    if (rst) begin
      last_vl <= '0;
      for (int v = 0; v < S; v++) remaining[v*WW+:WW] <= Weights[v*WW+:WW];
    end else if (accept && gnt_valid) begin
      last_vl <= gnt_vl;
      if (charged) begin
        if (last_unit) begin
          for (int v = 0; v < S; v++) remaining[v*WW+:WW] <= Weights[v*WW+:WW];
        end else begin
          remaining[fwd_idx*WW+:WW] <= rem[fwd_idx] - WW'(1);
        end
      end
    end
  end

  logic unused_rev;
  assign unused_rev = ^rev_gnt;  // the backward walk's one-hot grant: only its index is used
endmodule
