// The credits of one switch port's buffer shared dynamically by its virtual lanes (counted in
// flits), each VL with a guaranteed minimum and a maximum.
//
// Source: thesis 003 Sec. 5.3.1 (extract §2.2 "Dynamic VL buffer management"); the thesis gives
// no values (docs/model.md §10.1). C++ model (the reference): sim/blocks/shared_vl_credits.h,
// SharedVlCredits, whose consume(vl, amount) and give_back(vl, amount) are the two update ports
// and whose credits(v) and free_shared() are the outputs. Per VL the flits it holds, used[v]:
//   used'[v]    = used[v] + (consume to v) - (give-back to v)   (both may hit the same VL)
//   free_shared = TOTAL - VLS * VL_MIN - sum_u (used[u] - VL_MIN)^+
//   credits[v]  = min(VL_MAX - used[v], (VL_MIN - used[v])^+ + free_shared)
// (combinational from the registered used[]). A sender consumes at most credits[v] and a receiver
// gives back at most what the VL holds: the RTL assertions check both. Synchronous active-high
// reset empties every VL. A VL index >= VLS selects no VL.
module shared_vl_credits #(
    parameter int VLS = 3,
    parameter int W = 5,         // TOTAL < 2**W
    parameter int TOTAL = 24,    // the port's buffer, flits
    parameter int VL_MIN = 2,    // guaranteed per VL
    parameter int VL_MAX = 12,   // at most per VL
    localparam int VW = (VLS > 1) ? $clog2(VLS) : 1
) (
    input  logic             clk,
    input  logic             rst,
    input  logic             consume_valid,  // a packet of consume_amt flits is sent on consume_vl
    input  logic [   VW-1:0] consume_vl,
    input  logic [    W-1:0] consume_amt,
    input  logic             give_valid,     // give_amt flits of give_vl leave the buffer
    input  logic [   VW-1:0] give_vl,
    input  logic [    W-1:0] give_amt,
    output logic [VLS*W-1:0] credits,
    output logic [    W-1:0] free_shared
);
  localparam int SW = W + VW + 1;  // the sum of the VLs' shared use, never truncated
  localparam logic [W-1:0] Min = W'(VL_MIN);
  localparam logic [W-1:0] Max = W'(VL_MAX);
  localparam logic [SW-1:0] Shared = SW'(TOTAL - VLS * VL_MIN);

  logic [VLS*W-1:0] used, used_next;

  always_comb begin
    logic [SW-1:0] over;
    over = '0;
    for (int v = 0; v < VLS; v++) begin
      logic [W-1:0] excess;  // (used[v] - VL_MIN)^+
      excess = (used[v*W+:W] > Min) ? used[v*W+:W] - Min : '0;
      over = over + {{(SW - W) {1'b0}}, excess};
    end
    free_shared = W'(Shared - over);
    for (int v = 0; v < VLS; v++) begin
      logic [W:0] own, room, avail;
      logic take, give;
      own = (used[v*W+:W] < Min) ? {1'b0, Min - used[v*W+:W]} : '0;
      room = {1'b0, Max - used[v*W+:W]};
      avail = own + {1'b0, free_shared};
      credits[v*W+:W] = (avail < room) ? avail[W-1:0] : room[W-1:0];
      take = consume_valid && (consume_vl == VW'(v));
      give = give_valid && (give_vl == VW'(v));
      used_next[v*W+:W] = used[v*W+:W] + (take ? consume_amt : '0) - (give ? give_amt : '0);
    end
  end

  always_ff @(posedge clk) begin
    if (rst) used <= '0;
    else used <= used_next;
  end

`ifndef SYNTHESIS
  // Protocol checks (immediate assertions, evaluated when Verilator runs with --assert): a sender
  // consumes at most the VL's credits, a receiver gives back at most what the VL holds.
  always_ff @(posedge clk) begin
    if (!rst) begin
      assert (!consume_valid || int'(consume_vl) >= VLS ||
              consume_amt <= credits[int'(consume_vl)*W+:W])
      else $error("shared_vl_credits: %0d flits consumed on VL %0d with %0d credits", consume_amt,
                  consume_vl, credits[int'(consume_vl)*W+:W]);
      assert (!give_valid || int'(give_vl) >= VLS || give_amt <= used[int'(give_vl)*W+:W])
      else $error("shared_vl_credits: %0d flits given back on VL %0d holding %0d", give_amt,
                  give_vl, used[int'(give_vl)*W+:W]);
    end
  end
`endif
endmodule
