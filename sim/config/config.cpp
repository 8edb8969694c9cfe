#include "sim/config/config.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <sstream>
#include <utility>

#include "sim/config/qos.h"
#include "sim/config/strategy_catalog.h"
#include "sim/traffic/source_registry.h"
#include "sim/traffic/traffic.h"

namespace netcosim {

namespace {
constexpr double kBig = 2147483647.0;  // 2^31 - 1
}

// The schema. Defaults: the router of thesis 000 Table 1.2 (buffers, latencies, speedup) on the
// embedded small Dragonfly (p=2, a=4, h=2; thesis Table 2.4 sizes) with MIN routing.
// The allowed values of the strategy keys come from the strategy catalogue, those of
// topology.type from the topology catalogue, those of traffic.pattern, traffic.pattern2 and
// traffic.source from the pattern and source registries (sim/traffic/traffic.h,
// sim/traffic/source_registry.h).
const std::vector<KeySpec>& config_schema() {
  static const std::string algorithms = strategy_names(*strategy_family("routing.algorithm"));
  static const std::string triggers = strategy_names(*strategy_family("routing.trigger"));
  static const std::string policies = strategy_names(*strategy_family("routing.global_policy"));
  static const std::string topologies = topology_names();
  static const std::string patterns = traffic_pattern_names();
  static const std::string patterns2 = "none|" + patterns;
  static const std::string sources = traffic_source_names();
  static const std::vector<KeySpec> schema = {
      {"topology.type", KeyType::Enum, "dragonfly", 0, 0, topologies.c_str(), "network topology"},
      {"topology.p", KeyType::Int, "2", 1, 64, nullptr, "nodes per router"},
      {"topology.a", KeyType::Int, "4", 1, 64, nullptr, "routers per group"},
      {"topology.h", KeyType::Int, "2", 1, 64, nullptr, "global links per router"},
      {"topology.arrangement", KeyType::Enum, "palmtree", 0, 0, "palmtree|consecutive",
       "global-link arrangement (thesis 000 Sec. 1.2.1)"},
      {"router.architecture", KeyType::Enum, "cioq", 0, 0, "cioq|ib|opa",
       "router architecture (sim/router/architecture.h; the allowed values are its registry's)"},
      {"router.output_scheduler", KeyType::Enum, "rr", 0, 0, "rr|sbt|dtable|ib_vlarb|drr",
       "ib|opa: how each output port serves its VLs: round robin per SL, SBT (qos.sbt_weights), "
       "DTable or the IB VL arbiter (qos.table) (thesis 003 Sec. 4.3, 5.3.1, 5.4)"},
      {"topology.k", KeyType::Int, "4", 2, 64, nullptr,
       "fat tree: k of the k-ary n-tree (down and up ports per switch; radix 2k <= 64, or k for "
       "n = 1: one switch of k nodes)"},
      {"topology.n", KeyType::Int, "3", 1, 16, nullptr,
       "fat tree: n of the k-ary n-tree (levels; 2(n-1) hops fit the 5-bit hop counter)"},
      {"topology.dims", KeyType::Text, "8x8", 0, 0, nullptr,
       "mesh/torus: switches per dimension, AxB or AxBxC, each in [2, 32]"},
      {"topology.nodes_per_switch", KeyType::Int, "1", 1, 60, nullptr,
       "mesh/torus: nodes per switch"},
      {"topology.trunk", KeyType::Int, "1", 1, 15, nullptr,
       "mesh/torus: links per neighbour direction, a trunk (thesis 003 Sec. 4.4.1, 5.5.2); radix "
       "nodes_per_switch + 2*dimensions*trunk <= 64 (docs/model.md \"Meshes and tori\")"},
      {"router.vcs_injection", KeyType::Int, "3", 1, 16, nullptr, "VCs per injection port"},
      {"router.vcs_local", KeyType::Int, "2", 1, 16, nullptr, "VCs per local port"},
      {"router.vcs_global", KeyType::Int, "1", 1, 16, nullptr, "VCs per global port"},
      {"router.reply_vcs_local", KeyType::Int, "0", 0, 16, nullptr,
       "traffic.source=request_reply: the reply VCs among router.vcs_local, the last ones (0: the "
       "VC management's own, half under baseline, 2 under flexvc; thesis 000 Sec. 5.2.2, Table "
       "5.4)"},
      {"router.reply_vcs_global", KeyType::Int, "0", 0, 16, nullptr,
       "traffic.source=request_reply: the reply VCs among router.vcs_global, the last ones (0: "
       "the VC management's own, half under baseline, 1 under flexvc; thesis 000 Sec. 5.2.2, "
       "Table 5.4)"},
      {"router.request_reply_vcs", KeyType::Enum, "separate", 0, 0, "separate|shared",
       "traffic.source=request_reply under router.vc_management=baseline: separate request and "
       "reply VC sets (thesis 000 Sec. 5.2.2), or shared: both classes on every VC, which "
       "violates Theorem 2 and, with a bounded traffic.reply_queue, can deadlock (docs/model.md "
       "§4.7)"},
      {"router.vcs_tree", KeyType::Int, "1", 1, 16, nullptr,
       "VCs per fat-tree switch-to-switch port"},
      {"router.vcs_x", KeyType::Int, "2", 1, 16, nullptr, "VCs per mesh/torus x port"},
      {"router.vcs_y", KeyType::Int, "2", 1, 16, nullptr, "VCs per mesh/torus y port"},
      {"router.vcs_z", KeyType::Int, "2", 1, 16, nullptr, "VCs per mesh/torus z port"},
      {"router.buffer_injection", KeyType::Int, "256", 1, 1048576, nullptr,
       "injection input buffer per VC (phits)"},
      {"router.buffer_local", KeyType::Int, "32", 1, 1048576, nullptr,
       "local input buffer per VC (phits)"},
      {"router.buffer_global", KeyType::Int, "256", 1, 1048576, nullptr,
       "global input buffer per VC (phits)"},
      {"router.buffer_tree", KeyType::Int, "32", 1, 1048576, nullptr,
       "fat-tree switch-to-switch input buffer per VC (phits)"},
      {"router.buffer_x", KeyType::Int, "32", 1, 1048576, nullptr,
       "mesh/torus x input buffer per VC (phits)"},
      {"router.buffer_y", KeyType::Int, "32", 1, 1048576, nullptr,
       "mesh/torus y input buffer per VC (phits)"},
      {"router.buffer_z", KeyType::Int, "32", 1, 1048576, nullptr,
       "mesh/torus z input buffer per VC (phits)"},
      {"router.buffer_output", KeyType::Int, "32", 1, 1048576, nullptr,
       "output FIFO per output port (phits)"},
      {"router.port_buffer", KeyType::Int, "1792", 1, 1048576, nullptr,
       "ib|opa: flits of each input port's buffer, shared by its VLs (thesis 003 Ch. 5: 1792)"},
      {"router.vl_min", KeyType::Int, "0", 0, 1048576, nullptr,
       "ib|opa: flits guaranteed to each VL of a port buffer (0: the largest qos.sl_mtu, with "
       "qos.atomic_messages=true the largest qos.message_size)"},
      {"router.vl_max", KeyType::Int, "0", 0, 1048576, nullptr,
       "ib|opa: flits one VL may hold in a port buffer (0: the whole router.port_buffer)"},
      {"router.central_buffer", KeyType::Int, "3584", 2, 1048576, nullptr,
       "opa: flits of central buffer per MPort, in its 2 central buffers (thesis 003 Ch. 5: 3584 "
       "= 229,376 B)"},
      {"router.mport_xbar", KeyType::Enum, "per_input", 0, 0, "per_input|shared|shared_central",
       "opa: the MPort crossbar's 3 flits per cycle are each input's packet's (per_input), the "
       "crossbar's in total over its 4 inputs (shared; thesis 003 Sec. 4.2.2) or that total over "
       "the packets bound for the central buffers only (shared_central; Sec. 2.2.1; "
       "docs/model.md 11)"},
      {"router.central_latency", KeyType::Int, "2", 0, 100000, nullptr,
       "opa: cycles from a central-stage grant to the header in the output buffer"},
      {"router.central_link", KeyType::Enum, "pair", 0, 0, "pair|any",
       "opa: the central buffer an input writes: its pair's (inputs 0-1 the MPort's first, 2-3 "
       "its second; pair), or either, its pair's first (any; thesis 003 Sec. 2.2.1: a central "
       "buffer arbitrates between the 4 input buffers of its MPort; docs/model.md 11)"},
      {"router.alloc_retry", KeyType::Int, "0", 0, 100000, nullptr,
       "ib|opa: cycles a head that requested in the VA-SA and lost waits before it requests again "
       "(thesis 003 Fig. 2.2: a losing header pays SB again; 0: it requests in the next cycle)"},
      {"router.credit_return", KeyType::Enum, "packet", 0, 0, "packet|flit",
       "ib|opa: an input buffer returns a packet's credits upstream when its tail has crossed "
       "the crossbar (packet), or each cycle's flits' credits as they cross (flit; docs/model.md "
       "10.2)"},
      {"router.speedup", KeyType::Int, "2", 1, 64, nullptr,
       "internal (crossbar frequency) speedup"},
      {"router.xbar_until_tail", KeyType::Bool, "false", 0, 0, nullptr,
       "cioq: a crossbar transfer ends no earlier than the packet's tail arrives in the input "
       "buffer (head arrival + packet.size), as FOGSim's; false: ceil(packet.size / speedup) "
       "cycles after the grant (docs/model.md 2.1)"},
      {"router.latency", KeyType::Int, "0", 0, 100000, nullptr,
       "extra pipeline cycles before a head may request the allocator"},
      {"router.xbar_latency", KeyType::Int, "3", 0, 100000, nullptr, "crossbar latency (cycles)"},
      {"router.allocator_iterations", KeyType::Int, "2", 1, 8, nullptr,
       "iterations of the separable allocator"},
      {"router.buffer_model", KeyType::Enum, "static", 0, 0, "static|damq",
       "input buffer organisation: per-VC buffers of router.buffer_<class> (static), or one DAMQ "
       "per port of router.vcs_<class> x router.buffer_<class> phits shared by its VCs (thesis "
       "000 Sec. 5.3.1; sim/blocks/damq_credits.h)"},
      {"router.vc_selection", KeyType::Enum, "jsq", 0, 0, "jsq|highest|lowest|random",
       "VC selection among the VCs a hop allows that have credits for the packet: most credits, "
       "ties to the highest VC (jsq), highest, lowest, or random (seed 002 Sec. III-A)"},
      {"router.input_arbitration", KeyType::Enum, "rr", 0, 0, "rr|lrs|transit_rr|transit_lrs|age",
       "cioq: the allocator's input arbiters, among an input port's VCs: round-robin, "
       "least-recently served, transit priority (at an input all VCs are of one class: as rr, "
       "lrs), or age, oldest first (thesis 000 Sec. 1.6.3; docs/model.md \"Arbiters\")"},
      {"router.output_arbitration", KeyType::Enum, "rr", 0, 0, "rr|lrs|transit_rr|transit_lrs|age",
       "cioq: the allocator's output arbiters, among the inputs: round-robin, least-recently "
       "served, transit inputs before injection inputs with rr or lrs inside each class (thesis "
       "000 Sec. 3.1.2), or age, oldest first (docs/model.md \"Arbiters\")"},
      {"router.transit_rr_pointer", KeyType::Enum, "shared", 0, 0, "shared|per_class",
       "cioq, router.output_arbitration=transit_rr: one round-robin pointer for both classes "
       "(shared), or one per class as FOGSim's priority round-robin arbiter (per_class; "
       "docs/model.md \"Arbiters\")"},
      {"router.input_arbiter_update", KeyType::Enum, "grant", 0, 0, "grant|request",
       "cioq: an input arbiter moves past a VC when the VC is granted (grant, the RTL's), or when "
       "it places its request, granted or not, as FOGSim's input arbiters (request; "
       "docs/model.md \"Arbiters\")"},
      {"router.age_timestamp", KeyType::Text, "gen_qinf", 0, 0, nullptr,
       "what an age arbiter's age counts from (seed 004 Sec. 4.2): generation with an unbounded "
       "source queue (gen_qinf), generation with a source queue of x packets (gen_q<x>, e.g. "
       "gen_q24), router injection (inj_time), or generation counted in links and buffers with "
       "traffic.source_queue (accumulated, thesis 000 Sec. 3.2.1); the gen_q keys set the NIC's "
       "source queue when an arbiter is age"},
      {"router.vc_management", KeyType::Enum, "baseline", 0, 0, "baseline|flexvc",
       "VCs a hop may use: the one VC of its position on the routing's reference path "
       "(baseline, distance-based), or every VC up to the highest its path allows, with "
       "opportunistic hops (flexvc; seed 002 Sec. III; Dragonfly MIN, VAL, UGAL and PB)"},
      {"router.damq_private", KeyType::Int, "75", 0, 100, nullptr,
       "DAMQ: percent of each input port's buffer reserved for its VCs, split evenly; the rest is "
       "shared (seed 002 Table V: 75; 0 can deadlock) (router.buffer_model=damq)"},
      {"router.damq_injection", KeyType::Enum, "damq", 0, 0, "damq|static",
       "DAMQ: the injection ports' buffers are DAMQs like the transit ports' (damq) or static "
       "per-VC buffers of router.buffer_injection (static, as FOGSim's DAMQ router keeps its "
       "injection queues; docs/model.md §2) (router.buffer_model=damq)"},
      {"link.latency_local", KeyType::Int, "10", 1, 16384, nullptr, "local link latency"},
      {"link.latency_global", KeyType::Int, "100", 1, 16384, nullptr, "global link latency"},
      {"link.latency_tree", KeyType::Int, "10", 1, 16384, nullptr,
       "fat-tree switch-to-switch link latency"},
      {"link.latency_x", KeyType::Int, "10", 1, 16384, nullptr, "mesh/torus x link latency"},
      {"link.latency_y", KeyType::Int, "10", 1, 16384, nullptr, "mesh/torus y link latency"},
      {"link.latency_z", KeyType::Int, "10", 1, 16384, nullptr, "mesh/torus z link latency"},
      {"link.flit_bytes", KeyType::Int, "64", 1, 65536, nullptr,
       "bytes of a flit (= a phit) and of a credit: the unit of the [qos] sizes (thesis 003 Ch. "
       "4-5: 64)"},
      {"link.bandwidth", KeyType::Float, "12.5", 0.001, 1e6, nullptr,
       "link bandwidth in GB/s, one flit per cycle (thesis 003: 12.5); sets the cycle time when "
       "sim.cycle_ns is 0"},
      {"packet.size", KeyType::Int, "8", 1, 4096, nullptr, "packet size (phits)"},
      {"routing.algorithm", KeyType::Enum, "min", 0, 0, algorithms.c_str(), "routing algorithm"},
      {"routing.ugal_f", KeyType::Float, "2", 0, 1000, nullptr,
       "F of UGAL's comparison Q_MIN <= F*Q_VAL + T (ugal, pb, par; thesis Eq. 1.2)"},
      {"routing.ugal_t", KeyType::Int, "3", 0, 1000000, nullptr,
       "T of UGAL's comparison, in packets (ugal, pb, par; FOGSim's ugal_local_threshold)"},
      {"routing.sensing", KeyType::Enum, "vc", 0, 0, "vc|port",
       "UGAL's comparison reads the occupancy of the VC used or of the whole port (ugal, pb, "
       "par; thesis Sec. 5.2.4)"},
      {"routing.mincred", KeyType::Enum, "off", 0, 0, "off|vc|port",
       "minCred: UGAL's comparison reads the downstream occupancy of minimally routed packets "
       "only, of the VC (vc) or of the whole port (port), kept by a second credit count per "
       "output VC from flagged credits (thesis 000 Sec. 5.2.4) (ugal, pb)"},
      {"routing.ugal_compare", KeyType::Enum, "queue", 0, 0, "queue|queue_hops",
       "UGAL's comparison: Q_MIN <= F*Q_VAL + T (queue; thesis Eq. 1.2) or Q_MIN*H_MIN <= "
       "Q_VAL*H_VAL + T with the paths' hop counts (queue_hops) (ugal, pb)"},
      {"routing.valiant", KeyType::Enum, "any", 0, 0,
       "any|outside_source_group|group|current_router",
       "the Valiant intermediate of val, ugal and pb: a router anywhere (any), a router outside "
       "the source group with traffic inside it routed minimally, a group (VAL-group, 3/2 "
       "VCs) (thesis Sec. 1.4.1), or a router of the h groups the source router's global links "
       "reach (current_router: CRG, thesis Sec. 1.4.3); default any for val, "
       "outside_source_group for ugal and pb"},
      {"routing.valiant_group_draw", KeyType::Enum, "other_than_source", 0, 0,
       "other_than_source|other_than_source_and_destination|current_router",
       "routing.valiant=group: the group is drawn among the groups other than the source group, "
       "traffic within a group routed minimally (FOGSim), or other than the source and "
       "destination groups, or among the groups the source router's global links reach (CRG, "
       "thesis Sec. 1.4.3)"},
      {"routing.recompute_valiant", KeyType::Bool, "false", 0, 0, nullptr,
       "a waiting head at the source tries another Valiant intermediate every cycle (thesis Ch. "
       "5) (val, ugal, pb)"},
      {"routing.piggyback_coef", KeyType::Int, "200", 0, 100000, nullptr,
       "PiggyBack's saturation bit S = Q > coef/100 * mean + T: coef in % (FOGSim's "
       "piggybacking_coef; thesis Eq. 1.3 and Sec. 3.3.2: twice the average)"},
      {"routing.piggyback_t", KeyType::Int, "3", 0, 1000000, nullptr,
       "T of the saturation bit, in packets (FOGSim's ugal_global_threshold; seed 001 Table I: "
       "3 for PB)"},
      {"routing.piggyback_sensing", KeyType::Enum, "vc", 0, 0, "vc|port",
       "the saturation bit compares VC 0 of the global links (vc; thesis Sec. 5.2.4) or their "
       "means over the VCs (port)"},
      {"routing.piggyback_bits", KeyType::Enum, "auto", 0, 0, "auto|combined",
       "what the saturation bits sum under routing.mincred=vc|port: the minimally routed "
       "packets' counts (auto; thesis 000 Sec. 5.2.4, minCred's misrouting decision) or every "
       "packet's occupancy, capacity - credits (combined); without minCred always the latter"},
      {"routing.torus_deadlock", KeyType::Enum, "dateline", 0, 0, "dateline|bubble",
       "torus: deadlock avoidance of DOR, a dateline (2 VCs per dimension) or bubble flow "
       "control (1 VC; docs/model.md \"Meshes and tori\"); mesh_adaptive needs bubble (its "
       "escape channel)"},
      {"routing.trunk_select", KeyType::Enum, "destination", 0, 0, "destination|adaptive",
       "mesh/torus with topology.trunk >= 2: the link of a trunk DOR takes, the destination's "
       "index mod the trunk (in order per destination) or per packet (adaptive: cioq, the one "
       "with the most free credits; ib/opa, the one with the fewest phits of the packet's VL "
       "queued) (docs/model.md \"Meshes and tori\", §10.6)"},
      {"routing.trigger", KeyType::Enum, "credit", 0, 0, triggers.c_str(),
       "misrouting trigger of in-transit adaptive routing (olm)"},
      {"routing.global_policy", KeyType::Enum, "mm", 0, 0, policies.c_str(),
       "global misrouting policy of in-transit adaptive routing (olm)"},
      {"routing.threshold", KeyType::Int, "6", 1, 255, nullptr,
       "contention threshold th, packets (routing.trigger=contention|filtered|hybrid)"},
      {"routing.contention_count", KeyType::Enum, "head", 0, 0,
       "head|head_until_tail|queued|queued_at_send",
       "contention counters count each input VC's packet whose header is at the head of the "
       "buffer (head; thesis Sec. 4.2.1.1), the same with a packet granted before its tail "
       "arrived counted until it has (head_until_tail; FOGSim's transfer), every packet in the "
       "input buffers (queued), or every packet from the cycle after it was sent towards the "
       "router (queued_at_send; FOGSim without increaseContentionAtHeader; engines then run "
       "with a 1-cycle lookahead)"},
      {"routing.ectn_threshold", KeyType::Int, "10", 1, 65535, nullptr,
       "ECtN combined-counter threshold thc, packets (routing.trigger=ectn)"},
      {"routing.ectn_period", KeyType::Int, "100", 1, 1000000, nullptr,
       "ECtN broadcast period of the partial counters, cycles (routing.trigger=ectn)"},
      {"routing.filter_alpha", KeyType::Float, "0.5", 0, 0.99, nullptr,
       "weight of the previous value in the Filtered trigger's average (thesis Eq. 4.1)"},
      {"routing.credit_threshold", KeyType::Float, "50", 0, 100, nullptr,
       "credit trigger: a nonminimal output is used when its occupancy is below this % of the "
       "minimal output's"},
      {"routing.credit_min_occupancy", KeyType::Float, "0", 0, 100, nullptr,
       "credit trigger: misrouting also needs the minimal output's occupancy at or above this % "
       "of its buffer (FOGSim's th_min)"},
      {"routing.credit_busy", KeyType::Enum, "fifo_writing", 0, 0, "fifo_full|fifo_writing",
       "credit trigger: 'the link is busy' is the output FIFO without room for a packet "
       "(fifo_full) or still receiving a crossbar transfer (fifo_writing; FOGSim)"},
      {"routing.global_restriction_coef", KeyType::Int, "150", 0, 100000, nullptr,
       "credit trigger: a global minimal output counts as congested only if its occupancy > "
       "coef % of the router's global mean + th packets (FOGSim: 150); 0: off"},
      {"routing.global_restriction_th", KeyType::Int, "5", 0, 1000000, nullptr,
       "credit trigger: th of the global-link restriction, packets (FOGSim: 5)"},
      {"routing.global_restriction_sensing", KeyType::Enum, "vc", 0, 0, "vc|port",
       "credit trigger: the global-link restriction compares the minimal VC against that VC of "
       "the router's global ports (vc; thesis Ch. 4, FOGSim v2/v3) or port means (port)"},
      {"routing.credit_candidates", KeyType::Enum, "all", 0, 0, "all|one_random",
       "credit trigger: OLM tests every nonminimal candidate and draws among those accepted "
       "(all), or draws one and tests only it (one_random; FOGSim 5)"},
      {"routing.credit_compare", KeyType::Enum, "below", 0, 0, "below|at_most",
       "credit trigger: a candidate's occupancy must be below (the papers' words) or at most "
       "(FOGSim's validMisroutePort) routing.credit_threshold % of the minimal output's"},
      {"traffic.source", KeyType::Enum, "bernoulli", 0, 0, sources.c_str(),
       "traffic source of every node: what it generates and when"},
      {"traffic.request_reply", KeyType::Bool, "false", 0, 0, nullptr,
       "true: request-reply traffic, the same as traffic.source=request_reply (thesis 000 Sec. "
       "1.6.2); false: the default source; follows traffic.source when not set, and must agree "
       "with it when both are set"},
      {"traffic.pattern", KeyType::Enum, "uniform", 0, 0, patterns.c_str(), "traffic pattern"},
      {"traffic.adv_offset", KeyType::Int, "1", 1, kBig, nullptr, "group offset i of ADV+i"},
      {"traffic.pattern2", KeyType::Enum, "none", 0, 0, patterns2.c_str(),
       "second pattern: a fraction traffic.mix of the packets, or all of them from "
       "traffic.switch_cycle on"},
      {"traffic.adv_offset2", KeyType::Int, "1", 1, kBig, nullptr,
       "group offset of traffic.pattern2=adv"},
      {"traffic.mix", KeyType::Float, "0", 0, 1, nullptr,
       "fraction of the packets that follow traffic.pattern2"},
      {"traffic.switch_cycle", KeyType::Int, "-1", -1, kBig, nullptr,
       "packets generated from this cycle on follow traffic.pattern2 (-1: never)"},
      {"traffic.adv_target", KeyType::Enum, "random_router", 0, 0, "random_router|same_router",
       "adv/advc destination: a random node of the target group, or a random node of the router "
       "with the source router's index in it (FOGSim's ADV)"},
      {"traffic.burst_length", KeyType::Float, "5", 1, 1000000, nullptr,
       "bursty_uniform: mean burst length in packets, all to one destination (seed 002 Sec. IV-B: "
       "5; thesis 000 Sec. 1.6.1.3)"},
      {"traffic.burst_wait", KeyType::Bool, "false", 0, 0, nullptr,
       "bursty_uniform with traffic.source_queue=0: the ON/OFF chain waits while the burst's "
       "injection VC has no room for its packet, instead of dropping it (FOGSim's generator, "
       "docs/model.md 3)"},
      {"traffic.reply_size", KeyType::Int, "1", 1, 4096, nullptr,
       "request_reply: packets of the reply the destination sends back for each request (thesis "
       "000 Sec. 1.6.2: 1)"},
      {"traffic.reply_queue", KeyType::Int, "0", 0, 1048576, nullptr,
       "request_reply: packets of replies a NIC may hold (owed or queued for injection); a "
       "request is consumed only when its reply fits, so a full reply queue stalls request "
       "consumption (thesis 000 Sec. 1.3, Fig. 1.12). 0: unbounded, every request consumed"},
      {"traffic.hotspot_fraction", KeyType::Float, "0.1", 0, 1, nullptr,
       "hotspot (traffic.pattern or a qos.pattern entry): the fraction of the packets (SL "
       "messages) sent to node 0, the rest uniform (paper 004 Sec. 5.4)"},
      {"traffic.fullrate_nodes", KeyType::Text, "none", 0, 0, nullptr,
       "nodes that generate at 1 phit/(node*cycle) whatever traffic.load: none, or node indices "
       "separated by commas (paper 004 Sec. 5.3, Workload 1: 20,51)"},
      {"traffic.throttling", KeyType::Enum, "none", 0, 0, "none|sat",
       "injection throttling: none, or the SAT protocol (seed 004 Sec. 2.1: a signal circulates "
       "around a ring of the nodes; a NIC injects at most traffic.sat_k packets between two "
       "forwards and holds the signal until it has injected traffic.sat_l or its queue is empty)"},
      {"traffic.sat_l", KeyType::Int, "8", 1, 1048576, nullptr,
       "sat: l, the packets a NIC with a queued packet injects before it forwards the signal "
       "(seed 004 Sec. 4.1: l >= A(H+N)/L, 8 for a 64-node mesh or torus, 16 for the 64-node fat "
       "tree; netcosim run prints the rule for the network)"},
      {"traffic.sat_k", KeyType::Int, "8", 1, 1048576, nullptr,
       "sat: k >= traffic.sat_l, the most packets a NIC injects between two forwards of the signal "
       "(seed 004 Sec. 4.1: k = l or 2l)"},
      {"traffic.injection_vc", KeyType::Enum, "jsq", 0, 0, "jsq|dest|random|selection",
       "injection VC: the one with the most free space, ties to the lowest (jsq), dest*VCs/nodes "
       "(dest), random among those with room (random) (FOGSim's DEST and RAND), or "
       "router.vc_selection's function among them (selection; jsq ties to the highest)"},
      {"traffic.load", KeyType::Float, "0.3", 0, 1, nullptr, "offered load, phits/(node*cycle)"},
      {"traffic.source_queue", KeyType::Int, "64", 0, 1048576, nullptr,
       "source queue bound per node (packets); 0: no queue, a generation attempt the injection "
       "buffer cannot take at once is dropped"},
      {"sim.seed", KeyType::Int, "1", 0, 9007199254740991.0, nullptr, "random seed"},
      {"sim.warmup", KeyType::Int, "5000", 0, 1073741823, nullptr, "warm-up cycles"},
      {"sim.measure", KeyType::Int, "10000", 1, 1073741823, nullptr,
       "measured cycles (statistics window)"},
      {"sim.mode", KeyType::Enum, "window", 0, 0, "window|batch",
       "statistics after the warm-up: one window of sim.measure cycles (window), or seed 004 "
       "Sec. 3's batches, each ending in the cycle of its sim.batch_packets-th delivery (batch)"},
      {"sim.batches", KeyType::Int, "5", 1, 1000, nullptr,
       "batch mode: the number of batches (seed 004 Sec. 3: 5)"},
      {"sim.batch_packets", KeyType::Int, "0", 0, 4294967295.0, nullptr,
       "batch mode: the deliveries that end a batch; 0: 10*N^2 for N nodes (seed 004 Sec. 3)"},
      {"sim.batch_max_cycles", KeyType::Int, "1000000", 1, 1073741823, nullptr,
       "batch mode: a batch without sim.batch_packets deliveries after this many cycles is cut "
       "there and reported as cut"},
      {"sim.drain", KeyType::Bool, "false", 0, 0, nullptr,
       "after the window, stop injection and run until the network is empty"},
      {"sim.timeseries_bin", KeyType::Int, "0", 0, 1073741823, nullptr,
       "time-series bin in cycles (0: no time series)"},
      {"sim.watchdog", KeyType::Int, "10000", 1, 1073741823, nullptr,
       "cycles without any packet movement, with packets waiting and none on a link or in a "
       "router pipeline, that count as a deadlock"},
      {"sim.check", KeyType::Bool, "false", 0, 0, nullptr,
       "check at every grant that the output VC follows the routing's VC order (exit 3 if not)"},
      {"traffic.application_queue", KeyType::Bool, "false", 0, 0, nullptr,
       "the source queue is unbounded, the application queue of thesis 003 Sec. 2.2 (its first "
       "capacity traffic.source_queue >= 1): no generation attempt is refused"},
      {"sim.cycle_ns", KeyType::Float, "0", 0, 1e6, nullptr,
       "cycle time in ns for the latencies reported in ns (0: link.flit_bytes / link.bandwidth)"},
      {"qos.sls", KeyType::Int, "0", 0, 16, nullptr,
       "service levels (thesis 003 Sec. 2.3); 0: none. Each [qos] list has one comma-separated "
       "entry per SL"},
      {"qos.sl_names", KeyType::Text, "", 0, 0, nullptr,
       "names of the SLs in reports (default SL0, SL1, ...)"},
      {"qos.inject_share", KeyType::Text, "", 0, 0, nullptr,
       "each SL's share of traffic.load, summing to 1 (default equal)"},
      {"qos.message_size", KeyType::Text, "", 0, 0, nullptr,
       "each SL's message size in bytes, a whole number of its packets (default one packet)"},
      {"qos.sl_mtu", KeyType::Text, "", 0, 0, nullptr,
       "ib|opa: each SL's MTU in bytes, its packet, sent atomically (default packet.size flits)"},
      {"qos.pattern", KeyType::Text, "", 0, 0, nullptr,
       "each SL's pattern: uniform|next|cbr|cbr_uniform|bursts4|hotspot (default uniform)"},
      {"qos.sl2sc", KeyType::Text, "", 0, 0, nullptr,
       "opa: each SL's SCs, space-separated (e.g. 0 1,2 3); default SL i -> SC i"},
      {"qos.sc2vl", KeyType::Text, "", 0, 0, nullptr,
       "opa: the VL of each SC from SC0 (default the SCs of qos.sl2sc in order on VL0, 1, ...)"},
      {"qos.sl2vl", KeyType::Text, "", 0, 0, nullptr,
       "ib: each SL's VLs, space-separated (default SL i -> VL i)"},
      {"qos.sl2vl_injection", KeyType::Text, "", 0, 0, nullptr,
       "ib: qos.sl2vl on the injection (host) ports, both directions (default qos.sl2vl)"},
      {"qos.sl2vl_tree", KeyType::Text, "", 0, 0, nullptr,
       "ib: qos.sl2vl on the fat-tree ports (default qos.sl2vl)"},
      {"qos.sl2vl_x", KeyType::Text, "", 0, 0, nullptr,
       "ib: qos.sl2vl on the mesh/torus x ports (default qos.sl2vl)"},
      {"qos.sl2vl_y", KeyType::Text, "", 0, 0, nullptr,
       "ib: qos.sl2vl on the mesh/torus y ports (default qos.sl2vl)"},
      {"qos.sl2vl_z", KeyType::Text, "", 0, 0, nullptr,
       "ib: qos.sl2vl on the mesh/torus z ports (default qos.sl2vl)"},
      {"qos.sc2vl_injection", KeyType::Text, "", 0, 0, nullptr,
       "opa: qos.sc2vl on the injection (host) ports, both directions (default qos.sc2vl)"},
      {"qos.sc2vl_tree", KeyType::Text, "", 0, 0, nullptr,
       "opa: qos.sc2vl on the fat-tree ports (default qos.sc2vl)"},
      {"qos.sc2vl_x", KeyType::Text, "", 0, 0, nullptr,
       "opa: qos.sc2vl on the mesh/torus x ports (default qos.sc2vl)"},
      {"qos.sc2vl_y", KeyType::Text, "", 0, 0, nullptr,
       "opa: qos.sc2vl on the mesh/torus y ports (default qos.sc2vl)"},
      {"qos.sc2vl_z", KeyType::Text, "", 0, 0, nullptr,
       "opa: qos.sc2vl on the mesh/torus z ports (default qos.sc2vl)"},
      {"qos.vls", KeyType::Int, "0", 0, 16, nullptr,
       "ib|opa: VLs per port (0: as many as the mapping tables use)"},
      {"qos.sbt_weights", KeyType::Text, "", 0, 0, nullptr,
       "router.output_scheduler=sbt: each SL's weight in packets (thesis 003 Sec. 4.3.2)"},
      {"qos.drr_quantum", KeyType::Text, "", 0, 0, nullptr,
       "router.output_scheduler=drr: each SL's DRR quantum in 64-B credits, at least its MTU "
       "(docs/model.md §10.5)"},
      {"qos.backlogged", KeyType::Bool, "false", 0, 0, nullptr,
       "ib|opa: every SL of every NIC always has a packet ready (a uniform destination) and the "
       "NIC's link is served by router.output_scheduler (thesis 003 Sec. 6.3-6.5: each flow tries "
       "to use the full bandwidth); traffic.load, qos.inject_share, qos.message_size not read"},
      {"qos.atomic_messages", KeyType::Bool, "false", 0, 0, nullptr,
       "ib|opa: a message of several packets is sent atomically: it leaves a buffer only whole, "
       "with credits downstream for all of it, its packets back to back (thesis 003 Sec. 2.2; "
       "docs/model.md §9.2)"},
      {"qos.nic_queues", KeyType::Enum, "shared", 0, 0, "shared|per_sl",
       "ib|opa: the NIC's source queue: shared (one FIFO for every SL) or per_sl (one per SL, "
       "served by router.output_scheduler over the injection VLs; docs/model.md §9.2)"},
      {"qos.table", KeyType::Text, "", 0, 0, nullptr,
       "router.output_scheduler=dtable|ib_vlarb: the table file netcosim qos writes "
       "(netcosim.qos-table/1, docs/qos.md; a relative path is from the working directory)"},
  };
  return schema;
}

namespace {

const KeySpec* find_spec(const std::string& key) {
  for (const auto& s : config_schema())
    if (key == s.name) return &s;
  return nullptr;
}

std::string trim(const std::string& s) {
  const auto b = s.find_first_not_of(" \t\r\n");
  if (b == std::string::npos) return "";
  const auto e = s.find_last_not_of(" \t\r\n");
  return s.substr(b, e - b + 1);
}

std::string section_of(const std::string& key) {
  return key.substr(0, key.find('.'));
}

std::string keys_of_section(const std::string& section) {
  std::string out;
  for (const auto& s : config_schema()) {
    const std::string name = s.name;
    if (section_of(name) != section) continue;
    if (!out.empty()) out += ", ";
    out += name.substr(name.find('.') + 1);
  }
  return out;
}

std::string sections() {
  std::string out;
  std::string last;
  for (const auto& s : config_schema()) {
    const std::string sec = section_of(s.name);
    if (sec == last) continue;
    if (!out.empty()) out += ", ";
    out += sec;
    last = sec;
  }
  return out;
}

// The shortest of %.15g, %.16g, %.17g that reads back as the same double: values that round-trip
// with 15 digits print as before, the others (e.g. subnormals) are not altered by the round trip.
std::string fmt_num(double v) {
  for (int prec = 15; prec <= 17; ++prec) {
    std::ostringstream o;
    o.precision(prec);
    o << v;
    if (prec == 17 || std::strtod(o.str().c_str(), nullptr) == v) return o.str();
  }
  return "";
}

// The first control character (0x00-0x1F except tab, and 0x7F) of s, or npos.
size_t find_control(const std::string& s) {
  for (size_t i = 0; i < s.size(); ++i) {
    const auto c = static_cast<unsigned char>(s[i]);
    if ((c < 0x20 && c != '\t') || c == 0x7f) return i;
  }
  return std::string::npos;
}

std::string hex_byte(unsigned char c) {
  char buf[8];
  std::snprintf(buf, sizeof buf, "0x%02X", c);
  return buf;
}

bool is_digit(char c) {
  return c >= '0' && c <= '9';
}

// Integer grammar (README "Number syntax"): [+-]?[0-9]+, within int64.
bool parse_int(const std::string& v, int64_t& out) {
  size_t i = (!v.empty() && (v[0] == '+' || v[0] == '-')) ? 1 : 0;
  if (i == v.size()) return false;
  for (size_t j = i; j < v.size(); ++j)
    if (!is_digit(v[j])) return false;
  errno = 0;
  char* end = nullptr;
  const long long x = std::strtoll(v.c_str(), &end, 10);
  if (errno != 0 || *end != '\0') return false;
  out = x;
  return true;
}

// Float grammar: [+-]? ( [0-9]+ ( . [0-9]* )? | . [0-9]+ ) ( [eE] [+-]? [0-9]+ )?
// (no hex, no inf/nan). The value is rounded to the nearest double; subnormal results (1e-320)
// are accepted, results that overflow are rejected.
bool parse_float(const std::string& v, double& out) {
  size_t i = 0;
  const size_t n = v.size();
  if (i < n && (v[i] == '+' || v[i] == '-')) ++i;
  size_t digits = 0;
  while (i < n && is_digit(v[i])) ++i, ++digits;
  if (i < n && v[i] == '.') {
    ++i;
    while (i < n && is_digit(v[i])) ++i, ++digits;
  }
  if (digits == 0) return false;
  if (i < n && (v[i] == 'e' || v[i] == 'E')) {
    ++i;
    if (i < n && (v[i] == '+' || v[i] == '-')) ++i;
    size_t exp_digits = 0;
    while (i < n && is_digit(v[i])) ++i, ++exp_digits;
    if (exp_digits == 0) return false;
  }
  if (i != n) return false;
  errno = 0;
  char* end = nullptr;
  const double x = std::strtod(v.c_str(), &end);
  // ERANGE is also set for a subnormal or zero result of underflow: only overflow is an error.
  if (*end != '\0' || !std::isfinite(x)) return false;
  out = x;
  return true;
}

bool parse_bool(const std::string& v, bool& out) {
  if (v == "true" || v == "1" || v == "yes" || v == "on") {
    out = true;
    return true;
  }
  if (v == "false" || v == "0" || v == "no" || v == "off") {
    out = false;
    return true;
  }
  return false;
}

std::string canonical(const KeySpec& s, const std::string& raw, const std::string& where) {
  const std::string key = s.name;
  const std::string loc = where.empty() ? "" : " (" + where + ")";
  const std::string shown = quote_value(raw);
  switch (s.type) {
    case KeyType::Int: {
      int64_t x;
      if (!parse_int(raw, x) || x < s.min || x > s.max)
        throw ConfigError(key + "=" + shown + loc + ": must be an integer in [" +
                          format_limit(s.min) + ", " + format_limit(s.max) + "] (" + s.help + ")");
      return std::to_string(x);
    }
    case KeyType::Float: {
      double x;
      if (!parse_float(raw, x) || x < s.min || x > s.max)
        throw ConfigError(key + "=" + shown + loc + ": must be a number in [" +
                          format_limit(s.min) + ", " + format_limit(s.max) +
                          "] (decimal, optional exponent; " + s.help + ")");
      return fmt_num(x);
    }
    case KeyType::Bool: {
      bool b;
      if (!parse_bool(raw, b))
        throw ConfigError(key + "=" + shown + loc + ": must be true or false (" + s.help + ")");
      return b ? "true" : "false";
    }
    case KeyType::Enum: {
      const std::string choices = s.choices;
      std::istringstream is(choices);
      std::string c;
      while (std::getline(is, c, '|'))
        if (c == raw) return raw;
      throw ConfigError(key + "=" + shown + loc + ": allowed values are " + choices);
    }
    case KeyType::Text:
      return raw;
  }
  return raw;
}

}  // namespace

std::string quote_value(const std::string& v) {
  std::string out;
  size_t cut = v.size() <= kMaxQuotedChars ? v.size() : kMaxQuotedChars;
  // Never split a UTF-8 sequence.
  while (cut < v.size() && cut > 0 && (static_cast<unsigned char>(v[cut]) & 0xC0) == 0x80) --cut;
  for (size_t i = 0; i < cut; ++i) {
    const auto c = static_cast<unsigned char>(v[i]);
    if ((c < 0x20 && c != '\t') || c == 0x7f) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\x%02X", c);
      out += buf;
    } else {
      out += static_cast<char>(c);
    }
  }
  if (cut < v.size()) out += "... (" + std::to_string(v.size()) + " characters)";
  return out;
}

