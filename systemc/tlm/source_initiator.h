// A loosely timed TLM-2.0 traffic generator (docs/systemc.md, "The TLM interface"): offers the
// packets of a netcosim traffic source (sim/traffic/source.h; e.g. the node's configured source,
// TlmNetwork::take_native_source, which reproduces the built-in generator's packets) to a node's
// target socket, each at its generation cycle as a local time of a tlm_quantumkeeper: it runs
// ahead of SystemC time by at most the TLM global quantum (the network's period) and syncs at
// each quantum's start, before the network simulates the quantum.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include <tlm_utils/simple_initiator_socket.h>
#include <tlm_utils/tlm_quantumkeeper.h>
#include <systemc>
#include <tlm>

#include "sim/traffic/source.h"
#include "systemc/tlm/packet_extension.h"

namespace netcosim::sc {

class SourceInitiator : public sc_core::sc_module {
 public:
  tlm_utils::simple_initiator_socket<SourceInitiator> socket{"socket"};

  SC_HAS_PROCESS(SourceInitiator);
  // Offers the packets `source` generates before cycle `stop`, each of `phits` phits.
  SourceInitiator(const sc_core::sc_module_name& name, std::unique_ptr<TrafficSource> source,
                  uint32_t phits, Cycle stop)
      : sc_core::sc_module(name), source_(std::move(source)), phits_(phits), stop_(stop) {
    gp_.set_extension(&ext_);
    gp_.set_command(tlm::TLM_WRITE_COMMAND);
    SC_THREAD(run);
  }
  ~SourceInitiator() override { gp_.clear_extension(&ext_); }

  // The switches built on service levels (TlmNetwork::class_phits): a packet of class c < size
  // is class_phits[c] phits, the others `phits`; before sc_start.
  void set_class_phits(std::vector<uint32_t> class_phits) { class_phits_ = std::move(class_phits); }

  uint64_t offered() const { return offered_; }
  uint64_t refused() const { return refused_; }  // answered with an error status
  const std::string& last_error() const { return last_error_; }

 private:
  void run() {
    tlm_utils::tlm_quantumkeeper qk;
    qk.reset();
    const sc_core::sc_time ns(1, sc_core::SC_NS);
    for (;;) {
      const Cycle g = source_->next();
      if (g == kNone || g >= stop_) return;
      // The packet's local time; in a later quantum, the keeper first syncs to that quantum's
      // start (not beyond it: the network simulates a quantum just after its start).
      const sc_core::sc_time at = static_cast<double>(g) * ns;
      const sc_core::sc_time start = at - at % tlm::tlm_global_quantum::instance().get();
      if (start > sc_core::sc_time_stamp()) {
        qk.set(start - sc_core::sc_time_stamp());
        qk.sync();
      }
      qk.set(at > sc_core::sc_time_stamp() ? at - sc_core::sc_time_stamp() : sc_core::SC_ZERO_TIME);
      const TrafficDescriptor d = source_->generate();
      for (uint32_t k = 0; k < d.packets; ++k) {
        ext_.dst = d.dst;
        ext_.phits = d.cls < class_phits_.size() ? class_phits_[d.cls] : phits_;
        ext_.cls = d.cls;
        ext_.tag = offered_ + 1;
        sc_core::sc_time delay = qk.get_local_time();
        gp_.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
        socket->b_transport(gp_, delay);
        qk.set(delay);
        ++offered_;
        if (gp_.get_response_status() != tlm::TLM_OK_RESPONSE) {
          ++refused_;
          last_error_ = ext_.error;
        }
      }
    }
  }

  std::unique_ptr<TrafficSource> source_;
  uint32_t phits_;
  std::vector<uint32_t> class_phits_;
  Cycle stop_;
  tlm::tlm_generic_payload gp_;
  PacketExtension ext_;
  uint64_t offered_ = 0, refused_ = 0;
  std::string last_error_;
};

}  // namespace netcosim::sc
