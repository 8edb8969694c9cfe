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
  void on_cycle(uint64_t cycle) {
    if (!tfp_ || chunk_ == 0 || cycle == 0 || cycle % chunk_ != 0) return;
    tfp_->close();
    const uint64_t k = cycle / chunk_;
    if (k >= 2) {
      std::error_code ec;
      std::filesystem::remove(name(k - 2), ec);
    }
    open(k);
  }
  void finish() {
    if (tfp_) tfp_->close();
  }
  std::vector<std::string> files() const {
    std::vector<std::string> r;
    if (current_ >= 1 && chunk_ != 0) r.push_back(name(current_ - 1));
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
  std::unique_ptr<VerilatedVcdSc> tfp_;
};

}  // namespace netcosim::sc