std::string format_limit(double v) {
  if (std::isfinite(v) && v == std::floor(v) && std::fabs(v) < 9.2e18)
    return std::to_string(static_cast<long long>(v));
  return fmt_num(v);
}

Config::Config() {
  for (const auto& s : config_schema()) values_[s.name] = s.def;
}

void Config::set(const std::string& key, const std::string& value, const std::string& where) {
  const std::string loc = where.empty() ? "" : " (" + where + ")";
  for (const std::string* part : {&key, &value}) {
    const size_t bad = find_control(*part);
    if (bad != std::string::npos)
      throw ConfigError("control character " + hex_byte(static_cast<unsigned char>((*part)[bad])) +
                        " in " + (part == &key ? "key '" : "the value of '") + quote_value(key) +
                        "'" + loc + "; only tab is allowed");
  }
  const KeySpec* s = find_spec(key);
  if (s == nullptr) {
    const std::string shown = quote_value(key);
    const auto dot = key.find('.');
    if (dot == std::string::npos)
      throw ConfigError("malformed key '" + shown + "'" + loc +
                        ": expected section.key; sections: " + sections());
    const std::string sec = key.substr(0, dot);
    const std::string keys = keys_of_section(sec);
    if (keys.empty())
      throw ConfigError("unknown section '" + quote_value(sec) + "' in key '" + shown + "'" + loc +
                        "; sections: " + sections());
    throw ConfigError("unknown key '" + shown + "'" + loc + "; keys of [" + sec + "]: " + keys);
  }
  values_[key] = canonical(*s, trim(value), where);
  explicit_.insert(key);
  // traffic.request_reply and traffic.source=request_reply say the same thing (docs/model.md
  // §4.7): a key set alone sets the other one's value (not as explicit), so either order of
  // --set gives the same configuration; both set and disagreeing is refused by validate_config.
  if (key == "traffic.request_reply" && !is_explicit("traffic.source"))
    values_["traffic.source"] = get_bool(key) ? "request_reply" : find_spec("traffic.source")->def;
  if (key == "traffic.source" && !is_explicit("traffic.request_reply"))
    values_["traffic.request_reply"] = values_[key] == "request_reply" ? "true" : "false";
}

