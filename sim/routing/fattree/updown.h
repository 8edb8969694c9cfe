// Up*/down* routing on the k-ary n-tree (sim/topology/fattree.h; docs/model.md "Fat tree"): a
// packet goes up until it reaches a common ancestor of its source and destination (a switch of
// level common_level(src, dst)), then down along the unique path to the destination (down port
// at level l: the destination's digit l). Four choices of the up port (thesis 003 Sec. 5.5.2
// runs a fat tree with oblivious load spreading; paper 004 Sec. 3 with an oblivious choice by the
// source and an adaptive one):
//   updown          deterministic, D-mod-k: at level l the up port k + the destination's digit
//                   l, so the packets to one destination descend along one path from their
//                   common ancestor, and the k nodes of a level-0 switch are reached through k
//                   different switches of level 1 (with digit l+1 instead, they would all share
//                   one down link and uniform traffic would saturate at 1/k);
//   updown_source   deterministic, S-mod-k: at level l the up port k + the source's digit l (paper
//                   004 Sec. 3: "the oblivious implementation selects the upward path depending
//                   on the source node"), so the k nodes of a level-0 switch leave it through k
//                   different up links;
//   updown_random   a random up port per hop, from the router's stream;
//   updown_adaptive the up port whose output VC has the most free credits (ties to the lowest
//                   port), decided again every cycle the head waits.
// One VC (0) on every tree link: up*/down* has no down-to-up turn, so its channel dependencies
// follow the levels; VC order "t0*" (a repeatable position, sim/routing/vc_order.h).
#pragma once

#include <string>

#include "sim/routing/routing.h"
#include "sim/topology/fattree.h"

namespace netcosim {

enum class UpChoice : uint8_t { DestinationDigit, SourceDigit, Random, MostCredits };

class UpDownRouting final : public RoutingAlgorithm {
 public:
  UpDownRouting(const FatTree& topo, UpChoice choice) : topo_(topo), choice_(choice) {}
  const char* name() const override {
    return choice_ == UpChoice::DestinationDigit ? "updown"
           : choice_ == UpChoice::SourceDigit    ? "updown_source"
           : choice_ == UpChoice::Random         ? "updown_random"
                                                 : "updown_adaptive";
  }
  bool adaptive() const override { return choice_ == UpChoice::MostCredits; }
  RouteResult route(const PortView& q, const Packet& pkt, Rng& rng) const override;
  // The D-mod-k route (the sensors' minimal output; no sensor is used by these routings).
  uint32_t minimal_output(uint32_t router, const Packet& pkt) const override;
  VcOrder vc_order() const override {
    return VcOrder::from_reference("t0*", ft::port_class_names());
  }

 private:
  const FatTree& topo_;
  UpChoice choice_;
};

// The fat tree a routing of this folder is built on: `topo` itself when it is one, else a
// ConfigError naming routing.algorithm=`algorithm` and the topology.
const FatTree& fattree_of(const Topology& topo, const std::string& algorithm);
// The fat tree's routings, in catalogue order (appended by routing_registry()).
const std::vector<RoutingRegistryEntry>& fattree_routing_registry();

}  // namespace netcosim
