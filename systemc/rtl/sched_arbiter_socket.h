// The round-robin and DRR output schedulers' block sockets (docs/cosim.md, "Verilated blocks
// inside a network"), as the DTable's (systemc/rtl/dtable_arbiter_socket.h):
//   - rr_arbiter: the Verilated rtl/rr_arbiter.sv of every output port of an OPA or IB switch with
//     router.output_scheduler=rr, as the port's SL arbiter (RrSlScheduler's arbiter over the SLs,
//     thesis 003 Sec. 4.3.1; N = the SLs). The round robin among an SL's VLs stays the C++
//     model's (the DTable socket's rule).
//   - drr_arbiter: the Verilated rtl/drr_arbiter.sv of every output port of a switch with
//     router.output_scheduler=drr (DrrSlBlock; V = the SLs rounded up to a power of two, QW = SW =
//     16: VlSwitchConfig::drr_params_for), its quanta written before the first decision, one lane
//     per edge after one edge of reset.
// The switch (VlSwitch::send<true>) calls the socket, a model::RrBlock or model::DrrBlock given
// with RouterModel::set_rr_block / set_drr_block, for each decision of a port whose link is free
// and which has a head that can start, with the requesting (active) SLs, for DRR their head
// packets' sizes in 64-B credits, and its C++ arbiter's choice; and again when the granted SL's
// packet starts (accept).
// One decision (inside the network's SC_THREAD): the inputs driven on the port's instance; two
// delta cycles (the grant is combinational); the grant and the registers read.
//   Rtl mode: a grant of an SL that does not request (or, rr_arbiter, a grant that is not
//   one-hot) stops the run; the RTL's SL is the switch's (none when it grants nothing);
//   Shadow mode: the grant and the registers (rr_arbiter: ptr; drr_arbiter: cur, in_service,
//   deficit[]) are compared with the C++ arbiter's decision and registers; the first difference
//   stops the run (SimulationFailure, exit status 3) naming the router, the cycle, the outputs
//   (`gnt[3]`: output port 3; `deficit[3.1]`: its SL 1) and the inputs.
// One accept: one clock edge of the port's instance with update (rr_arbiter) or accept
// (drr_arbiter) high, the decision's inputs still driven: the RTL's pointer moves past the grant,
// or its deficit is charged the packet's size (DRR charges a packet at once).
// Each instance has its own clock (only the port that accepts sees an edge).
//
// Fault (SocketFault, --rtl-fault rr_arbiter|drr_arbiter:R:C[:PORT]): at the first decision of
// router R at or after cycle C on output PORT (default: any output) for which the C++ arbiter
// grants, the instance's req/active input is driven 0: the RTL grants nothing, once.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include <systemc>

#include "sim/blocks/drr_arbiter.h"
#include "sim/blocks/rr_arbiter.h"
#include "sim/util/failure.h"
#include "systemc/blocks/ports.h"
#include "systemc/rtl/sched_socket_core.h"

namespace netcosim::sc {

// ---- rr_arbiter ----

class RrLane : public SchedLane {
 public:
  virtual unsigned n() const = 0;
  virtual void drive(uint64_t req, bool update) = 0;
  virtual void read(uint64_t& gnt, uint32_t& ptr) const = 0;

 protected:
  using SchedLane::SchedLane;
};

template <class Vtop, int N>
class RrLaneRtl final : public RrLane {
 public:
  static constexpr int PW = index_width(N);
  static_assert(N >= 2 && N <= 64, "rtl/rr_arbiter.sv: requests read as 64 bits");

  RrLaneRtl(const std::string& name, sc_core::sc_signal<bool>& rst, const SocketOptions& opt)
      : RrLane(name),
        s_update_((name + "_update").c_str()),
        s_req_((name + "_req").c_str()),
        s_gnt_((name + "_gnt").c_str()),
        s_ptr_((name + "_ptr").c_str()),
        rtl_(std::make_unique<Vtop>(name.c_str())) {
    rtl_->clk(s_clk_);
    rtl_->rst(rst);
    rtl_->req(s_req_);
    rtl_->update(s_update_);
    rtl_->gnt(s_gnt_);
    rtl_->ptr(s_ptr_);
    if (!opt.vcd_dir.empty()) vcd_ = std::make_unique<VcdWindow>(opt.vcd_dir, name, opt.vcd_chunk);
  }
  ~RrLaneRtl() override {
    if (vcd_) vcd_->finish();
  }
  unsigned n() const override { return N; }
  void start_vcd() override {
    if (vcd_) vcd_->start(*rtl_);
  }
  void drive(uint64_t req, bool update) override {
    s_req_.write(packed<Port<N>>(N, {{0, req}}, N));
    s_update_.write(update);
  }
  void read(uint64_t& gnt, uint32_t& ptr) const override {
    gnt = field(s_gnt_.read(), 0, N);
    ptr = static_cast<uint32_t>(field(s_ptr_.read(), 0, PW));
  }