bool Config::is_explicit(const std::string& key) const {
  return explicit_.count(key) != 0;
}

// --set overrides are applied in order after the file: a key given twice takes the last value
// (README "Configuration").
void Config::set_override(const std::string& assignment) {
  const auto eq = assignment.find('=');
  if (eq == std::string::npos || eq == 0)
    throw ConfigError("--set " + quote_value(assignment) + ": expected section.key=value");
  set(trim(assignment.substr(0, eq)), assignment.substr(eq + 1), "--set");
}

// Lines end at LF, CRLF or CR; a UTF-8 byte order mark at the start is skipped. Control
// characters other than tab, a duplicate section and a duplicate key are errors. [curves] is the
// sweep's (config.h IniCurves): refused unless the caller reads curves.
void Config::load_ini(const std::string& text, const std::string& origin, IniCurves* curves) {
  std::string section;
  std::map<std::string, int> section_line, key_line;
  int lineno = 0;
  size_t pos = text.compare(0, 3, "\xEF\xBB\xBF") == 0 ? 3 : 0;
  while (pos < text.size()) {
    const size_t eol = text.find_first_of("\r\n", pos);
    const std::string line =
        text.substr(pos, eol == std::string::npos ? std::string::npos : eol - pos);
    if (eol == std::string::npos)
      pos = text.size();
    else
      pos =
          (text[eol] == '\r' && eol + 1 < text.size() && text[eol + 1] == '\n') ? eol + 2 : eol + 1;
    ++lineno;
    const std::string where = origin + ":" + std::to_string(lineno);
    const size_t bad = find_control(line);
    if (bad != std::string::npos)
      throw ConfigError(where + ": control character " +
                        hex_byte(static_cast<unsigned char>(line[bad])) + " at column " +
                        std::to_string(bad + 1) + "; only tab is allowed in a configuration file");
    std::string t = trim(line);
    if (t.empty() || t[0] == '#' || t[0] == ';') continue;
    if (t[0] == '[') {
      if (t.back() != ']' || t.size() < 3)
        throw ConfigError(where + ": malformed section header '" + quote_value(t) +
                          "': expected [section]");
      section = trim(t.substr(1, t.size() - 2));
      if (section == "curves" && curves == nullptr)
        throw ConfigError(where +
                          ": the [curves] section is read only by `netcosim sweep` (one curve per "
                          "line, docs/sweep.md); this command simulates one configuration: remove "
                          "the section, or give the curve's keys with --set");
      if (section == "curves")
        *curves = IniCurves{true, where, {}};
      else if (keys_of_section(section).empty())
        throw ConfigError(where + ": unknown section [" + quote_value(section) +
                          "]; sections: " + sections());
      const auto [it, fresh] = section_line.emplace(section, lineno);
      if (!fresh)
        throw ConfigError(where + ": duplicate section [" + section + "] (first at " + origin +
                          ":" + std::to_string(it->second) + "); give each section once");
      continue;
    }
    const auto eq = t.find('=');
    if (eq == std::string::npos || eq == 0)
      throw ConfigError(where + ": malformed line '" + quote_value(t) +
                        "': expected 'key = value'");
    if (section.empty())
      throw ConfigError(where + ": key '" + quote_value(trim(t.substr(0, eq))) +
                        "' outside any section; sections: " + sections());
    std::string value = t.substr(eq + 1);
    // Trailing comments after a value: "key = 3   # note".
    for (const char c : {'#', ';'}) {
      const auto cpos = value.find(c);
      if (cpos != std::string::npos) value = value.substr(0, cpos);
    }
    if (section == "curves") {  // the sweep checks names and overrides (sim/experiment/sweep.h)
      curves->lines.push_back({trim(t.substr(0, eq)), trim(value), where});
      continue;
    }
    const std::string key = section + "." + trim(t.substr(0, eq));
    const auto prev = key_line.find(key);
    if (prev != key_line.end())
      throw ConfigError(where + ": duplicate key " + quote_value(key) + " (first set at " + origin +
                        ":" + std::to_string(prev->second) +
                        "); give each key once (--set overrides a file's value)");
    set(key, trim(value), where);
    key_line.emplace(key, lineno);
  }
}

