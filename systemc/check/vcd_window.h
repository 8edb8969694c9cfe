// The VCD window of a co-simulation (docs/cosim.md, "VCD window"): the RTL's waveforms in chunks,
// the two most recent kept, so that the cycles around a mismatch are on disk.
#pragma once

#include <verilated_vcd_sc.h>

#include <cstdint>
#include <filesystem>
#include <memory>
#include <stdexcept>
#include <string>
#include <system_error>
#include <utility>
#include <vector>

#include <systemc>

namespace netcosim::sc {

// VCD of the RTL: chunk files of vcd_chunk cycles, the two most recent kept, so that the window
// around a failing cycle (at least one chunk before it, kCyclesAfterMismatch after) is on disk.
// A chunk that cannot be opened throws std::runtime_error (the benches create and probe the
// directory before elaboration, and end a run whose chunk cannot be written with exit status 2).
class VcdWindow {
 public:
  VcdWindow(std::string dir, std::string base, uint64_t chunk)
      : dir_(std::move(dir)), base_(std::move(base)), chunk_(chunk) {}
  template <class Dut>
  void start(Dut& dut) {
    tfp_ = std::make_unique<VerilatedVcdSc>();
    dut.trace(tfp_.get(), 99);
    open(0);
  }
  // Called with increasing cycles, not necessarily every cycle (a router's block socket is
  // evaluated only in the cycles its router allocates): a cycle past the current chunk opens its
  // chunk and keeps the current one as the chunk before it.
  void on_cycle(uint64_t cycle) {
    if (!tfp_ || chunk_ == 0) return;
    const uint64_t k = cycle / chunk_;
    if (k <= current_) return;
    tfp_->close();
    if (current_ >= 1) {
      std::error_code ec;
      std::filesystem::remove(name(previous_), ec);
    }
    previous_ = current_;
    open(k);
  }
  void finish() {
    if (tfp_) tfp_->close();
  }
  std::vector<std::string> files() const {
    std::vector<std::string> r;
    if (current_ >= 1 && chunk_ != 0) r.push_back(name(previous_));
    r.push_back(name(current_));
    return r;
  }

 private:
  std::string name(uint64_t k) const {
    if (chunk_ == 0) return dir_ + "/" + base_ + ".vcd";
    return dir_ + "/" + base_ + "_c" + std::to_string(k * chunk_) + ".vcd";
  }
  void open(uint64_t k) {
    current_ = k;
    tfp_->open(name(k).c_str());
    if (!tfp_->isOpen()) {
      throw std::runtime_error("--vcd '" + dir_ + "': cannot write " + name(k));
    }
  }
  std::string dir_, base_;
  uint64_t chunk_;
  uint64_t current_ = 0;
  uint64_t previous_ = 0;  // the chunk before current_ (kept on disk)
  std::unique_ptr<VerilatedVcdSc> tfp_;
};

}  // namespace netcosim::sc