 private:
  sc_core::sc_signal<bool> s_update_;
  sc_core::sc_signal<Port<N>> s_req_, s_gnt_;
  sc_core::sc_signal<Port<PW>> s_ptr_;
  std::unique_ptr<Vtop> rtl_;
};

class RrSocket final : public model::RrBlock, public SchedSocketCore<RrLane> {
 public:
  RrSocket(const std::string& name, const SocketOptions& opt) : SchedSocketCore(name, opt) {}
  void add_lane(std::unique_ptr<RrLane> lane) {
    lanes_.push_back(std::move(lane));
    req_.push_back(0);
  }
  void set_first_output(uint32_t first) override { first_output_ = first; }
  // Its instances' N (the first's; add_lane's are of one set) and their number.
  bool shape(Shape& s) const override {
    if (lanes_.empty()) return false;
    s.N = lanes_[0]->n();
    s.ports = static_cast<uint32_t>(lanes_.size());
    return true;
  }

  int select(uint32_t port, uint64_t req, int model, const model::RoundRobinArbiter& arb) override {
    if (!reset_done_) reset();
    const uint64_t now = begin_decision(port);
    RrLane& lane = *lanes_[port];
    const bool fault = fault_now(now, port, model >= 0);
    req_[port] = fault ? 0 : req;
    lane.drive(req_[port], false);
    sc_core::wait(sc_core::SC_ZERO_TIME);
    sc_core::wait(sc_core::SC_ZERO_TIME);
    uint64_t gnt = 0;
    uint32_t ptr = 0;
    lane.read(gnt, ptr);
    const int rtl = gnt == 0 ? -1 : __builtin_ctzll(gnt);
    if (opt_.mode == SocketMode::Shadow) {
      checker_.begin();
      diff("gnt", port, -1, model >= 0 ? uint64_t{1} << model : 0, gnt);
      diff("ptr", port, -1, arb.pointer(), ptr);
      if (checker_.failed())
        shadow_failure(opt_.router, "rr_arbiter", now, checker_.diffs(),
                       "inputs (output: requesting SLs)", describe(port, req), lane.vcd());
      return model;
    }
    if ((gnt & (gnt - 1)) != 0 || (gnt & ~req) != 0)
      throw SimulationFailure("router " + std::to_string(opt_.router) +
                              ": rr_arbiter RTL of output " + std::to_string(output_of(port)) +
                              " at cycle " + std::to_string(now) + ": grants " + hex_of(gnt) +
                              ", not one requesting SL; inputs: " + describe(port, req));
    return rtl;
  }
  // The granted SL's packet starts: one edge with update high (req still driven).
  void accept(uint32_t port, uint32_t /*sl*/) override {
    RrLane& lane = *lanes_[port];
    lane.drive(req_[port], true);
    sc_core::wait(sc_core::SC_ZERO_TIME);
    sched_edge(lane.clk());
    lane.drive(req_[port], false);
  }

 private:
  // Reset over one edge, the requests at rest.
  void reset() {
    for (auto& l : lanes_) l->drive(0, false);
    reset_all();
    sc_core::wait(sc_core::SC_ZERO_TIME);
    reset_done_ = true;
  }
  std::string describe(uint32_t port, uint64_t req) const {
    return std::to_string(output_of(port)) + ": req " + hex_of(req);
  }

  std::vector<uint64_t> req_;  // per port: the requests its last decision drove
  bool reset_done_ = false;
};

// ---- drr_arbiter ----

class DrrLane : public SchedLane {
 public:
  struct Outputs {
    bool gnt_valid = false, in_service = false;
    uint32_t gnt_vl = 0, cur = 0;
    uint64_t deficit[model::DrrArbiter::kMaxVls] = {};
  };
  virtual unsigned lanes() const = 0;
  virtual model::DrrParams params() const = 0;
  virtual void drive_config(bool we, unsigned addr, uint32_t quantum) = 0;
  virtual void drive(uint32_t active, const uint32_t* size) = 0;
  virtual void set_accept(bool accept) = 0;
  virtual void read(Outputs& o) const = 0;