void Config::load_file(const std::string& path, IniCurves* curves) {
  const std::string shown = "'" + quote_value(path) + "'";
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0)
    throw ConfigError("cannot read configuration file " + shown + ": " + std::strerror(errno));
  if (!S_ISREG(st.st_mode)) {
    const char* kind = S_ISDIR(st.st_mode)    ? "a directory"
                       : S_ISCHR(st.st_mode)  ? "a character device"
                       : S_ISBLK(st.st_mode)  ? "a block device"
                       : S_ISFIFO(st.st_mode) ? "a pipe"
                       : S_ISSOCK(st.st_mode) ? "a socket"
                                              : "not a file";
    throw ConfigError("configuration file " + shown + " is " + kind + ": expected a regular file");
  }
  auto too_big = [&](const std::string& size) {
    return ConfigError("configuration file " + shown + " is " + size +
                       " bytes: larger than the limit of " + std::to_string(kMaxConfigFileBytes) +
                       " bytes (1 MiB)");
  };
  if (static_cast<uint64_t>(st.st_size) > kMaxConfigFileBytes)
    throw too_big(std::to_string(st.st_size));
  // O_NONBLOCK: never wait on a file that turned into a pipe since the stat.
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);
  if (fd < 0)
    throw ConfigError("cannot read configuration file " + shown + ": " + std::strerror(errno));
  std::string text;
  text.resize(kMaxConfigFileBytes + 1);
  size_t got = 0;
  bool failed = false;
  int err = 0;
  while (got < text.size()) {
    const ssize_t n = ::read(fd, &text[got], text.size() - got);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) {
      failed = true;
      err = errno;
      break;
    }
    if (n == 0) break;
    got += static_cast<size_t>(n);
  }
  ::close(fd);
  if (failed)
    throw ConfigError("cannot read configuration file " + shown + ": " + std::strerror(err));
  if (got > kMaxConfigFileBytes) throw too_big("more than " + std::to_string(kMaxConfigFileBytes));
  text.resize(got);
  load_ini(text, path, curves);
}

