// Deficit Round Robin over the V lanes of one output port: the reference of the area comparison
// thesis 003 cites (Sec. 5.4: the DTable scheduler's area is twice DRR's; docs/area.md).
//
// C++ model (the reference): sim/blocks/drr_arbiter.h, DrrArbiter::evaluate / commit;
// docs/model.md §8.4.
//   quantum   one QW-bit register per lane, written through cfg_we/cfg_addr/cfg_quantum (read from
//             the next cycle on); 0: the lane is never visited
//   deficit   one AW-bit counter per lane (AW = max(QW, SW) + 1: no deficit wraps); cur the lane
//             being served, in_service whether one is
// Grant (combinational):
//   in_service && active[cur] && deficit[cur] >= size[cur]            -> cur
//   else the first lane v from cur + 1 (wrapping, cur last; rr_arb_core) with quantum[v] != 0,
//        active[v] and deficit[v] + quantum[v] >= size[v]: a visit
// On accept (with a grant): deficit[cur] - size; or, for a visit, deficit[cur] = 0 if the lane
// being left is inactive (empty), deficit[v] = deficit[v] + quantum[v] - size[v], cur = v.
// Synchronous active-high reset: quanta and deficits 0, cur = V - 1 (the first visit is lane 0).
// V is a power of two (>= 2): cur + 1 wraps at V.
module drr_arbiter #(
    parameter int V = 8,   // lanes
    parameter int QW = 8,  // quantum bits
    parameter int SW = 6,  // packet size bits
    localparam int VW = $clog2(V),
    localparam int AW = ((QW > SW) ? QW : SW) + 1
) (
    input  logic            clk,
    input  logic            rst,
    input  logic            cfg_we,
    input  logic [  VW-1:0] cfg_addr,
    input  logic [  QW-1:0] cfg_quantum,
    input  logic [   V-1:0] active,
    input  logic [V*SW-1:0] size,
    input  logic            accept,
    output logic            gnt_valid,
    output logic [  VW-1:0] gnt_vl,
    output logic [  VW-1:0] cur,
    output logic            in_service,
    output logic [V*AW-1:0] deficit
);
  localparam int CW = AW + 1;

  logic [QW-1:0] quantum[V];
  logic [SW-1:0] sz     [V];
  logic [AW-1:0] dfc    [V];
  logic [CW-1:0] sum    [V];
  logic [ V-1:0] elig;
  always_comb begin
    for (int v = 0; v < V; v++) begin
      sz[v]   = size[v*SW+:SW];
      dfc[v]  = deficit[v*AW+:AW];
      sum[v]  = CW'(dfc[v]) + CW'(quantum[v]);
      elig[v] = (quantum[v] != '0) && active[v] && (sum[v] >= CW'(sz[v]));
    end
  end

  // The walk: the first eligible lane after cur.
  logic [V-1:0] sel;
  logic [VW-1:0] sel_idx;
  logic any;
  rr_arb_core #(.N(V)) u_walk (
      .req(elig),
      .ptr(cur + VW'(1)),
      .gnt(sel),
      .gnt_idx(sel_idx),
      .any(any)
  );

  logic cont;
  always_comb begin
    cont = in_service && active[cur] && (CW'(dfc[cur]) >= CW'(sz[cur]));
    gnt_valid = cont || any;
    if (cont) gnt_vl = cur;
    else if (any) gnt_vl = sel_idx;
    else gnt_vl = '0;
  end

  always_ff @(posedge clk) begin
    if (rst) begin
      for (int v = 0; v < V; v++) quantum[v] <= '0;
      deficit <= '0;
      cur <= VW'(V - 1);
      in_service <= 1'b0;
    end else begin
      if (cfg_we) quantum[cfg_addr] <= cfg_quantum;
      if (accept && gnt_valid) begin
        if (cont) begin
          deficit[cur*AW+:AW] <= dfc[cur] - AW'(sz[cur]);
        end else begin
          if (in_service && !active[cur]) deficit[cur*AW+:AW] <= '0;
          deficit[sel_idx*AW+:AW] <= AW'(sum[sel_idx] - CW'(sz[sel_idx]));
          cur <= sel_idx;
          in_service <= 1'b1;
        end
      end
    end
  end

  logic unused_sel;
  assign unused_sel = ^sel;  // the walk's one-hot grant: only its index is used
endmodule
