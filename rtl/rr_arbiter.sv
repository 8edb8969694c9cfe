// Round-robin arbiter with a registered priority pointer.
//
// Source: thesis 000 Sec. 1.1 and Sec. 1.6.3 (FOGSim allocator): the priority list rotates only
// when the resource is granted (the pointer moves past the granted requester). C++ model:
// sim/blocks/rr_arbiter.h (arbitrate() = gnt, update() = the clocked pointer move).
//   gnt : one-hot, combinational from req and the registered pointer.
//   ptr : moves to (granted index + 1) mod N at the clock edge, only when update is high and a
//         grant exists; synchronous active-high reset sets it to 0.
module rr_arbiter #(
    parameter int N = 4,
    localparam int PW = (N > 1) ? $clog2(N) : 1
) (
    input  logic          clk,
    input  logic          rst,
    input  logic [ N-1:0] req,
    input  logic          update,
    output logic [ N-1:0] gnt,
    output logic [PW-1:0] ptr
);
  logic [PW-1:0] gnt_idx;
  logic          any;

  rr_arb_core #(.N(N)) u_core (
      .req(req),
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
