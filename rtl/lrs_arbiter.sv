// Least-recently-served arbiter: a matrix arbiter with a registered priority matrix.
//
// Source: FOGSim's LRS arbiters (thesis 000 Sec. 1.6.3): the first requester of the priority list
// is served and moves to the end of the list. C++ model: sim/blocks/lrs_arbiter.h (arbitrate() =
// gnt, update() = the clocked reorder). Structure: the order is kept as its priority matrix, one
// bit per pair of requesters (the matrix arbiter of Dally & Towles, the textbook paper 004 cites
// as [12], which serves the least recently served requester).
//   prio : bit k(i,j) = 1 when requester i is ahead of requester j (i < j), with
//          k(i,j) = i*N - i*(i+1)/2 + (j - i - 1); synchronous active-high reset sets every bit
//          (requester 0 first, N-1 last).
//   gnt  : one-hot, combinational: the requester that is ahead of every other requester.
//   At the clock edge, when update is high and a grant exists, the granted requester moves
//   behind every other requester (its row is cleared, its column set).
module lrs_arbiter #(
    parameter int N = 4,
    localparam int M = (N > 1) ? N * (N - 1) / 2 : 1
) (
    input  logic         clk,
    input  logic         rst,
    input  logic [N-1:0] req,
    input  logic         update,
    output logic [N-1:0] gnt,
    output logic [M-1:0] prio
);
  // The bit of the pair (i, j), i < j.
  function automatic integer pair(input integer i, input integer j);
    pair = i * N - i * (i + 1) / 2 + (j - i - 1);
  endfunction

  // A requester is granted when no other requester is ahead of it.
  always_comb begin
    for (int i = 0; i < N; i++) begin
      gnt[i] = req[i];
      for (int j = 0; j < N; j++) begin
        if (j < i && req[j] && prio[pair(j, i)]) gnt[i] = 1'b0;
        if (j > i && req[j] && !prio[pair(i, j)]) gnt[i] = 1'b0;
      end
    end
  end

  logic [M-1:0] prio_next;
  always_comb begin
    prio_next = prio;
    for (int i = 0; i < N; i++) begin
      for (int j = i + 1; j < N; j++) begin
        if (gnt[i]) prio_next[pair(i, j)] = 1'b0;
        else if (gnt[j]) prio_next[pair(i, j)] = 1'b1;
      end
    end
  end

  always_ff @(posedge clk) begin
    if (rst) prio <= '1;
    else if (update) prio <= prio_next;  // without a grant prio_next equals prio
  end
endmodule
