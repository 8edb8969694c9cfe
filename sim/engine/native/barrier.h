// A reusable barrier for the worker threads of one native run (C++17 has no std::barrier).
#pragma once

#include <condition_variable>
#include <cstdint>
#include <mutex>

namespace netcosim {

class Barrier {
 public:
  explicit Barrier(uint32_t n) : n_(n) {}
  void arrive_and_wait() {
    std::unique_lock<std::mutex> lock(m_);
    const uint64_t gen = gen_;
    if (++count_ == n_) {
      count_ = 0;
      ++gen_;
      cv_.notify_all();
    } else {
      cv_.wait(lock, [&] { return gen_ != gen; });
    }
  }

 private:
  std::mutex m_;
  std::condition_variable cv_;
  uint32_t n_, count_ = 0;
  uint64_t gen_ = 0;
};

}  // namespace netcosim