 protected:
  using SchedLane::SchedLane;
};

template <class Vtop, int V, int QW, int SW>
class DrrLaneRtl final : public DrrLane {
 public:
  static constexpr int VW = index_width(V), AW = (QW > SW ? QW : SW) + 1;
  static_assert(V >= 2 && V <= static_cast<int>(model::DrrArbiter::kMaxVls) && (V & (V - 1)) == 0,
                "rtl/drr_arbiter.sv: V a power of two, at most the model's lanes");
  static_assert(AW <= 64 && QW <= 32 && SW <= 32, "registers read as 64 bits, inputs as 32");

  DrrLaneRtl(const std::string& name, sc_core::sc_signal<bool>& rst, const SocketOptions& opt)
      : DrrLane(name),
        s_cfg_we_((name + "_cfg_we").c_str()),
        s_accept_((name + "_accept").c_str()),
        s_cfg_addr_((name + "_cfg_addr").c_str()),
        s_cfg_quantum_((name + "_cfg_quantum").c_str()),
        s_active_((name + "_active").c_str()),
        s_size_((name + "_size").c_str()),
        s_gnt_valid_((name + "_gnt_valid").c_str()),
        s_in_service_((name + "_in_service").c_str()),
        s_gnt_vl_((name + "_gnt_vl").c_str()),
        s_cur_((name + "_cur").c_str()),
        s_deficit_((name + "_deficit").c_str()),
        rtl_(std::make_unique<Vtop>(name.c_str())) {
    rtl_->clk(s_clk_);
    rtl_->rst(rst);
    rtl_->cfg_we(s_cfg_we_);
    rtl_->cfg_addr(s_cfg_addr_);
    rtl_->cfg_quantum(s_cfg_quantum_);
    rtl_->active(s_active_);
    rtl_->size(s_size_);
    rtl_->accept(s_accept_);
    rtl_->gnt_valid(s_gnt_valid_);
    rtl_->gnt_vl(s_gnt_vl_);
    rtl_->cur(s_cur_);
    rtl_->in_service(s_in_service_);
    rtl_->deficit(s_deficit_);
    if (!opt.vcd_dir.empty()) vcd_ = std::make_unique<VcdWindow>(opt.vcd_dir, name, opt.vcd_chunk);
  }
  ~DrrLaneRtl() override {
    if (vcd_) vcd_->finish();
  }
  unsigned lanes() const override { return V; }
  model::DrrParams params() const override {
    model::DrrParams p;
    p.vls = V;
    p.quantum_bits = QW;
    p.size_bits = SW;
    return p;
  }
  void start_vcd() override {
    if (vcd_) vcd_->start(*rtl_);
  }
  void drive_config(bool we, unsigned addr, uint32_t quantum) override {
    s_cfg_we_.write(we);
    s_cfg_addr_.write(packed<Port<VW>>(VW, {{0, we ? addr : 0u}}, VW));
    s_cfg_quantum_.write(packed<Port<QW>>(QW, {{0, we ? quantum : 0u}}, QW));
  }
  void drive(uint32_t active, const uint32_t* size) override {
    drive_active_sizes<V, SW>(s_active_, s_size_, active, size);
  }
  void set_accept(bool accept) override { s_accept_.write(accept); }
  void read(Outputs& o) const override {
    o.gnt_valid = s_gnt_valid_.read();
    o.gnt_vl = static_cast<uint32_t>(field(s_gnt_vl_.read(), 0, VW));
    o.cur = static_cast<uint32_t>(field(s_cur_.read(), 0, VW));
    o.in_service = s_in_service_.read();
    const auto d = s_deficit_.read();
    for (int v = 0; v < V; ++v) o.deficit[v] = field(d, v * AW, AW);
  }

 private:
  sc_core::sc_signal<bool> s_cfg_we_, s_accept_;
  sc_core::sc_signal<Port<VW>> s_cfg_addr_;
  sc_core::sc_signal<Port<QW>> s_cfg_quantum_;
  sc_core::sc_signal<Port<V>> s_active_;
  sc_core::sc_signal<Port<V * SW>> s_size_;
  sc_core::sc_signal<bool> s_gnt_valid_, s_in_service_;
  sc_core::sc_signal<Port<VW>> s_gnt_vl_, s_cur_;
  sc_core::sc_signal<Port<V * AW>> s_deficit_;
  std::unique_ptr<Vtop> rtl_;
};

class DrrSocket final : public model::DrrBlock, public SchedSocketCore<DrrLane> {
 public:
  // `quanta`: the switch's, per SL (written into every instance); `sls`: the switch's SLs (the
  // RTL's V may be more, those lanes have quantum 0 and are never active).
  DrrSocket(const std::string& name, const SocketOptions& opt, std::vector<uint32_t> quanta)
      : SchedSocketCore(name, opt),
        quanta_(std::move(quanta)),
        sls_(static_cast<uint32_t>(quanta_.size())) {}
  void add_lane(std::unique_ptr<DrrLane> lane) {
    lanes_.push_back(std::move(lane));
    out_.emplace_back();
  }
  void set_first_output(uint32_t first) override { first_output_ = first; }
  // Its instances' parameter set (the first's; add_lane's are of one set) and their number.
  bool shape(Shape& s) const override {
    if (lanes_.empty()) return false;
    const model::DrrParams p = lanes_[0]->params();
    s.V = p.vls;
    s.QW = p.quantum_bits;
    s.SW = p.size_bits;
    s.ports = static_cast<uint32_t>(lanes_.size());
    return true;
  }

