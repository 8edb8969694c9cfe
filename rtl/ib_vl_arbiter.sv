// InfiniBand VL arbiter of one output port: a high- and a low-priority table and
// LimitOfHighPriority.
//
// Source: thesis 003 Sec. 5.3.1 and 6.2 (Fig. 6.1). C++ model (the reference):
// sim/blocks/ib_vl_arbiter.h, IbVlArbiter::evaluate (the combinational outputs) and commit (the
// registers' load on accept); docs/model.md "QoS output schedulers".
//   tables    two register files of N entries (VL, WW-bit weight in 64-B units), written through
//             cfg_we/cfg_addr/cfg_vl/cfg_weight: cfg_addr[NW] = 0 the high-priority table, 1 the
//             low-priority one; the new entry is read from the next cycle on; weight 0 is an empty
//             entry (the walk skips it)
//   hp_ptr, lp_ptr   each table's current entry; hp_rem, lp_rem its weight left (64-B units)
//   counter   the high-priority units sent since the last low-priority turn, saturating at the
//             limit's threshold max(1, LIMIT x 64) (LIMIT x 4096 bytes); none for LIMIT = 255
//   lp_by_limit  the current low-priority entry was granted by the limit (it keeps the turn
//             until its weight is used)
// Grant (combinational; "next" = the first eligible entry after the table's current one,
// wrapping, the current one last: weight != 0 and active[vl]; reached = counter >= threshold):
//   1. lp_rem != 0, active[lp vl] and (lp_by_limit, reached, or no high entry eligible)
//      -> the current low entry (with reached and not lp_by_limit: the low-priority turn)
//   2. reached and a low entry eligible -> the next low entry (the low-priority turn)
//   3. hp_rem != 0 and active[hp vl]   -> the current high entry
//   4. a high entry eligible           -> the next high entry
//   5. a low entry eligible            -> the next low entry (work-conserving)
// On accept (with a grant), size = the granted VL's head packet (64-B units): the entry's weight
// left (its full weight for a new entry) minus size, 0 if the packet uses more (a weight rounded
// up to a whole packet); a high grant adds size to the counter (saturating); a low-priority turn
// clears the counter and sets lp_by_limit, any other new low entry clears it, as does a low entry
// that has used its weight. Synchronous active-high reset clears everything, the tables included;
// the pointers reset to N - 1, so that each walk starts at entry 0.
// V and N are powers of two (>= 2): a VL field indexes exactly the V lanes, ptr + 1 wraps at N.
// LIMIT is a parameter (the port's VLHighLimit, fixed per set); docs/cosim.md gives the reasons.
module ib_vl_arbiter #(
    parameter int V = 4,       // VLs
    parameter int N = 4,       // entries per table
    parameter int WW = 8,      // entry weight bits
    parameter int SW = 7,      // head packet size bits (64-B units)
    parameter int LIMIT = 1,   // LimitOfHighPriority: 0..254 (x 4096 bytes), 255 no limit
    localparam int VW = $clog2(V),
    localparam int NW = $clog2(N),
    localparam int THR = (LIMIT == 255) ? 0 : ((LIMIT == 0) ? 1 : LIMIT * 64),
    localparam int CNTW = (THR > 1) ? $clog2(THR + 1) : 1
) (
    input  logic            clk,
    input  logic            rst,
    input  logic            cfg_we,
    input  logic [    NW:0] cfg_addr,
    input  logic [  VW-1:0] cfg_vl,
    input  logic [  WW-1:0] cfg_weight,
    input  logic [   V-1:0] active,
    input  logic [V*SW-1:0] size,
    input  logic            accept,
    output logic            gnt_valid,
    output logic [  VW-1:0] gnt_vl,
    output logic            gnt_low,
    output logic [  NW-1:0] hp_ptr,
    output logic [  NW-1:0] lp_ptr,
    output logic [  WW-1:0] hp_rem,
    output logic [  WW-1:0] lp_rem,
    output logic [CNTW-1:0] counter,
    output logic            lp_by_limit
);
  // Width of the counter's sum and the remaining-weight comparisons: one bit above the widest.
  localparam int MW = (CNTW > WW) ? ((CNTW > SW) ? CNTW : SW) : ((WW > SW) ? WW : SW);
  localparam int CW = MW + 1;
  localparam logic [CW-1:0] Thr = CW'(THR);

  logic [VW-1:0] hi_vl[N], lo_vl[N];
  logic [WW-1:0] hi_w[N], lo_w[N];

  // The eligible entries of each table.
  logic [N-1:0] hi_elig, lo_elig;
  always_comb begin
    for (int e = 0; e < N; e++) begin
      hi_elig[e] = (hi_w[e] != '0) && active[hi_vl[e]];
      lo_elig[e] = (lo_w[e] != '0) && active[lo_vl[e]];
    end
  end

  // The walks: the first eligible entry after the current one (at or after ptr + 1, wrapping).
  logic [N-1:0] hi_sel, lo_sel;
  logic [NW-1:0] hi_next, lo_next;
  logic hi_any, lo_any;
  rr_arb_core #(.N(N)) u_hi_walk (
      .req(hi_elig),
      .ptr(hp_ptr + NW'(1)),
      .gnt(hi_sel),
      .gnt_idx(hi_next),
      .any(hi_any)
  );
  rr_arb_core #(.N(N)) u_lo_walk (
      .req(lo_elig),
      .ptr(lp_ptr + NW'(1)),
      .gnt(lo_sel),
      .gnt_idx(lo_next),
      .any(lo_any)
  );

  // The decision.
  logic reached, lo_cont, hi_cont, new_entry, lp_turn;
  logic [NW-1:0] entry;
  always_comb begin
    lo_cont = (lp_rem != '0) && active[lo_vl[lp_ptr]];
    hi_cont = (hp_rem != '0) && active[hi_vl[hp_ptr]];
    gnt_valid = 1'b1;
    gnt_low = 1'b0;
    new_entry = 1'b1;
    lp_turn = 1'b0;
    entry = '0;
    if (lo_cont && (lp_by_limit || reached || !hi_any)) begin
      gnt_low = 1'b1;
      new_entry = 1'b0;
      lp_turn = !lp_by_limit && reached;
      entry = lp_ptr;
    end else if (reached && lo_any) begin
      gnt_low = 1'b1;
      lp_turn = 1'b1;
      entry = lo_next;
    end else if (hi_cont) begin
      new_entry = 1'b0;
      entry = hp_ptr;
    end else if (hi_any) begin
      entry = hi_next;
    end else if (lo_any) begin
      gnt_low = 1'b1;
      entry = lo_next;
    end else begin
      gnt_valid = 1'b0;
      new_entry = 1'b0;
    end
    if (!gnt_valid) gnt_vl = '0;
    else if (gnt_low) gnt_vl = lo_vl[entry];
    else gnt_vl = hi_vl[entry];
  end

  // The granted packet's size, the entry's weight left after it, the counter after it.
  logic [SW-1:0] sz[V];
  logic [SW-1:0] gsz;
  logic [WW-1:0] rem_before;
  logic [CW-1:0] rem_left, cnt_sum;
  always_comb begin
    for (int v = 0; v < V; v++) sz[v] = size[v*SW+:SW];
    gsz = sz[gnt_vl];
    if (gnt_low) rem_before = new_entry ? lo_w[entry] : lp_rem;
    else rem_before = new_entry ? hi_w[entry] : hp_rem;
    rem_left = (CW'(rem_before) > CW'(gsz)) ? CW'(rem_before) - CW'(gsz) : '0;
    cnt_sum  = CW'(counter) + CW'(gsz);
  end

  // The tables: one register per entry (a generate loop, so that the reset of every entry is a
  // plain assignment for any N).
  for (genvar e = 0; e < N; e++) begin : g_tbl
    always_ff @(posedge clk) begin
      if (rst) begin
        hi_vl[e] <= '0;
        hi_w[e]  <= '0;
        lo_vl[e] <= '0;
        lo_w[e]  <= '0;
      end else if (cfg_we && cfg_addr[NW-1:0] == NW'(e)) begin
        if (cfg_addr[NW]) begin
          lo_vl[e] <= cfg_vl;
          lo_w[e]  <= cfg_weight;
        end else begin
          hi_vl[e] <= cfg_vl;
          hi_w[e]  <= cfg_weight;
        end
      end
    end
  end

  always_ff @(posedge clk) begin
    if (rst) begin
      hp_ptr <= NW'(N - 1);
      lp_ptr <= NW'(N - 1);
      hp_rem <= '0;
      lp_rem <= '0;
      lp_by_limit <= 1'b0;
    end else if (accept && gnt_valid) begin
      if (!gnt_low) begin
        hp_ptr <= entry;
        hp_rem <= WW'(rem_left);
      end else begin
        lp_ptr <= entry;
        lp_rem <= WW'(rem_left);
        if (rem_left == '0) lp_by_limit <= 1'b0;
        else if (lp_turn) lp_by_limit <= 1'b1;
        else if (new_entry) lp_by_limit <= 1'b0;
      end
    end
  end

  // The high-priority counter (none without a limit).
  if (LIMIT != 255) begin : g_limit
    assign reached = CW'(counter) >= Thr;
    always_ff @(posedge clk) begin
      if (rst) counter <= '0;
      else if (accept && gnt_valid) begin
        if (!gnt_low) counter <= (cnt_sum >= Thr) ? CNTW'(Thr) : CNTW'(cnt_sum);
        else if (lp_turn) counter <= '0;  // the low-priority turn restarts the count
      end
    end
  end else begin : g_no_limit
    assign reached = 1'b0;
    assign counter = '0;
    logic unused_cnt;
    assign unused_cnt = ^cnt_sum;
  end

  logic unused_sel;
  assign unused_sel = ^{hi_sel, lo_sel};  // the walks' one-hot grants: only their index is used
endmodule