const std::vector<ConditionalDefault>& conditional_defaults() {
  // The source-adaptive routings' Valiant candidate: a router outside the source group, as the
  // thesis's PB (Sec. 4.3: "an intermediate node"; FOGSim's PB_ANY draw; docs/model.md §4.1);
  // VAL's stays a router anywhere.
  static const std::vector<ConditionalDefault> d = {
      {"routing.valiant", "routing.algorithm", "ugal", "outside_source_group"},
      {"routing.valiant", "routing.algorithm", "pb", "outside_source_group"},
  };
  return d;
}

// A key's value: as set, else its conditional default when one applies, else the schema's.
const std::string& Config::value(const std::string& key) const {
  if (!is_explicit(key))
    for (const ConditionalDefault& d : conditional_defaults())
      if (key == d.key && values_.at(d.on) == d.value) return d.def;
  return values_.at(key);
}

int64_t Config::get_int(const std::string& key) const {
  return std::strtoll(value(key).c_str(), nullptr, 10);
}
double Config::get_float(const std::string& key) const {
  return std::strtod(value(key).c_str(), nullptr);
}
bool Config::get_bool(const std::string& key) const {
  return value(key) == "true";
}
const std::string& Config::get_str(const std::string& key) const {
  return value(key);
}

const std::vector<std::pair<std::string, std::string>> Config::resolved() const {
  std::vector<std::pair<std::string, std::string>> out;
  const TopologyEntry& topo = *topology_entry(get_str("topology.type"));
  for (const auto& s : config_schema())
    if (key_applies_to_topology(s.name, topo)) out.emplace_back(s.name, value(s.name));
  return out;
}

std::vector<int64_t> link_latencies(const Config& c) {
  std::vector<int64_t> lat;
  for (const char* cls : topology_entry(c.get_str("topology.type"))->port_classes)
    lat.push_back(lat.empty() ? 0 : c.get_int(std::string("link.latency_") + cls));
  return lat;
}

int64_t shortest_link_latency(const Config& c) {
  const std::vector<int64_t> lat = link_latencies(c);
  int64_t m = lat.size() > 1 ? lat[1] : 1;
  for (size_t k = 1; k < lat.size(); ++k) m = std::min(m, lat[k]);
  return m;
}

int64_t engine_lookahead_limit(const Config& c) {
  return c.get_str("routing.contention_count") == "queued_at_send" ? 1 : 0;
}

std::string port_class_of_key(const std::string& key) {
  if (key == "router.buffer_output" || key == "router.buffer_model") return "";
  for (const char* prefix : {"router.vcs_", "router.reply_vcs_", "router.buffer_", "link.latency_",
                             "qos.sl2vl_", "qos.sc2vl_"}) {
    const std::string pre = prefix;
    if (key.compare(0, pre.size(), pre) == 0) return key.substr(pre.size());
  }
  return "";
}

