// Per-output contention counters of one router (contention-based adaptive routing, Base).
//
// Source: seed 001 Sec. III and thesis 000 Sec. 4.2.1.1: one counter per output port; a counter
// is incremented when a packet's header reaches the head of an input buffer (by the packet's
// minimal output) and decremented when that packet's tail leaves the input buffer; routing
// compares the counter of the minimal output with a threshold. C++ model (the reference):
// sim/blocks/contention_counters.h (ContentionCounters::cycle mirrors these ports).
//   count'[q] = clamp(count[q] + #{i : inc_valid[i] && inc_port[i] == q}
//                              - #{i : dec_valid[i] && dec_port[i] == q}, 0, 2**W - 1)
//               (the net change of the cycle is applied at once, then saturated: no wrap-around)
//   over[q]   = count[q] >= threshold   (combinational from the registered counts)
// Any number of the N increment slots (and of the N decrement slots) may name the same output in
// one cycle. A port index >= Q names no counter. Synchronous active-high reset: every count = 0
// (the events of a reset cycle are dropped).
module contention_counters #(
    parameter int Q = 7,  // outputs (one counter each)
    parameter int W = 4,  // counter width, 1..16
    parameter int N = 4,  // event slots per kind (increments, decrements) per cycle
    localparam int QW = (Q > 1) ? $clog2(Q) : 1,
    localparam int CW = $clog2(N + 1)  // width of an event count 0..N
) (
    input  logic            clk,
    input  logic            rst,
    input  logic [     N-1:0] inc_valid,
    input  logic [  N*QW-1:0] inc_port,   // slot i at [i*QW +: QW]
    input  logic [     N-1:0] dec_valid,
    input  logic [  N*QW-1:0] dec_port,
    input  logic [     W-1:0] threshold,
    output logic [   Q*W-1:0] count,      // output q at [q*W +: W]
    output logic [     Q-1:0] over
);
  // Signed width of count + #inc - #dec: range [-N, 2**W - 1 + N].
  localparam int SW = ((W > CW) ? W : CW) + 2;
  localparam logic signed [SW-1:0] MaxS = SW'((1 << W) - 1);

  logic [Q*W-1:0] count_next;

  always_comb begin
    for (int q = 0; q < Q; q++) begin
      logic [CW-1:0] n_inc, n_dec;  // events of this cycle naming output q
      logic signed [SW-1:0] sum;
      n_inc = '0;
      n_dec = '0;
      for (int i = 0; i < N; i++) begin
        n_inc = n_inc + CW'(inc_valid[i] && (inc_port[i*QW+:QW] == QW'(q)));
        n_dec = n_dec + CW'(dec_valid[i] && (dec_port[i*QW+:QW] == QW'(q)));
      end
      sum = $signed(SW'(count[q*W+:W])) + $signed(SW'(n_inc)) - $signed(SW'(n_dec));
      if (sum < 0) count_next[q*W+:W] = '0;
      else if (sum > MaxS) count_next[q*W+:W] = '1;
      else count_next[q*W+:W] = sum[W-1:0];
      over[q] = (count[q*W+:W] >= threshold);
    end
  end

  always_ff @(posedge clk) begin
    if (rst) count <= '0;
    else count <= count_next;
  end
endmodule
