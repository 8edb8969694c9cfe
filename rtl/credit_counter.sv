// Per-VC credit counters of one output port (credit-based flow control, counted in phits).
//
// Source: thesis 000 Sec. 1.1 and 1.6.3: relative (incremental) credits, one count per output VC;
// under Virtual Cut-Through a packet may be sent only when the downstream VC has room for all of
// it. C++ model (the reference): sim/blocks/credit_counter.h.
//   credits'[v] = credits[v] - (consume to v) + (return to v), computed exactly (both updates may
//                 hit the same VC), then clamped to [0, CAP] (out-of-range results are flagged).
//   can_send[v] = credits[v] >= pkt_size              (combinational from the registered counts)
//   underflow   = consume_valid && credits[consume_vc] < consume_amt
//   overflow    = return_valid  && credits'[return_vc] > CAP
// Synchronous active-high reset fills every VC (credits = CAP). A VC index >= V selects no VC.
module credit_counter #(
    parameter int V = 2,
    parameter int W = 6,    // counter width: CAP < 2**W
    parameter int CAP = 32, // buffer capacity of one downstream VC, phits
    localparam int VW = (V > 1) ? $clog2(V) : 1
) (
    input  logic           clk,
    input  logic           rst,
    input  logic           consume_valid,  // a packet is sent on consume_vc
    input  logic [ VW-1:0] consume_vc,
    input  logic [  W-1:0] consume_amt,
    input  logic           return_valid,   // credits arrive for return_vc
    input  logic [ VW-1:0] return_vc,
    input  logic [  W-1:0] return_amt,
    input  logic [  W-1:0] pkt_size,       // size asked about by can_send
    output logic [  V-1:0] can_send,
    output logic [V*W-1:0] credits,
    output logic           underflow,
    output logic           overflow
);
  localparam logic signed [W+1:0] CapS = (W + 2)'(CAP);

  logic [V*W-1:0] credits_next;

  always_comb begin
    underflow = 1'b0;
    overflow  = 1'b0;
    for (int v = 0; v < V; v++) begin
      logic signed [W+1:0] sum;  // exact credits[v] - consume + return, two guard bits
      logic take, give;
      take = consume_valid && (consume_vc == VW'(v));
      give = return_valid && (return_vc == VW'(v));
      sum = $signed({2'b00, credits[v*W +: W]});
      if (take) sum = sum - $signed({2'b00, consume_amt});
      if (give) sum = sum + $signed({2'b00, return_amt});
      if (take && (credits[v*W +: W] < consume_amt)) underflow = 1'b1;
      if (give && (sum > CapS)) overflow = 1'b1;
      if (sum < 0) credits_next[v*W +: W] = '0;
      else if (sum > CapS) credits_next[v*W +: W] = W'(CAP);
      else credits_next[v*W +: W] = sum[W-1:0];
      can_send[v] = (credits[v*W +: W] >= pkt_size);
    end
  end

  always_ff @(posedge clk) begin
    if (rst) credits <= {V{W'(CAP)}};
    else credits <= credits_next;
  end

`ifndef SYNTHESIS
  // Protocol checks (immediate assertions, evaluated when Verilator runs with --assert): a sender
  // must check can_send before consuming, and a receiver cannot return more than it holds.
  always_ff @(posedge clk) begin
    if (!rst) begin
      assert (!underflow)
      else $error("credit_counter: underflow on VC %0d (%0d credits, %0d consumed)", consume_vc,
                  credits[consume_vc*W +: W], consume_amt);
      assert (!overflow)
      else $error("credit_counter: overflow on VC %0d (return of %0d)", return_vc, return_amt);
    end
  end
`endif
endmodule