  uint32_t select(uint32_t port, uint32_t active, const uint32_t* size, uint32_t model,
                  const model::DrrArbiter& arb) override {
    if (!programmed_) program();
    const uint64_t now = begin_decision(port);
    DrrLane& lane = *lanes_[port];
    const uint32_t driven =
        fault_now(now, port, model != model::DrrArbiter::kNoGrant) ? 0u : active;
    uint32_t sz[model::DrrArbiter::kMaxVls] = {};
    for (uint32_t s = 0; s < sls_; ++s) sz[s] = (active >> s) & 1u ? size[s] : 0u;
    lane.drive(driven, sz);
    sc_core::wait(sc_core::SC_ZERO_TIME);
    sc_core::wait(sc_core::SC_ZERO_TIME);
    DrrLane::Outputs& o = out_[port];
    lane.read(o);
    if (opt_.mode == SocketMode::Shadow) {
      checker_.begin();
      const bool mv = model != model::DrrArbiter::kNoGrant;
      diff("gnt_valid", port, -1, mv ? 1 : 0, o.gnt_valid ? 1 : 0);
      diff("gnt_vl", port, -1, mv ? model : 0, o.gnt_vl);
      diff("cur", port, -1, arb.cur(), o.cur);
      diff("in_service", port, -1, arb.in_service() ? 1 : 0, o.in_service ? 1 : 0);
      for (unsigned v = 0; v < lane.lanes(); ++v)
        diff("deficit", port, static_cast<int>(v), arb.deficit(v), o.deficit[v]);
      if (checker_.failed())
        shadow_failure(opt_.router, "drr_arbiter", now, checker_.diffs(),
                       "inputs (output: active SLs, head packet sizes in credits)",
                       describe(port, active, sz), lane.vcd());
      return model;
    }
    if (o.gnt_valid && (o.gnt_vl >= sls_ || ((active >> o.gnt_vl) & 1u) == 0))
      throw SimulationFailure("router " + std::to_string(opt_.router) +
                              ": drr_arbiter RTL of output " + std::to_string(output_of(port)) +
                              " at cycle " + std::to_string(now) + ": grants SL " +
                              std::to_string(o.gnt_vl) +
                              ", which is not active; inputs: " + describe(port, active, sz));
    return o.gnt_valid ? o.gnt_vl : model::DrrArbiter::kNoGrant;
  }
  // The granted SL's packet starts: one edge with accept high (the inputs still driven).
  void accept(uint32_t port, uint32_t /*sl*/) override {
    DrrLane& lane = *lanes_[port];
    lane.set_accept(true);
    sc_core::wait(sc_core::SC_ZERO_TIME);
    sched_edge(lane.clk());
    lane.set_accept(false);
  }

 private:
  // Reset over one edge, then the quanta, one lane per edge, on every instance at once.
  void program() {
    for (auto& l : lanes_) {
      l->drive_config(false, 0, 0);
      l->set_accept(false);
    }
    reset_all();
    for (uint32_t s = 0; s < sls_; ++s) {
      for (auto& l : lanes_) l->drive_config(true, s, quanta_[s]);
      sc_core::wait(sc_core::SC_ZERO_TIME);
      edge_all();
    }
    for (auto& l : lanes_) l->drive_config(false, 0, 0);
    sc_core::wait(sc_core::SC_ZERO_TIME);
    programmed_ = true;
  }
  std::string describe(uint32_t port, uint32_t active, const uint32_t* sz) const {
    std::string s = std::to_string(output_of(port)) + ": active " + hex_of(active) + ", size";
    for (uint32_t l = 0; l < sls_; ++l) s += " " + std::to_string(sz[l]);
    return s;
  }

  std::vector<uint32_t> quanta_;
  uint32_t sls_;
  std::vector<DrrLane::Outputs> out_;
  bool programmed_ = false;
};

}  // namespace netcosim::sc
