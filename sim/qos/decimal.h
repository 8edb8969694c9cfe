// Exact decimal numbers for the QoS configuration tools (sim/qos/dtable_design.h): the shares
// phi_i and the decoupling parameters w and k are decimal fractions (0.094, 0.5), and the entry
// weights are ceilings and roundings of their products (thesis 003 Sec. 4.3.3.3), which binary
// floating point can move by one at an exact integer (100 x 0.07 is 7.000000000000001 in double,
// whose ceiling is 8), and the backtracking's comparisons at a boundary (4 x 2.8 / 32 > 0.35 holds
// after adding 0.1 to 0.5 23 times in double). Every comparison and rounding is done on integers.
#pragma once

#include <cstdint>
#include <string>

namespace netcosim::qos {

using i128 = __int128;

// num / den with den = 10^digits; the text as it was given.
struct Decimal {
  int64_t num = 0;
  int64_t den = 1;
  std::string text;
  double value() const { return static_cast<double>(num) / static_cast<double>(den); }
};

// "[0-9]+" or "[0-9]+.[0-9]{1,9}" or ".[0-9]{1,9}", at most 1e9; false otherwise.
inline bool parse_decimal(const std::string& s, Decimal& out) {
  if (s.empty() || s.size() > 20) return false;
  int64_t num = 0, den = 1;
  bool dot = false, digits = false;
  int frac = 0;
  for (char c : s) {
    if (c == '.') {
      if (dot) return false;
      dot = true;
      continue;
    }
    if (c < '0' || c > '9') return false;
    digits = true;
    if (dot && ++frac > 9) return false;
    num = num * 10 + (c - '0');
    if (dot) den *= 10;
    if (num > int64_t{1000000000} * den) return false;
  }
  if (!digits || (dot && frac == 0)) return false;
  out = Decimal{num, den, s};
  return true;
}

// Decimal with `tenths` / 10 (the backtracking's steps of 0.1).
inline Decimal tenths(int64_t t) {
  const std::string s = std::to_string(t / 10) + "." + std::to_string(t % 10);
  return Decimal{t, 10, s};
}

// ceil(a / b) and round(a / b) (half away from zero) for b > 0.
inline i128 ceil_div(i128 a, i128 b) {
  return a >= 0 ? (a + b - 1) / b : -((-a) / b);
}
inline i128 round_div(i128 a, i128 b) {
  return a >= 0 ? (2 * a + b) / (2 * b) : -((-2 * a + b) / (2 * b));
}

}  // namespace netcosim::qos