bool key_applies_to_topology(const std::string& key, const TopologyEntry& topo) {
  if (key == "topology.type") return true;
  // A topology.* key, or a key some entry lists, applies to the entries that list it only.
  bool listed = key.compare(0, 9, "topology.") == 0;
  for (const TopologyEntry& e : topology_catalog())
    for (const char* k : e.keys)
      if (key == k) {
        if (std::string(e.name) == topo.name) return true;
        listed = true;
      }
  if (listed) return false;
  const std::string cls = port_class_of_key(key);
  return cls.empty() || port_class_index(topo, cls) >= 0;
}

namespace {

// Topology size and traffic patterns.
// Request-reply traffic (traffic.source=request_reply; docs/model.md "Request-reply traffic"): the
// CIOQ router's NIC answers requests, with a source queue (the replies are queued there), and the
// classes are its own (not service levels).
void validate_request_reply(const Config& c) {
  const bool rr = c.get_str("traffic.source") == "request_reply";
  if (c.get_bool("traffic.request_reply") != rr)
    throw ConfigError("traffic.request_reply=" + c.get_str("traffic.request_reply") +
                      " contradicts traffic.source=" + c.get_str("traffic.source") +
                      ": request-reply traffic is traffic.request_reply=true with "
                      "traffic.source=request_reply (or either key alone); allowed with "
                      "traffic.source=" +
                      c.get_str("traffic.source") +
                      ": traffic.request_reply=" + (rr ? "true" : "false"));
  if (!rr) {
    for (const char* key : {"traffic.reply_size", "traffic.reply_queue", "router.reply_vcs_local",
                            "router.reply_vcs_global", "router.request_reply_vcs"})
      if (c.is_explicit(key))
        throw ConfigError(std::string(key) + "=" + c.get_str(key) +
                          ": applies to traffic.source=request_reply only (traffic.source=" +
                          c.get_str("traffic.source") + ")");
    return;
  }
  // The refusals below name the key the user set (either says the same thing).
  const std::string set_by = c.is_explicit("traffic.source") ? "traffic.source=request_reply"
                                                             : "traffic.request_reply=true";
  if (c.get_str("router.architecture") != "cioq")
    throw ConfigError(set_by + ": needs router.architecture=cioq (router.architecture=" +
                      c.get_str("router.architecture") + ")");
  if (c.get_int("qos.sls") != 0)
    throw ConfigError(set_by + ": takes no service levels (qos.sls=" + c.get_str("qos.sls") +
                      "; the packet's class is request or reply)");
  if (c.get_int("traffic.source_queue") == 0)
    throw ConfigError(set_by +
                      ": needs a source queue, where the NIC queues its replies "
                      "(traffic.source_queue >= 1; traffic.source_queue=0)");
  // A bounded reply queue (docs/model.md §4.7 "Consumption"): a request is consumed only when
  // its whole reply fits, so the queue must hold one reply; the NIC's injection VCs are split
  // by class, so there must be two; the injection VC of a class is chosen by JSQ.
  const int64_t rq = c.get_int("traffic.reply_queue");
  if (rq != 0) {
    if (rq < c.get_int("traffic.reply_size"))
      throw ConfigError("traffic.reply_queue=" + c.get_str("traffic.reply_queue") +
                        " is smaller than traffic.reply_size=" + c.get_str("traffic.reply_size") +
                        ": a reply would never fit and no request could be consumed; allowed: 0 "
                        "(unbounded) or at least traffic.reply_size");
    if (c.get_int("router.vcs_injection") < 2)
      throw ConfigError("traffic.reply_queue=" + c.get_str("traffic.reply_queue") +
                        ": the injection port's VCs are split into request and reply sets, "
                        "which needs router.vcs_injection >= 2 (router.vcs_injection=" +
                        c.get_str("router.vcs_injection") + ")");
    if (c.get_str("traffic.injection_vc") != "jsq")
      throw ConfigError("traffic.reply_queue=" + c.get_str("traffic.reply_queue") +
                        ": the NIC picks its class's injection VC by JSQ; traffic.injection_vc=" +
                        c.get_str("traffic.injection_vc") +
                        " is not supported with it (allowed: "
                        "jsq)");
    if (c.get_str("traffic.throttling") != "none")
      throw ConfigError("traffic.reply_queue=" + c.get_str("traffic.reply_queue") +
                        ": not supported with traffic.throttling=" +
                        c.get_str("traffic.throttling") + " (allowed: none)");
  }
  if (c.get_str("router.request_reply_vcs") == "shared") {
    if (c.get_str("router.vc_management") != "baseline")
      throw ConfigError(
          "router.request_reply_vcs=shared: applies to router.vc_management="
          "baseline only (router.vc_management=" +
          c.get_str("router.vc_management") +
          "; FlexVC's concatenated sequence is Theorem 2's own arrangement)");
    for (const char* key : {"router.reply_vcs_local", "router.reply_vcs_global"})
      if (c.is_explicit(key) && c.get_int(key) != 0)
        throw ConfigError(std::string(key) + "=" + c.get_str(key) +
                          ": router.request_reply_vcs=shared has no reply VC set");
  }
  // The reply VCs are the last of the port's VCs; the requests keep at least one (each set's
  // minimum is the VC management's check: validate_routing, check_flexvc_paths).
  if (c.get_str("topology.type") == "dragonfly")
    for (const char* cls : {"local", "global"}) {
      const std::string reply = std::string("router.reply_vcs_") + cls,
                        all = std::string("router.vcs_") + cls;
      if (c.get_int(reply) != 0 && c.get_int(reply) >= c.get_int(all))
        throw ConfigError(reply + "=" + c.get_str(reply) + ": the reply VCs are the last of " +
                          all + "=" + c.get_str(all) +
                          " and the requests need the others; allowed: 0 (the VC management's "
                          "own split) or 1 to " +
                          std::to_string(c.get_int(all) - 1));
    }
}

// SAT injection throttling (traffic.throttling=sat; docs/model.md "SAT injection throttling"): the
// CIOQ router's NIC with a source queue (its injection queue), k >= l. Whether the topology has a
// ring is the builder's check (Topology::sat_ring).
void validate_throttling(const Config& c) {
  if (c.get_str("traffic.throttling") != "sat") {
    for (const char* key : {"traffic.sat_l", "traffic.sat_k"})
      if (c.is_explicit(key))
        throw ConfigError(std::string(key) + "=" + c.get_str(key) +
                          ": applies to traffic.throttling=sat only (traffic.throttling=" +
                          c.get_str("traffic.throttling") + ")");
    return;
  }
  if (c.get_int("traffic.sat_k") < c.get_int("traffic.sat_l"))
    throw ConfigError("traffic.sat_k=" + c.get_str("traffic.sat_k") +
                      ": must be at least traffic.sat_l=" + c.get_str("traffic.sat_l") +
                      " (seed 004 Sec. 2.1: k >= l; allowed: " + c.get_str("traffic.sat_l") +
                      " to 1048576)");
  if (c.get_str("router.architecture") != "cioq")
    throw ConfigError(
        "traffic.throttling=sat: needs router.architecture=cioq (router.architecture=" +
        c.get_str("router.architecture") + ")");
  if (c.get_int("qos.sls") != 0)
    throw ConfigError(
        "traffic.throttling=sat: takes no service levels (qos.sls=" + c.get_str("qos.sls") + ")");
  if (c.get_int("traffic.source_queue") == 0)
    throw ConfigError(
        "traffic.throttling=sat: needs a source queue, the injection queue SAT throttles "
        "(traffic.source_queue >= 1; traffic.source_queue=0)");
}

void validate_topology_and_traffic(const Config& c) {
  // The shape first (its entry in the topology catalogue); the schema has refused other names.
  const TopologyEntry& topo = *topology_entry(c.get_str("topology.type"));
  // Keys of another topology, or of a port class this topology does not have, are errors.
  for (const auto& s : config_schema()) {
    if (!c.is_explicit(s.name) || key_applies_to_topology(s.name, topo)) continue;
    const std::string cls = port_class_of_key(s.name);
    std::string allowed;
    if (cls.empty()) {
      for (const char* k : topo.keys) allowed += (allowed.empty() ? "" : ", ") + std::string(k);
      std::string owners;  // the topologies that list the key
      for (const TopologyEntry& e : topology_catalog())
        for (const char* k : e.keys)
          if (std::string(k) == s.name) owners += (owners.empty() ? "" : "|") + std::string(e.name);
      throw ConfigError(std::string(s.name) + "=" + c.get_str(s.name) +
                        ": not a key of topology.type=" + topo.name + " (its keys: " + allowed +
                        ")" + (owners.empty() ? "" : "; a key of topology.type=" + owners));
    }
    for (const char* k : topo.port_classes)
      allowed += (allowed.empty() ? "" : ", ") + std::string(k);
    throw ConfigError(std::string(s.name) + "=" + c.get_str(s.name) +
                      ": topology.type=" + topo.name + " has no port class '" + cls +
                      "' (its port classes: " + allowed + ")");
  }
  if (const std::string e = topo.check(c); !e.empty()) throw ConfigError(e);
  // routing.trunk_select chooses among a trunk's links (docs/model.md "Meshes and tori"): it needs
  // trunks. Its adaptive choice is the CIOQ router's (the routing VC's credits, every cycle the
  // head waits) or the switches' (the VL's queue, once when the packet is routed; §10.6).
  if (c.is_explicit("routing.trunk_select") && key_applies_to_topology("topology.trunk", topo) &&
      c.get_int("topology.trunk") == 1)
    throw ConfigError("routing.trunk_select=" + c.get_str("routing.trunk_select") +
                      ": applies to topology.trunk >= 2 only (topology.trunk=1: one link per "
                      "direction)");
  const int64_t groups = topo.partitions(c);
  const std::string groups_name = topo.partition_count_name;
  if (c.get_str("traffic.pattern") == "adv") {
    const int64_t off = c.get_int("traffic.adv_offset");
    if (off % groups == 0)
      throw ConfigError("traffic.adv_offset=" + std::to_string(off) +
                        ": must not be a multiple of the " + groups_name + " = " +
                        std::to_string(groups) + " (ADV+i sends to group G+i, never to G)");
  }
  const bool has2 = c.get_str("traffic.pattern2") != "none";
  if (!has2) {
    for (const char* k : {"traffic.mix", "traffic.switch_cycle", "traffic.adv_offset2"})
      if (c.is_explicit(k))
        throw ConfigError(std::string(k) + "=" + c.get_str(k) + ": needs traffic.pattern2 (" +
                          traffic_pattern_names() + "); traffic.pattern2=none");
  } else {
    const bool mix = c.get_float("traffic.mix") > 0, sw = c.get_int("traffic.switch_cycle") >= 0;
    if (mix == sw)
      throw ConfigError("traffic.pattern2=" + c.get_str("traffic.pattern2") +
                        ": set exactly one of traffic.mix (> 0, a mixed pattern) and "
                        "traffic.switch_cycle (>= 0, a transient); traffic.mix=" +
                        c.get_str("traffic.mix") +
                        ", traffic.switch_cycle=" + c.get_str("traffic.switch_cycle"));
    if (c.get_str("traffic.pattern2") == "adv" && c.get_int("traffic.adv_offset2") % groups == 0)
      throw ConfigError("traffic.adv_offset2=" + c.get_str("traffic.adv_offset2") +
                        ": must not be a multiple of the " + groups_name + " = " +
                        std::to_string(groups));
  }
  if (c.is_explicit("traffic.adv_offset") && c.get_str("traffic.pattern") != "adv")
    throw ConfigError("traffic.adv_offset=" + c.get_str("traffic.adv_offset") +
                      ": applies to traffic.pattern=adv only (traffic.pattern=" +
                      c.get_str("traffic.pattern") + ")");
  const auto adversarial = [](const std::string& p) { return p == "adv" || p == "advc"; };
  if (c.is_explicit("traffic.adv_target") && !adversarial(c.get_str("traffic.pattern")) &&
      !adversarial(c.get_str("traffic.pattern2")))
    throw ConfigError("traffic.adv_target=" + c.get_str("traffic.adv_target") +
                      ": applies to traffic.pattern or traffic.pattern2 = adv|advc only "
                      "(traffic.pattern=" +
                      c.get_str("traffic.pattern") +
                      ", traffic.pattern2=" + c.get_str("traffic.pattern2") + ")");
  // adv and advc draw from the partitions (a Dragonfly group): only topologies whose partitions
  // all hold nodes have them. The other patterns' rules (a power-of-2 node count, a square grid,
  // ...) are their registry entries' checks (sim/traffic/traffic.h).
  PatternShape shape;
  shape.nodes = topo.nodes(c);
  if (topo.grid != nullptr) shape.grid = topo.grid(c);
  for (const char* key : {"traffic.pattern", "traffic.pattern2"}) {
    const std::string& pat = c.get_str(key);
    if (adversarial(pat) && !topo.partition_traffic) {
      std::string allowed;
      for (const TrafficPatternEntry& e : traffic_pattern_registry())
        if (!adversarial(e.name) && (e.check == nullptr || e.check(shape).empty()))
          allowed += (allowed.empty() ? "" : "|") + std::string(e.name);
      throw ConfigError(std::string(key) + "=" + pat + ": the group-based patterns adv|advc need " +
                        "topology.type=dragonfly (topology.type=" + topo.name + " allows " +
                        allowed + ")");
    }
    const TrafficPatternEntry* e = traffic_pattern_entry(pat);
    if (e == nullptr || e->check == nullptr) continue;  // "none", or a pattern without rules
    if (const std::string why = e->check(shape); !why.empty())
      throw ConfigError(std::string(key) + "=" + pat + ": " + why);
  }
  // With service levels each SL's qos.pattern reads it (validate_qos checks that one does).
  if (c.is_explicit("traffic.hotspot_fraction") &&
      c.get_str("traffic.source") != "service_levels" &&
      c.get_str("traffic.pattern") != "hotspot" && c.get_str("traffic.pattern2") != "hotspot")
    throw ConfigError("traffic.hotspot_fraction=" + c.get_str("traffic.hotspot_fraction") +
                      ": applies to traffic.pattern or traffic.pattern2 = hotspot only "
                      "(traffic.pattern=" +
                      c.get_str("traffic.pattern") +
                      ", traffic.pattern2=" + c.get_str("traffic.pattern2") + ")");
  if (c.is_explicit("traffic.burst_length") && c.get_str("traffic.pattern") != "bursty_uniform")
    throw ConfigError("traffic.burst_length=" + c.get_str("traffic.burst_length") +
                      ": applies to traffic.pattern=bursty_uniform only (traffic.pattern=" +
                      c.get_str("traffic.pattern") + ")");
  if (c.get_bool("traffic.burst_wait")) {
    // FOGSim's waiting burst generator (docs/model.md §3): a Bursty-UN chain whose packets the
    // CIOQ router's NIC writes into the injection buffer at once.
    const std::pair<const char*, const char*> needs[] = {{"traffic.pattern", "bursty_uniform"},
                                                         {"traffic.source_queue", "0"},
                                                         {"traffic.source", "bernoulli"},
                                                         {"router.architecture", "cioq"}};
    for (const auto& [key, value] : needs) {
      const bool ok = std::string(key) == "traffic.source_queue" ? c.get_int(key) == 0
                                                                 : c.get_str(key) == value;
      if (!ok)
        throw ConfigError("traffic.burst_wait=true: needs " + std::string(key) + "=" + value +
                          " (" + key + "=" + c.get_str(key) +
                          "; the waiting burst generator, docs/model.md §3); allowed otherwise: "
                          "traffic.burst_wait=false");
    }
  }
  if (c.get_str("traffic.pattern2") == "bursty_uniform")
    throw ConfigError(
        "traffic.pattern2=bursty_uniform: the bursts are the node's generation process, so "
        "bursty_uniform is allowed as traffic.pattern only, without a second pattern");
  if (c.get_str("traffic.pattern") == "bursty_uniform" && c.get_str("traffic.pattern2") != "none")
    throw ConfigError("traffic.pattern2=" + c.get_str("traffic.pattern2") +
                      ": traffic.pattern=bursty_uniform takes no second pattern (none)");
  validate_request_reply(c);
  validate_throttling(c);
  std::vector<uint32_t> fullrate;
  if (!parse_node_list(c.get_str("traffic.fullrate_nodes"), shape.nodes, fullrate))
    throw ConfigError("traffic.fullrate_nodes=" + quote_value(c.get_str("traffic.fullrate_nodes")) +
                      ": must be none or distinct node indices in [0, " +
                      std::to_string(shape.nodes - 1) + "] separated by commas (the topology has " +
                      std::to_string(shape.nodes) + " nodes)");
  if (c.get_str("traffic.pattern") == "uniform" && topo.nodes(c) < 2)
    throw ConfigError("traffic.pattern=uniform needs at least 2 nodes (topology has 1)");
}

void validate_buffers(const Config& c) {
  if (c.is_explicit("router.damq_private") && c.get_str("router.buffer_model") != "damq")
    throw ConfigError("router.damq_private=" + c.get_str("router.damq_private") +
                      ": applies to router.buffer_model=damq only (router.buffer_model=" +
                      c.get_str("router.buffer_model") + ")");
  if (c.is_explicit("router.damq_injection") && c.get_str("router.buffer_model") != "damq")
    throw ConfigError("router.damq_injection=" + c.get_str("router.damq_injection") +
                      ": applies to router.buffer_model=damq only (router.buffer_model=" +
                      c.get_str("router.buffer_model") + ")");
  const int64_t S = c.get_int("packet.size");
  std::vector<std::string> keys;
  for (const char* cls : topology_entry(c.get_str("topology.type"))->port_classes)
    keys.push_back(std::string("router.buffer_") + cls);
  keys.push_back("router.buffer_output");
  for (const std::string& k : keys) {
    if (c.get_int(k) < S)
      throw ConfigError(k + "=" + std::to_string(c.get_int(k)) +
                        ": must hold at least one whole packet (packet.size=" + std::to_string(S) +
                        " phits) under Virtual Cut-Through");
  }
}

// True if the family applies: it has no parent, or its parent key selects its parent value.
bool family_selected(const Config& c, const StrategyFamily& f) {
  return f.parent_key == nullptr || c.get_str(f.parent_key) == f.parent_value;
}

// True if a selected strategy of a selected family reads `key`.
bool key_read(const Config& c, const std::string& key) {
  for (const auto& f : strategy_catalog()) {
    if (!family_selected(c, f)) continue;
    for (const char* k : strategy_info(f, c.get_str(f.key))->keys)
      if (key == k) return true;
  }
  return false;
}

// "<family key>=<names of the entries that read key> only (<family key>=<selected>)": the first
// family whose entries read `key`; when that family is not selected, its parent's value instead.
std::string readers_of(const Config& c, const std::string& key) {
  for (const auto& f : strategy_catalog()) {
    std::string names;
    for (const auto& e : f.entries)
      for (const char* k : e.keys)
        if (key == k) names += (names.empty() ? "" : "|") + std::string(e.name);
    if (names.empty()) continue;
    if (!family_selected(c, f))
      return std::string(f.parent_key) + "=" + f.parent_value + " only (" + f.parent_key + "=" +
             c.get_str(f.parent_key) + ")";
    return std::string(f.key) + "=" + names + " only (" + f.key + "=" + c.get_str(f.key) + ")";
  }
  return "";
}

// True if a routing of catalogue topology `topologies` ('|'-separated; nullptr: any) routes on
// topology.type=`type`.
bool routes_on(const char* topologies, const std::string& type) {
  if (topologies == nullptr) return true;
  std::istringstream is(topologies);
  std::string t;
  while (std::getline(is, t, '|'))
    if (t == type) return true;
  return false;
}

// The routing algorithms that route on topology.type=`type`, '|'-separated.
std::string routings_of(const std::string& type) {
  std::string names;
  for (const StrategyInfo& e : strategy_family("routing.algorithm")->entries)
    if (routes_on(e.topology, type)) names += (names.empty() ? "" : "|") + std::string(e.name);
  return names.empty() ? "none" : names;
}

// Keys of the strategy catalogue must not be set when no selected strategy reads them.
void validate_strategy_keys(const Config& c) {
  for (const auto& s : config_schema()) {
    const std::string key = s.name;
    if (!c.is_explicit(key) || key_read(c, key)) continue;
    const std::string readers = readers_of(c, key);
    if (!readers.empty()) throw ConfigError(key + "=" + c.get_str(key) + ": applies to " + readers);
  }
}

// The routing part: keys, ECtN's broadcast period, and the VCs the algorithm needs
// (distance-based deadlock avoidance, thesis 000 Sec. 1.3, 1.4.1; the minimum of each algorithm
// is in the strategy catalogue).
void validate_routing(const Config& c) {
  validate_strategy_keys(c);
  // UGAL weighted by hops has no F (PiggyBack's saturation bits have their own coefficient,
  // routing.piggyback_coef).
  const std::string& algorithm = c.get_str("routing.algorithm");
  if ((algorithm == "ugal" || algorithm == "pb") && c.is_explicit("routing.ugal_f") &&
      c.get_str("routing.ugal_compare") == "queue_hops")
    throw ConfigError("routing.ugal_f=" + c.get_str("routing.ugal_f") +
                      ": not used by routing.ugal_compare=queue_hops (Q_MIN*H_MIN <= "
                      "Q_VAL*H_VAL + T has no F) with routing.algorithm=" +
                      algorithm);
  if (c.is_explicit("routing.piggyback_bits") && c.get_str("routing.mincred") == "off")
    throw ConfigError("routing.piggyback_bits=" + c.get_str("routing.piggyback_bits") +
                      ": applies to routing.mincred=vc|port only (routing.mincred=off: the bits "
                      "read every packet's occupancy)");
  if (c.is_explicit("routing.valiant_group_draw") && c.get_str("routing.valiant") != "group")
    throw ConfigError("routing.valiant_group_draw=" + c.get_str("routing.valiant_group_draw") +
                      ": applies to routing.valiant=group only (routing.valiant=" +
                      c.get_str("routing.valiant") + ")");
  const std::string alg = c.get_str("routing.algorithm");
  const StrategyInfo& info = *strategy_info(*strategy_family("routing.algorithm"), alg);
  const std::string type = c.get_str("topology.type");
  if (!routes_on(info.topology, type))
    throw ConfigError("routing.algorithm=" + alg + ": routes on topology.type=" + info.topology +
                      " only (topology.type=" + type + "); the routings of topology.type=" + type +
                      " are " + routings_of(type));
  // The routing's own checks beyond the schema (its topology's catalogue entry).
  const TopologyEntry& topo = *topology_entry(type);
  if (topo.check_routing != nullptr)
    if (const std::string e = topo.check_routing(c); !e.empty()) throw ConfigError(e);
  // FlexVC's minima are its own (seed 002 Table III): the routing checks its paths when it is
  // built (sim/routing/dragonfly/flexvc_vcs.h).
  if (c.get_str("router.vc_management") == "flexvc") {
    if (type != "dragonfly")
      throw ConfigError(
          "router.vc_management=flexvc: needs topology.type=dragonfly (its "
          "reference sequences are the Dragonfly's, seed 002 Sec. III-C); "
          "topology.type=" +
          type);
    return;
  }
  // Request-reply under the baseline (sim/routing/request_reply.h; thesis 000 Sec. 5.2.2): the
  // VCs of each class are split into request and reply halves, each the routing's minimum.
  // With router.reply_vcs_<class> set, the reply set is the last that many VCs and the request
  // set the others, each holding the routing's reference path (the sets need not be equal).
  // router.request_reply_vcs=shared: no split (both classes on every VC).
  const bool rr = c.get_str("traffic.source") == "request_reply" &&
                  c.get_str("router.request_reply_vcs") == "separate";
  const auto reply_key_set = [&](const std::string& cls) {
    const std::string key = "router.reply_vcs_" + cls;
    return (cls == "local" || cls == "global") && c.get_int(key) != 0;
  };
  if (rr)
    for (const ClassVcs& m : info.min_vcs) {
      const std::string cls = m.port_class;
      if (!reply_key_set(cls)) continue;
      const std::string key = "router.vcs_" + cls, reply = "router.reply_vcs_" + cls;
      const int64_t want = topo.min_vcs != nullptr ? topo.min_vcs(c, m.port_class, m.vcs) : m.vcs;
      const int64_t all = c.get_int(key), replies = c.get_int(reply);
      if (replies >= want && all - replies >= want) continue;
      throw ConfigError(
          reply + "=" + c.get_str(reply) + " with " + key + "=" + c.get_str(key) +
          ": traffic.source=request_reply under router.vc_management=baseline gives requests the "
          "first " +
          key + " - " + reply + " VCs and replies the last " + reply + ", and each set needs the " +
          std::to_string(want) + " " + cls + " VCs of routing.algorithm=" + alg +
          "'s reference path (thesis 000 Sec. 5.2.2); allowed: " + reply + " from " +
          std::to_string(want) + " to " + key + " - " + std::to_string(want) +
          (all >= 2 * want ? " = " + std::to_string(all - want)
                           : " (" + key + " >= " + std::to_string(2 * want) + ")") +
          ", or 0 for equal halves");
    }
  if (rr)
    for (const ClassVcs& m : info.min_vcs) {
      const std::string key = std::string("router.vcs_") + m.port_class;
      if (reply_key_set(m.port_class)) continue;
      if (c.get_int(key) % 2 != 0)
        throw ConfigError(
            key + "=" + c.get_str(key) +
            ": traffic.source=request_reply under router.vc_management=baseline "
            "splits each port's VCs into equal request and reply halves, so the "
            "count must be even (thesis 000 Sec. 5.2.2)" +
            (std::string(m.port_class) == "local" || std::string(m.port_class) == "global"
                 ? std::string(", or router.reply_vcs_") + m.port_class +
                       " must say how many are the reply VCs"
                 : std::string()));
    }
  std::string need, have;
  bool enough = true;
  for (const ClassVcs& m : info.min_vcs) {
    const std::string key = std::string("router.vcs_") + m.port_class;
    const int64_t want =
        (rr ? 2 : 1) * (topo.min_vcs != nullptr ? topo.min_vcs(c, m.port_class, m.vcs) : m.vcs);
    need += (need.empty() ? "" : " and ") + std::to_string(want) + " " + m.port_class;
    have += (have.empty() ? "" : ", ") + key + "=" + std::to_string(c.get_int(key));
    enough = enough && c.get_int(key) >= want;
  }
  if (!enough)
    throw ConfigError("routing.algorithm=" + alg + " needs at least " + need + " VCs for " +
                      (rr ? "deadlock freedom with request-reply traffic (the baseline's request "
                            "and reply VC sets, thesis 000 Sec. 5.2.2); "
                          : "deadlock freedom; ") +
                      have);
}

}  // namespace

