// Input-first separable allocator: P inputs x V VCs request Q outputs; ITER iterations.
//
// Source: thesis 000 Sec. 1.1 and Sec. 1.6.3 (FOGSim): one round-robin arbiter per input port
// chooses among that port's requesting VCs, one per output port chooses among the inputs whose
// winning VC requests it; priorities rotate only on a grant; iterations as FOGSim's
// ArbiterIterations. C++ model (the reference): sim/blocks/separable_allocator.h.
//
// One cycle, exactly as the model:
//   matched_in = matched_out = 0
//   iteration it (unrolled, all read the pointer registers held at the start of the cycle):
//     input stage : each unmatched input arbitrates among its VCs whose requested output is
//                   still unmatched -> winner VC w[i] and its output wout[i]
//     output stage: each output arbitrates among the inputs whose winner requests it; the granted
//                   input and the output become matched
//   clock edge (update high): for every grant (i, v, o) in_ptr[i] <- v+1 mod V and
//                             out_ptr[o] <- i+1 mod P; no grant, no pointer move.
// A valid request must name an output < Q (the model asserts it); one naming an output >= Q is
// never granted. gnt_vc/gnt_out of an input are 0 when gnt_valid is low. Flattened buses: element k of a bus of
// B-bit elements is bits [k*B +: B]; request (i, v) is element i*V+v of req_valid/req_out.
module sep_alloc_if #(
    parameter int P = 4,
    parameter int V = 2,
    parameter int Q = 4,
    parameter int ITER = 1,
    localparam int VW = (V > 1) ? $clog2(V) : 1,
    localparam int QW = (Q > 1) ? $clog2(Q) : 1,
    localparam int PW = (P > 1) ? $clog2(P) : 1
) (
    input  logic             clk,
    input  logic             rst,
    input  logic [  P*V-1:0] req_valid,
    input  logic [P*V*QW-1:0] req_out,
    input  logic             update,
    output logic [    P-1:0] gnt_valid,
    output logic [ P*VW-1:0] gnt_vc,
    output logic [ P*QW-1:0] gnt_out,
    output logic [ P*VW-1:0] in_ptr,    // VC-arbiter pointer of each input port
    output logic [ Q*PW-1:0] out_ptr    // input-arbiter pointer of each output port
);
  // Iteration it is generate block g_iter[it]; it reads the matches left by g_iter[it-1] (none for
  // it = 0), so every signal is local to one iteration and the chain has no false loop.
  for (genvar it = 0; it < ITER; it++) begin : g_iter
    logic [P-1:0]    m_in, m_in_next;     // inputs matched before / after this iteration
    logic [Q-1:0]    m_out;               // outputs matched before this iteration
    logic [P*VW-1:0] vc_acc, vc_acc_next;  // gnt_vc accumulated over the iterations so far
    logic [P*QW-1:0] out_acc, out_acc_next;
    logic [Q*P-1:0]  oh_acc, oh_acc_next;  // one-hot granted input of each output, so far
    logic [P-1:0]    win_any;              // input i has a winner VC in this iteration
    logic [P*VW-1:0] win_vc;               // that VC
    logic [P*QW-1:0] win_out;              // the output it requests
    logic [Q*P-1:0]  out_oh;               // one-hot input granted by output o
    logic [P-1:0]    in_gnt;               // input i is granted in this iteration

    if (it == 0) begin : g_first
      assign m_in    = '0;
      assign m_out   = '0;
      assign vc_acc  = '0;
      assign out_acc = '0;
      assign oh_acc  = '0;
    end else begin : g_next
      assign m_in    = g_iter[it-1].m_in_next;
      assign m_out   = g_iter[it-1].g_fwd.m_out_next;
      assign vc_acc  = g_iter[it-1].vc_acc_next;
      assign out_acc = g_iter[it-1].out_acc_next;
      assign oh_acc  = g_iter[it-1].oh_acc_next;
    end

    // ---- input stage: one V-input arbiter per input port ----
    for (genvar i = 0; i < P; i++) begin : g_in
      logic [V-1:0] cand;
      logic [V-1:0] w_oh;
      always_comb begin
        for (int v = 0; v < V; v++) begin
          cand[v] = req_valid[i*V+v] && !m_in[i] && !m_out[req_out[(i*V+v)*QW +: QW]];
        end
      end
      rr_arb_core #(.N(V)) u_in_arb (
          .req(cand),
          .ptr(in_ptr[i*VW +: VW]),
          .gnt(w_oh),
          .gnt_idx(win_vc[i*VW +: VW]),
          .any(win_any[i])
      );
      // Output index requested by the winning VC (AND-OR mux on the one-hot grant).
      always_comb begin
        win_out[i*QW +: QW] = '0;
        for (int v = 0; v < V; v++) begin
          if (w_oh[v]) win_out[i*QW +: QW] = win_out[i*QW +: QW] | req_out[(i*V+v)*QW +: QW];
        end
      end
    end

    // ---- output stage: one P-input arbiter per output port ----
    for (genvar o = 0; o < Q; o++) begin : g_out
      logic [P-1:0] oreq;
      // Not needed here: the pointer update re-encodes the merged one-hot grant, and "output o
      // grants" is the OR of its one-hot grant (names matching *unused* are Verilator's convention).
      logic [PW-1:0] unused_idx;
      logic unused_any;
      always_comb begin
        for (int i = 0; i < P; i++) oreq[i] = win_any[i] && (win_out[i*QW +: QW] == QW'(o));
      end
      rr_arb_core #(.N(P)) u_out_arb (
          .req(oreq),
          .ptr(out_ptr[o*PW +: PW]),
          .gnt(out_oh[o*P +: P]),
          .gnt_idx(unused_idx),
          .any(unused_any)
      );
    end

    // An input is granted when the output its winner requests grants it.
    always_comb begin
      for (int i = 0; i < P; i++) begin
        in_gnt[i] = 1'b0;
        for (int o = 0; o < Q; o++) in_gnt[i] = in_gnt[i] | out_oh[o*P+i];
      end
    end

    assign m_in_next   = m_in | in_gnt;
    if (it + 1 < ITER) begin : g_fwd  // the last iteration's matched outputs are not needed
      logic [Q-1:0] m_out_next;
      always_comb begin
        for (int o = 0; o < Q; o++) m_out_next[o] = m_out[o] || (out_oh[o*P +: P] != '0);
      end
    end
    assign oh_acc_next = oh_acc | out_oh;
    always_comb begin
      vc_acc_next  = vc_acc;
      out_acc_next = out_acc;
      for (int i = 0; i < P; i++) begin
        if (in_gnt[i]) begin  // each input is granted in at most one iteration
          vc_acc_next[i*VW +: VW]  = win_vc[i*VW +: VW];
          out_acc_next[i*QW +: QW] = win_out[i*QW +: QW];
        end
      end
    end
  end

  // ---- grant outputs ----
  assign gnt_valid = g_iter[ITER-1].m_in_next;
  assign gnt_vc    = g_iter[ITER-1].vc_acc_next;
  assign gnt_out   = g_iter[ITER-1].out_acc_next;

  // ---- pointer registers: advance past the granted requester, only for grants ----
  logic [Q*P-1:0] out_gnt_oh;  // one-hot granted input of each output, over all iterations
  logic [Q*PW-1:0] out_gnt_idx;
  assign out_gnt_oh = g_iter[ITER-1].oh_acc_next;
  always_comb begin
    out_gnt_idx = '0;
    for (int o = 0; o < Q; o++) begin
      for (int i = 0; i < P; i++) begin
        if (out_gnt_oh[o*P+i]) out_gnt_idx[o*PW +: PW] = out_gnt_idx[o*PW +: PW] | PW'(i);
      end
    end
  end

  always_ff @(posedge clk) begin
    if (rst) begin
      in_ptr  <= '0;
      out_ptr <= '0;
    end else if (update) begin
      for (int i = 0; i < P; i++) begin
        if (gnt_valid[i]) begin
          in_ptr[i*VW +: VW] <= (gnt_vc[i*VW +: VW] == VW'(V - 1)) ? '0 :
                                gnt_vc[i*VW +: VW] + VW'(1);
        end
      end
      for (int o = 0; o < Q; o++) begin
        if (out_gnt_oh[o*P +: P] != '0) begin
          out_ptr[o*PW +: PW] <= (out_gnt_idx[o*PW +: PW] == PW'(P - 1)) ? '0 :
                                 out_gnt_idx[o*PW +: PW] + PW'(1);
        end
      end
    end
  end
endmodule
