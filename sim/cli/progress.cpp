#include "sim/cli/progress.h"

#include <cmath>
#include <cstdio>

namespace netcosim::cli {

CycleProgress::~CycleProgress() {
  if (show_) std::fprintf(stderr, "\r%60s\r", "");
}

std::function<void(Cycle, Cycle)> CycleProgress::callback() const {
  if (!show_) return {};
  const auto start = start_;
  return [start](Cycle t, Cycle end) {
    const double el =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    const double frac = t >= end ? 1.0 : double(t) / end;
    const double eta = frac > 0 ? el * (1 - frac) / frac : 0;
    std::fprintf(stderr, "\r  cycle %u / %u (%3.0f%%)  ETA %.0f s   ", t, end, 100.0 * frac, eta);
  };
}

std::string format_duration(double s) {
  if (!std::isfinite(s) || s < 0) return "--:--";
  const long t = static_cast<long>(s + 0.5);
  char buf[32];
  if (t >= 3600)
    std::snprintf(buf, sizeof buf, "%ld:%02ld:%02ld", t / 3600, t / 60 % 60, t % 60);
  else
    std::snprintf(buf, sizeof buf, "%ld:%02ld", t / 60, t % 60);
  return buf;
}

void print_sweep_bar(double f, size_t finished, size_t total, double el) {
  const int width = 30, fill = static_cast<int>(f * width);
  std::fprintf(stderr, "\r  [%s%s] %3.0f%%  %zu/%zu runs  elapsed %s  ETA %s ",
               std::string(fill, '#').c_str(), std::string(width - fill, '.').c_str(), 100 * f,
               finished, total, format_duration(el).c_str(),
               f > 0.005 ? format_duration(el * (1 - f) / f).c_str() : "--:--");
  std::fflush(stderr);
}

std::function<void(double, size_t, size_t)> sweep_bar(bool show) {
  if (!show) return {};
  const auto t0 = std::chrono::steady_clock::now();
  return [t0](double f, size_t done, size_t all) {
    print_sweep_bar(f, done, all,
                    std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
  };
}

void erase_sweep_bar() {
  std::fprintf(stderr, "\r%90s\r", "");
}

}  // namespace netcosim::cli