// router.age_timestamp: gen_qinf | gen_q<x> (1 <= x <= 1048576) | inj_time | accumulated.
bool parse_age_timestamp(const std::string& v, uint32_t* queue) {
  if (v == "gen_qinf" || v == "inj_time" || v == "accumulated") return true;
  if (v.size() < 6 || v.compare(0, 5, "gen_q") != 0 || v.size() > 12) return false;
  uint64_t x = 0;
  for (size_t k = 5; k < v.size(); ++k) {
    if (v[k] < '0' || v[k] > '9' || (k == 5 && v[k] == '0')) return false;
    x = x * 10 + static_cast<uint64_t>(v[k] - '0');
  }
  if (x < 1 || x > 1048576) return false;
  if (queue != nullptr) *queue = static_cast<uint32_t>(x);
  return true;
}

SourceQueuePlan source_queue_plan(const Config& c) {
  SourceQueuePlan p;
  p.capacity = static_cast<uint32_t>(c.get_int("traffic.source_queue"));
  p.unbounded = c.get_bool("traffic.application_queue");
  const bool age = c.get_str("router.input_arbitration") == "age" ||
                   c.get_str("router.output_arbitration") == "age";
  if (!age) return p;
  const std::string& ts = c.get_str("router.age_timestamp");
  uint32_t x = 0;
  if (ts == "gen_qinf") {
    // The ideal generation time: no attempt is ever refused (seed 004 Sec. 4.2), the queue
    // starting at traffic.source_queue packets (at least one) and doubling when full.
    p.unbounded = true;
    if (p.capacity == 0) p.capacity = 1;
  } else if (ts.compare(0, 5, "gen_q") == 0 && parse_age_timestamp(ts, &x)) {
    p.capacity = x;
    p.unbounded = false;
  }
  return p;
}

