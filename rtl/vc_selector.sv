// The VC selector of one output port: FlexVC's choice of the downstream VC of a hop among the VCs
// the routing allows (seed 002 Sec. III-A: "highest-index, lowest-index, JSQ or random"; Sec. VII:
// JSQ "can be easily implemented with a stage of comparators which select the VC with the highest
// credit count"). Purely combinational, as the C++ select().
//
// C++ model (the reference): sim/blocks/vc_selector.h, JsqVc / HighestVc / LowestVc::select over
// the credit counts (CreditLevels, sim/blocks/credit_model.h); docs/cosim.md.
//   ok[v]  = allowed[v] && credits[v] >= pkt_size        (credits for the whole packet: VCT)
//   MODE 0 (jsq):     the ok VC with the most credits, ties to the highest VC (FOGSim's
//                     LOWEST_OCCUPANCY): a tree of V - 1 compare-and-select nodes over the pairs
//                     (credits, index); a node takes its upper half's winner when that one has at
//                     least the lower half's credits, so the root holds the maximum of
//                     (credits, index) in lexicographic order
//   MODE 1 (highest): the highest ok VC
//   MODE 2 (lowest):  the lowest ok VC
//   (the order of VcSelection; random, 3, is not built: no RTL stream)
//   grant  one-hot, the chosen VC; 0 when no VC is ok
//   valid  some VC is ok (= |grant)
// The mode is a parameter because a router is built for one selection function
// (router.vc_selection, CioqRouter::use_vc_selector), and only its logic is synthesized.
module vc_selector #(
    parameter int V = 4,    // VCs of the port, >= 2 (one VC needs no selector: ok[0] is the grant)
    parameter int W = 6,    // width of a credit count and of the packet size
    parameter int MODE = 0  // 0 jsq, 1 highest, 2 lowest
) (
    input  logic [  V-1:0] allowed,   // the VCs the route allows (RouteResult::vcs)
    input  logic [V*W-1:0] credits,   // VC v's credits at [v*W +: W], in phits
    input  logic [  W-1:0] pkt_size,  // phits of the packet
    output logic [  V-1:0] grant,
    output logic           valid
);
  logic [V-1:0] ok;
  always_comb begin
    for (int v = 0; v < V; v++) ok[v] = allowed[v] && (credits[v*W+:W] >= pkt_size);
  end
  assign valid = |ok;

  generate
    if (MODE == 0) begin : g_jsq
      // A heap-ordered tree over P = 2^L >= V leaves: node n's children are 2n+1 (the lower VCs)
      // and 2n+2 (the upper VCs); leaf P-1+v is VC v, the leaves beyond V-1 are empty.
      localparam int L = $clog2(V);
      localparam int P = 1 << L;
      logic [W-1:0] c [2*P-1];  // the winner's credits
      logic [L-1:0] id[2*P-1];  // the winner's VC
      logic         e [2*P-1];  // some ok VC below the node
      always_comb begin
        for (int v = 0; v < P; v++) begin
          e[P-1+v]  = (v < V) ? ok[v] : 1'b0;
          c[P-1+v]  = (v < V) ? credits[v*W+:W] : '0;
          id[P-1+v] = L'(v);
        end
        for (int n = P - 2; n >= 0; n--) begin
          logic take_upper;
          take_upper = e[2*n+2] && (!e[2*n+1] || (c[2*n+2] >= c[2*n+1]));
          e[n] = e[2*n+1] || e[2*n+2];
          c[n] = take_upper ? c[2*n+2] : c[2*n+1];
          id[n] = take_upper ? id[2*n+2] : id[2*n+1];
        end
        for (int v = 0; v < V; v++) grant[v] = e[0] && (id[0] == L'(v));
      end
    end else if (MODE == 1) begin : g_highest
      always_comb begin
        grant = '0;
        for (int v = 0; v < V; v++) begin
          if (ok[v]) begin
            grant = '0;
            grant[v] = 1'b1;
          end
        end
      end
    end else begin : g_lowest
      always_comb begin
        grant = '0;
        for (int v = V - 1; v >= 0; v--) begin
          if (ok[v]) begin
            grant = '0;
            grant[v] = 1'b1;
          end
        end
      end
    end
  endgenerate

`ifndef SYNTHESIS
  initial begin
    assert (V >= 2 && MODE >= 0 && MODE <= 2)
    else $fatal(1, "vc_selector: V = %0d (>= 2 allowed), MODE = %0d (0 jsq, 1 highest, 2 lowest)",
                V, MODE);
  end
`endif
endmodule
