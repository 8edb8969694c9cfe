// CycleStepper (sim/router/router_stepper.h): steps a run of routers of one architecture cycle by
// cycle, every active router once per cycle in array order, inactive routers not at all, and
// reports the last cycle in which a packet moved.
#include <gtest/gtest.h>

#include <utility>
#include <vector>

#include "sim/router/router_model.h"

namespace netcosim {
namespace {

using Log = std::vector<std::pair<uint32_t, Cycle>>;  // (router, cycle) of each step

// A router that is active in the cycles of `active_mask` (bit t: cycle t) and moves a packet in
// those of `move_mask`, recording its steps.
class FakeRouter final : public RouterModel {
 public:
  FakeRouter(uint32_t id, uint64_t active_mask, uint64_t move_mask, Log& log)
      : id_(id), active_(active_mask), move_(move_mask), log_(log) {}

  bool active(Cycle now) const override { return (active_ >> now) & 1u; }
  bool step(Cycle now, StatsSink&) override {
    log_.emplace_back(id_, now);
    return (move_ >> now) & 1u;
  }
  const RouterStepper& stepper() const override {
    static const CycleStepper<FakeRouter> s;
    return s;
  }

  uint32_t id() const override { return id_; }
  uint32_t radix() const override { return 0; }
  PortClass port_class(uint32_t) const override { return 1; }  // a router-to-router class
  uint32_t packet_size() const override { return 1; }
  uint32_t vcs_per_port() const override { return 1; }
  void connect_output(uint32_t, Link*) override {}
  void connect_input(uint32_t, Link*) override {}
  void attach_nic(uint32_t, Nic*) override {}
  void set_vc_check(const VcOrder*) override {}
  Cycle zero_load_cycles() const override { return 0; }
  Cycle credit_interval() const override { return 1; }
  uint32_t input_capacity_phits(uint32_t, uint32_t) const override { return 1; }
  uint32_t input_port_packets(uint32_t) const override { return 1; }
  void enqueue_at_source(Nic&, const SourceEntry&) override {}
  void source_replaced(Nic&) override {}
  void collect_remote() override {}
  bool step_nics(Cycle, StatsSink&) override { return false; }
  bool step_nic(uint32_t, Cycle, StatsSink&) override { return false; }
  bool step_core(Cycle, StatsSink&) override { return false; }
  bool core_active(Cycle) const override { return false; }
  bool nic_active(uint32_t, Cycle) const override { return false; }
  Cycle nic_next_generation(uint32_t) const override { return kNone; }
  bool nic_answers(uint32_t) const override { return false; }
  const std::vector<uint32_t>& nic_ports() const override { return no_ports_; }
  uint32_t resident() const override { return 0; }
  bool settled(Cycle) const override { return true; }
  std::string describe_blocked(Cycle, size_t) const override { return {}; }
  HeadView head_view(uint32_t, uint32_t) const override { return {}; }
  uint32_t input_occupancy(uint32_t, uint32_t) const override { return 0; }
  uint32_t output_credits(uint32_t, uint32_t) const override { return 0; }

 private:
  uint32_t id_;
  uint64_t active_, move_;
  Log& log_;
  std::vector<uint32_t> no_ports_;
};

TEST(CycleStepper, StepsEveryActiveRouterOncePerCycleInArrayOrderCycleByCycle) {
  Log log;
  // Router 0 active in cycles 2, 3; router 1 in 3, 4; router 2 never.
  FakeRouter r0(0, 0b01100, 0, log), r1(1, 0b11000, 0b01000, log), r2(2, 0, 0, log);
  RouterModel* routers[] = {&r0, &r1, &r2};
  StatsSink sink;
  const Cycle last = r0.stepper().run(routers, 3, 2, 5, sink, /*last_move=*/kNone);
  const Log expected = {{0, 2}, {0, 3}, {1, 3}, {1, 4}};
  EXPECT_EQ(log, expected);
  EXPECT_EQ(last, 3u);  // router 1 moved a packet in cycle 3 only
}

TEST(CycleStepper, KeepsThePreviousLastMoveWhenNothingMovesAndStopsBeforeTo) {
  Log log;
  FakeRouter r0(0, ~uint64_t{0}, 0, log);
  RouterModel* routers[] = {&r0};
  StatsSink sink;
  EXPECT_EQ(r0.stepper().run(routers, 1, 4, 7, sink, /*last_move=*/1), 1u);
  const Log expected = {{0, 4}, {0, 5}, {0, 6}};
  EXPECT_EQ(log, expected);
  EXPECT_EQ(r0.stepper().run(routers, 1, 7, 7, sink, 1), 1u);  // an empty window steps nothing
  EXPECT_EQ(log.size(), 3u);
}

TEST(CycleStepper, RoutersOfOneTypeShareOneStepper) {
  Log log;
  FakeRouter a(0, 0, 0, log), b(1, 0, 0, log);
  EXPECT_EQ(&a.stepper(), &b.stepper());  // the engine groups runs of routers by stepper
}

}  // namespace
}  // namespace netcosim
