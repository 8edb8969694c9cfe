// The configuration of the fat tree, meshes and tori (sim/topology/topology_catalog.cpp,
// sim/config/config.cpp): their keys, the shapes refused with the key, value and allowed form,
// the routings of each topology and their VC minima, keys of another topology refused, and the
// resolved configuration listing only the topology's keys.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "config_error.h"
#include "sim/config/config.h"

namespace netcosim {
namespace {

using test::error_of;

Config with(const std::vector<std::string>& sets) {
  Config c;
  for (const std::string& s : sets) c.set_override(s);
  return c;
}

std::string validation_error(const std::vector<std::string>& sets) {
  return error_of([&] { validate_config(with(sets)); });
}

TEST(TopologyConfig, DefaultShapesOfEachTopologyValidate) {
  EXPECT_EQ(validation_error({"topology.type=fattree", "routing.algorithm=updown"}), "");
  EXPECT_EQ(validation_error({"topology.type=mesh", "routing.algorithm=dor"}), "");
  EXPECT_EQ(validation_error({"topology.type=mesh", "routing.algorithm=mesh_adaptive"}), "");
  EXPECT_EQ(validation_error({"topology.type=torus", "routing.algorithm=dor"}), "");
  EXPECT_EQ(validation_error({"topology.type=torus", "routing.algorithm=dor", "topology.dims=8x8x8",
                              "routing.torus_deadlock=bubble", "router.vcs_x=1", "router.vcs_y=1",
                              "router.vcs_z=1"}),
            "");
}

TEST(TopologyConfig, MalformedDimsNameKeyValueAndForm) {
  for (const char* bad : {"8", "8x", "8x8x8x8", "1x8", "8x33", "08x8", "8X8", "a x b"})
    EXPECT_EQ(validation_error({"topology.type=torus", "routing.algorithm=dor",
                                std::string("topology.dims=") + bad}),
              std::string("topology.dims=") + bad +
                  ": must be AxB or AxBxC (2 or 3 dimensions), each a decimal integer in [2, 32] "
                  "(a dimension's hops fit the 5-bit hop counter)")
        << bad;
}

TEST(TopologyConfig, FatTreeShapeOutOfRange) {
  EXPECT_EQ(error_of([] { with({"topology.k=65"}); }),
            "topology.k=65 (--set): must be an integer in [2, 64] (fat tree: k of the k-ary n-tree "
            "(down and up ports per switch; radix 2k <= 64, or k for n = 1: one switch of k "
            "nodes))");
  EXPECT_EQ(validation_error({"topology.type=fattree", "routing.algorithm=updown", "topology.k=33",
                              "topology.n=2"}),
            "topology.k=33, topology.n=2: a switch of a k-ary n-tree with n >= 2 has radix 2k, at "
            "most 64 ports (k <= 32; k up to 64 for n = 1, one switch of k ports)");
  EXPECT_EQ(error_of([] { with({"topology.n=17"}); }),
            "topology.n=17 (--set): must be an integer in [1, 16] (fat tree: n of the k-ary n-tree "
            "(levels; 2(n-1) hops fit the 5-bit hop counter))");
  EXPECT_EQ(validation_error({"topology.type=fattree", "routing.algorithm=updown", "topology.k=32",
                              "topology.n=6"}),
            "topology.k=32, topology.n=6: k^n = 1073741824 nodes exceeds the supported maximum of "
            "100,000,000");
}

TEST(TopologyConfig, RoutingOfAnotherTopologyNamesWhatIsAllowed) {
  EXPECT_EQ(validation_error({"topology.type=fattree", "routing.algorithm=dor"}),
            "routing.algorithm=dor: routes on topology.type=mesh|torus only "
            "(topology.type=fattree); the routings of topology.type=fattree are "
            "updown|updown_source|updown_random|updown_adaptive");
  EXPECT_EQ(validation_error({"routing.algorithm=updown"}),
            "routing.algorithm=updown: routes on topology.type=fattree only "
            "(topology.type=dragonfly); the routings of topology.type=dragonfly are "
            "min|val|olm|ugal|pb|par");
  EXPECT_EQ(validation_error({"topology.type=torus", "routing.algorithm=updown"}),
            "routing.algorithm=updown: routes on topology.type=fattree only "
            "(topology.type=torus); the routings of topology.type=torus are dor|mesh_adaptive");
  EXPECT_EQ(validation_error({"topology.type=mesh", "routing.algorithm=min"}),
            "routing.algorithm=min: routes on topology.type=dragonfly only (topology.type=mesh); "
            "the routings of topology.type=mesh are dor|mesh_adaptive");
}

TEST(TopologyConfig, TorusVcsForItsDeadlockAvoidance) {
  // Dateline: 2 VCs per dimension class (a 2D torus has no z port: 1).
  EXPECT_EQ(validation_error({"topology.type=torus", "routing.algorithm=dor", "router.vcs_x=1"}),
            "routing.algorithm=dor needs at least 2 x and 2 y and 1 z VCs for deadlock freedom; "
            "router.vcs_x=1, router.vcs_y=2, router.vcs_z=2");
  EXPECT_EQ(validation_error({"topology.type=torus", "routing.algorithm=dor", "router.vcs_z=1"}),
            "");
  EXPECT_EQ(validation_error({"topology.type=torus", "routing.algorithm=dor", "topology.dims=4x4x4",
                              "router.vcs_z=1"}),
            "routing.algorithm=dor needs at least 2 x and 2 y and 2 z VCs for deadlock freedom; "
            "router.vcs_x=2, router.vcs_y=2, router.vcs_z=1");
  // Bubble: 1 VC up to the router's 16, buffers of two packets.
  EXPECT_EQ(validation_error({"topology.type=torus", "routing.algorithm=dor",
                              "routing.torus_deadlock=bubble", "router.vcs_x=1", "router.vcs_y=1"}),
            "");
  EXPECT_EQ(validation_error({"topology.type=torus", "routing.algorithm=dor",
                              "routing.torus_deadlock=bubble", "router.vcs_y=16"}),
            "");
  EXPECT_EQ(validation_error({"topology.type=torus", "routing.algorithm=dor",
                              "routing.torus_deadlock=bubble", "router.buffer_x=8"}),
            "router.buffer_x=8: at least 2*packet.size=16 with routing.torus_deadlock=bubble (a "
            "packet entering a ring needs room for two)");
  // The adaptive bubble router: bubble flow control on its escape channel, 2 VCs per dimension.
  EXPECT_EQ(validation_error({"topology.type=torus", "routing.algorithm=mesh_adaptive"}),
            "routing.algorithm=mesh_adaptive with routing.torus_deadlock=dateline: on "
            "topology.type=torus the adaptive routing's escape channel is DOR under bubble flow "
            "control (the adaptive bubble router, paper 004 Sec. 3); allowed: "
            "routing.torus_deadlock=bubble");
  EXPECT_EQ(validation_error({"topology.type=torus", "routing.algorithm=mesh_adaptive",
                              "routing.torus_deadlock=bubble"}),
            "");
  EXPECT_EQ(
      validation_error({"topology.type=torus", "routing.algorithm=mesh_adaptive",
                        "routing.torus_deadlock=bubble", "topology.dims=3x3x3", "router.vcs_z=1"}),
      "routing.algorithm=mesh_adaptive needs at least 2 x and 2 y and 2 z VCs for deadlock "
      "freedom; router.vcs_x=2, router.vcs_y=2, router.vcs_z=1");
  // Mesh: DOR 1, the adaptive routing 2 (escape + adaptive).
  EXPECT_EQ(validation_error({"topology.type=mesh", "routing.algorithm=dor", "router.vcs_x=1",
                              "router.vcs_y=1"}),
            "");
  EXPECT_EQ(
      validation_error({"topology.type=mesh", "routing.algorithm=mesh_adaptive", "router.vcs_y=1"}),
      "routing.algorithm=mesh_adaptive needs at least 2 x and 2 y and 1 z VCs for deadlock "
      "freedom; router.vcs_x=2, router.vcs_y=1, router.vcs_z=2");
}

TEST(TopologyConfig, KeysOfAnotherTopologyOrClassAreRefused) {
  EXPECT_EQ(validation_error(
                {"topology.type=mesh", "routing.algorithm=dor", "routing.torus_deadlock=bubble"}),
            "routing.torus_deadlock=bubble: not a key of topology.type=mesh (its keys: "
            "topology.dims, topology.nodes_per_switch, topology.trunk, routing.trunk_select); a "
            "key of topology.type=torus");
  EXPECT_EQ(validation_error({"router.vcs_x=2"}),
            "router.vcs_x=2: topology.type=dragonfly has no port class 'x' (its port classes: "
            "injection, local, global)");
  EXPECT_EQ(validation_error(
                {"topology.type=fattree", "routing.algorithm=updown", "link.latency_local=5"}),
            "link.latency_local=5: topology.type=fattree has no port class 'local' (its port "
            "classes: injection, tree)");
  EXPECT_EQ(
      validation_error({"topology.type=fattree", "routing.algorithm=updown", "topology.dims=4x4"}),
      "topology.dims=4x4: not a key of topology.type=fattree (its keys: topology.k, "
      "topology.n); a key of topology.type=mesh|torus");
}

// topology.trunk and routing.trunk_select (docs/model.md "Meshes and tori"): the radix, the
// topologies without trunks, the selection without trunks or on the switches.
TEST(TopologyConfig, TrunksAreRefusedWhereTheyCannotBeBuilt) {
  const std::vector<std::string> torus = {"topology.type=torus", "routing.algorithm=dor"};
  auto plus = [&](std::vector<std::string> more) {
    std::vector<std::string> s = torus;
    s.insert(s.end(), more.begin(), more.end());
    return s;
  };
  EXPECT_EQ(validation_error(plus({"topology.trunk=10", "topology.nodes_per_switch=8"})), "");
  EXPECT_EQ(validation_error(
                plus({"topology.trunk=4", "topology.nodes_per_switch=4", "topology.dims=8x8x8"})),
            "");
  EXPECT_EQ(validation_error(plus({"topology.trunk=2", "routing.trunk_select=adaptive"})), "");
  EXPECT_EQ(validation_error(
                {"topology.type=mesh", "routing.algorithm=mesh_adaptive", "topology.trunk=3"}),
            "");
  EXPECT_EQ(validation_error(plus({"topology.trunk=0"})),
            "topology.trunk=0 (--set): must be an integer in [1, 15] (mesh/torus: links per "
            "neighbour direction, a trunk (thesis 003 Sec. 4.4.1, 5.5.2); radix nodes_per_switch + "
            "2*dimensions*trunk <= 64 (docs/model.md \"Meshes and tori\"))");
  EXPECT_EQ(validation_error(plus({"topology.trunk=15", "topology.nodes_per_switch=8"})),
            "topology.trunk=15: router radix nodes_per_switch + 2*dimensions*trunk = 8 + 2*2*15 = "
            "68 exceeds the supported maximum of 64 ports (the routers' 64-bit port masks)");
  EXPECT_EQ(validation_error({"topology.trunk=2"}),
            "topology.trunk=2: not a key of topology.type=dragonfly (its keys: topology.p, "
            "topology.a, topology.h, topology.arrangement); a key of topology.type=mesh|torus");
  EXPECT_EQ(
      validation_error({"topology.type=fattree", "routing.algorithm=updown", "topology.trunk=2"}),
      "topology.trunk=2: not a key of topology.type=fattree (its keys: topology.k, topology.n); a "
      "key of topology.type=mesh|torus");
  EXPECT_EQ(validation_error(plus({"routing.trunk_select=adaptive"})),
            "routing.trunk_select=adaptive: applies to topology.trunk >= 2 only (topology.trunk=1: "
            "one link per direction)");
  EXPECT_EQ(validation_error({"topology.type=mesh", "routing.algorithm=mesh_adaptive",
                              "topology.trunk=2", "routing.trunk_select=adaptive"}),
            "routing.trunk_select=adaptive: applies to routing.algorithm=dor only "
            "(routing.algorithm=mesh_adaptive)");
  // The switches choose the link per packet themselves (docs/model.md §10.6).
  for (const auto& [arch, map] :
       {std::pair<const char*, const char*>{"router.architecture=ib", "qos.sl2vl=0 1"},
        {"router.architecture=opa", "qos.sl2sc=0 1"}})
    EXPECT_EQ(validation_error(plus({"topology.trunk=2", "routing.trunk_select=adaptive", arch,
                                     "traffic.source=service_levels", "qos.sls=1", map})),
              "")
        << arch;
}

TEST(TopologyConfig, TrafficPatternsOfEachTopology) {
  EXPECT_EQ(
      validation_error(
          {"topology.type=fattree", "routing.algorithm=updown", "traffic.pattern=advc"}),
      "traffic.pattern=advc: the group-based patterns adv|advc need topology.type=dragonfly "
      "(topology.type=fattree allows uniform|bursty_uniform|bitcomp|bit_complement|shuffle|bitrev|"
      "transpose|tornado|hotspot|hotregion)");
  // 8x4 mesh, 32 nodes: no transpose (not square).
  EXPECT_EQ(validation_error({"topology.type=mesh", "routing.algorithm=dor", "topology.dims=8x4",
                              "traffic.pattern=adv"}),
            "traffic.pattern=adv: the group-based patterns adv|advc need topology.type=dragonfly "
            "(topology.type=mesh allows "
            "uniform|bursty_uniform|bitcomp|bit_complement|shuffle|bitrev|tornado|"
            "hotspot|hotregion)");
  EXPECT_EQ(validation_error({"topology.type=mesh", "routing.algorithm=dor", "topology.dims=3x4",
                              "traffic.pattern=bit_complement"}),
            "traffic.pattern=bit_complement: needs a power-of-2 node count (the topology has 12 "
            "nodes)");
  EXPECT_EQ(validation_error(
                {"topology.type=mesh", "routing.algorithm=dor", "traffic.pattern=bit_complement"}),
            "");
}

// The fairness patterns' rules (paper 004's 64-node networks pass), refused naming the key, the
// value and what is allowed.
TEST(TopologyConfig, FairnessPatternRules) {
  for (const char* p :
       {"shuffle", "bitrev", "transpose", "bitcomp", "tornado", "hotspot", "hotregion"}) {
    EXPECT_EQ(validation_error({"topology.type=mesh", "routing.algorithm=dor",
                                std::string("traffic.pattern=") + p}),
              "")
        << p;
    EXPECT_EQ(validation_error({"topology.type=fattree", "routing.algorithm=updown",
                                std::string("traffic.pattern=") + p}),
              "")
        << p;
  }
  EXPECT_EQ(validation_error({"topology.type=mesh", "routing.algorithm=dor", "topology.dims=8x4",
                              "traffic.pattern=transpose"}),
            "traffic.pattern=transpose: needs a square 2D grid, topology.dims=AxA "
            "(topology.dims=8x4)");
  EXPECT_EQ(validation_error({"topology.type=fattree", "routing.algorithm=updown", "topology.k=2",
                              "topology.n=3", "traffic.pattern2=transpose", "traffic.mix=0.5"}),
            "traffic.pattern2=transpose: needs a node count that is a power of 4, an even number "
            "of address bits (the topology has 8 nodes)");
  EXPECT_EQ(validation_error({"traffic.pattern=shuffle"}),
            "traffic.pattern=shuffle: needs a power-of-2 node count (the topology has 72 nodes)");
  EXPECT_EQ(validation_error({"traffic.pattern=tornado"}), "");  // the Dragonfly's ring of nodes
  EXPECT_EQ(validation_error({"topology.type=mesh", "routing.algorithm=dor", "topology.dims=2x2",
                              "traffic.pattern=hotregion"}),
            "traffic.pattern=hotregion: needs at least 8 nodes, its hot region being the first "
            "nodes/8 (the topology has 4 nodes)");
}

TEST(TopologyConfig, HotspotFractionAppliesToHotspotOnly) {
  EXPECT_EQ(validation_error({"traffic.pattern=hotspot", "traffic.hotspot_fraction=0.2"}), "");
  EXPECT_EQ(validation_error(
                {"traffic.pattern2=hotspot", "traffic.mix=0.5", "traffic.hotspot_fraction=0.2"}),
            "");
  EXPECT_EQ(validation_error({"traffic.hotspot_fraction=0.2"}),
            "traffic.hotspot_fraction=0.2: applies to traffic.pattern or traffic.pattern2 = "
            "hotspot only (traffic.pattern=uniform, traffic.pattern2=none)");
  EXPECT_EQ(error_of([] { with({"traffic.hotspot_fraction=1.5"}); }),
            "traffic.hotspot_fraction=1.5 (--set): must be a number in [0, 1] (decimal, optional "
            "exponent; hotspot (traffic.pattern or a qos.pattern entry): the fraction of the "
            "packets (SL messages) sent to node 0, the rest uniform (paper 004 Sec. 5.4))");
}

TEST(TopologyConfig, FullRateNodesAreDistinctNodeIndices) {
  const std::vector<std::string> mesh = {"topology.type=mesh", "routing.algorithm=dor"};
  auto err = [&](const std::string& v) {
    std::vector<std::string> sets = mesh;
    sets.push_back("traffic.fullrate_nodes=" + v);
    return validation_error(sets);
  };
  EXPECT_EQ(err("20,51"), "");
  EXPECT_EQ(err("none"), "");
  EXPECT_EQ(err("0"), "");
  EXPECT_EQ(err("63"), "");
  const std::string allowed =
      ": must be none or distinct node indices in [0, 63] separated by commas (the topology has "
      "64 nodes)";
  for (const char* bad : {"64", "20,,51", "20,51,", "1,1", "-1", "01", "20, 51", "x", ""})
    EXPECT_EQ(err(bad), std::string("traffic.fullrate_nodes=") + bad + allowed) << bad;
}

std::string resolved_keys(const Config& c) {
  std::string out;
  for (const auto& [k, v] : c.resolved()) out += k + " ";
  return out;
}

TEST(TopologyConfig, ResolvedListsOnlyTheTopologysKeys) {
  const std::string df = resolved_keys(Config());
  for (const char* k : {"topology.k", "topology.n", "topology.dims", "topology.nodes_per_switch",
                        "router.vcs_tree", "router.vcs_x", "router.buffer_z", "link.latency_tree",
                        "link.latency_y", "routing.torus_deadlock"})
    EXPECT_EQ(df.find(std::string(k) + " "), std::string::npos) << k;
  const std::string torus = resolved_keys(with({"topology.type=torus"}));
  for (const char* k : {"topology.dims", "topology.nodes_per_switch", "router.vcs_x",
                        "router.vcs_z", "link.latency_y", "routing.torus_deadlock"})
    EXPECT_NE(torus.find(std::string(k) + " "), std::string::npos) << k;
  for (const char* k : {"topology.p", "router.vcs_local", "link.latency_global", "topology.k"})
    EXPECT_EQ(torus.find(std::string(k) + " "), std::string::npos) << k;
  const std::string mesh = resolved_keys(with({"topology.type=mesh"}));
  EXPECT_EQ(mesh.find("routing.torus_deadlock "), std::string::npos);
  const std::string tree = resolved_keys(with({"topology.type=fattree"}));
  for (const char* k :
       {"topology.k", "topology.n", "router.vcs_tree", "router.buffer_tree", "link.latency_tree"})
    EXPECT_NE(tree.find(std::string(k) + " "), std::string::npos) << k;
}

}  // namespace
}  // namespace netcosim