void validate_config(const Config& c) {
  validate_topology_and_traffic(c);
  if (!parse_age_timestamp(c.get_str("router.age_timestamp"), nullptr))
    throw ConfigError("router.age_timestamp=" + quote_value(c.get_str("router.age_timestamp")) +
                      ": allowed gen_qinf, gen_q<x> with 1 <= x <= 1048576 packets (e.g. "
                      "gen_q24), inj_time, accumulated");
  if (c.get_str("router.transit_rr_pointer") == "per_class" &&
      c.get_str("router.output_arbitration") != "transit_rr")
    throw ConfigError(
        "router.transit_rr_pointer=per_class: read only with "
        "router.output_arbitration=transit_rr (set: " +
        c.get_str("router.output_arbitration") + "); allowed here: shared");
  validate_buffers(c);
  validate_routing(c);
  validate_qos(c);
  if (c.get_int("sim.warmup") + c.get_int("sim.measure") > 1073741823)
    throw ConfigError("sim.warmup + sim.measure must not exceed 1073741823 cycles");
  if (c.get_str("sim.mode") == "batch") {
    if (c.get_bool("sim.drain"))
      throw ConfigError(
          "sim.drain=true: not allowed with sim.mode=batch (a batch run ends with "
          "its last batch); allowed: sim.drain=false");
    if (c.get_int("sim.warmup") +
            c.get_int("sim.batches") * (c.get_int("sim.batch_max_cycles") + 1) >
        1073741823)
      throw ConfigError(
          "sim.batches=" + std::to_string(c.get_int("sim.batches")) +
          ", sim.batch_max_cycles=" + std::to_string(c.get_int("sim.batch_max_cycles")) +
          ": sim.warmup + sim.batches * (sim.batch_max_cycles + 1) must not exceed "
          "1073741823 cycles");
  }
}

std::string contention_threshold_warning(const Config& c) {
  if (c.get_str("routing.algorithm") != "olm" || c.get_str("routing.trigger") == "credit")
    return "";
  // Mean VCs per input port over the router's ports, and its injection ports.
  const TopologyEntry& topo = *topology_entry(c.get_str("topology.type"));
  const std::vector<ClassPorts> ports = topo.ports(c);
  double vcs = 0, radix = 0;
  for (size_t k = 0; k < ports.size(); ++k) {
    vcs +=
        ports[k].per_router * double(c.get_int(std::string("router.vcs_") + topo.port_classes[k]));
    radix += ports[k].per_router;
  }
  const double mean_vcs = vcs / radix;
  const int64_t lower = static_cast<int64_t>(std::ceil(2 * mean_vcs - 1e-9));
  const int64_t upper = static_cast<int64_t>(ports[kInjectionClass].per_router);
  const int64_t th = c.get_int("routing.threshold");
  if (th >= lower && th <= upper) return "";
  char buf[512];
  std::snprintf(
      buf, sizeof buf,
      "routing.threshold=%lld lies outside the valid range %lld <= th <= %lld of seed 001 "
      "Sec. VI-A (2 x %.2f mean VCs per input port <= th <= p = %lld)%s",
      static_cast<long long>(th), static_cast<long long>(lower), static_cast<long long>(upper),
      mean_vcs, static_cast<long long>(upper),
      lower > upper ? "; no threshold is valid for this router: with p < 2 x mean VCs, "
                      "contention counters cannot tell adversarial from uniform traffic "
                      "at injection"
                    : "");
  return buf;
}

}  // namespace netcosim
