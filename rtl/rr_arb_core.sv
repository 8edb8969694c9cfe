// Combinational core of a round-robin arbiter: the first requester at or after the pointer,
// wrapping around. Shared by rr_arbiter.sv and the input/output stages of sep_alloc_if.sv.
//
// Source: thesis 000 Sec. 1.1 and Sec. 1.6.3 (FOGSim allocator): "the first port served is the one
// after the last port granted". C++ model: sim/blocks/rr_arbiter.h, RoundRobinArbiter::arbitrate.
// Structure: mask the requests below the pointer; if any masked request remains, grant its lowest
// bit, otherwise grant the lowest bit of all requests (two priority encoders, as in the Stanford
// NoC library's c_rr_arbiter).
module rr_arb_core #(
    parameter int N = 4,
    localparam int PW = (N > 1) ? $clog2(N) : 1
) (
    input  logic [ N-1:0] req,
    input  logic [PW-1:0] ptr,      // priority pointer: index with the highest priority
    output logic [ N-1:0] gnt,      // one-hot grant (all zero when req is empty)
    output logic [PW-1:0] gnt_idx,  // binary index of the grant (0 when none)
    output logic          any       // a grant exists (req != 0)
);
  logic [N-1:0] high;  // requests at or above the pointer
  logic [N-1:0] sel;

  always_comb begin
    high = req & ~((N'(1) << ptr) - N'(1));
    sel  = (high != '0) ? high : req;
    gnt  = sel & (~sel + N'(1));  // isolate the lowest set bit
  end

  always_comb begin
    gnt_idx = '0;
    for (int i = 0; i < N; i++) begin
      if (gnt[i]) gnt_idx = gnt_idx | PW'(i);
    end
  end

  assign any = (req != '0);
endmodule
