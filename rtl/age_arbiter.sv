// Age arbiter: the oldest requester wins; requesters of equal (oldest) age are served round-robin.
//
// Source: thesis 000 Sec. 3.3.4 (age-based arbitration: the oldest packet is always selected) and
// paper 004 Sec. 2.2 (oldest-first arbitration). C++ model: sim/blocks/age_arbiter.h
// (arbitrate() = gnt, update() = the clocked pointer move). Ties: the round-robin core of
// rr_arbiter (rr_arb_core.sv) over the requesters of the oldest age (docs/model.md "Arbiters").
//   age  : requester i's age at [i*W +: W]; larger is older (the router saturates it at 2^W-1).
//   gnt  : one-hot, combinational from req, age and the registered pointer.
//   ptr  : moves to (granted index + 1) mod N at the clock edge, only when update is high and a
//          grant exists; synchronous active-high reset sets it to 0.
// The oldest age is found by a chain of N comparators (area, docs/area.md; a tree would shorten
// the path, not change the function).
module age_arbiter #(
    parameter int N = 4,
    parameter int W = 8,
    localparam int PW = (N > 1) ? $clog2(N) : 1
) (
    input  logic           clk,
    input  logic           rst,
    input  logic [  N-1:0] req,
    input  logic [N*W-1:0] age,
    input  logic           update,
    output logic [  N-1:0] gnt,
    output logic [ PW-1:0] ptr
);
  logic [W-1:0] oldest;  // the largest age among the requesters (0 when none)
  logic [N-1:0] tie;  // the requesters of that age
  logic [PW-1:0] gnt_idx;
  logic any;

  always_comb begin
    oldest = '0;
    for (int i = 0; i < N; i++) begin
      if (req[i] && age[i*W+:W] > oldest) oldest = age[i*W+:W];
    end
    for (int i = 0; i < N; i++) tie[i] = req[i] && (age[i*W+:W] == oldest);
  end

  rr_arb_core #(.N(N)) u_core (
      .req(tie),
      .ptr(ptr),
      .gnt(gnt),
      .gnt_idx(gnt_idx),
      .any(any)
  );

  always_ff @(posedge clk) begin
    if (rst) ptr <= '0;
    else if (update && any) ptr <= (gnt_idx == PW'(N - 1)) ? '0 : gnt_idx + PW'(1);
  end
endmodule
