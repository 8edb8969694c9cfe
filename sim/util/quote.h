// The one escaping function for text written into gnuplot scripts (file names, titles).
//
// gnuplot (5.4 manual, "Syntax" / "Quote marks"): in a single-quoted string every character is
// literal except the quote itself, which is written twice; no backquote command substitution and
// no macro (@) substitution happens inside quotes. A single-quoted string cannot span lines, so a
// newline, carriage return or other control character is spliced in as a double-quoted escape
// with the string concatenation operator '.': 'a'."\n".'b' (the "\ooo" octal escape of
// double-quoted strings). Non-ASCII bytes (UTF-8) are copied unchanged.
//
// yosys scripts get no paths: `netcosim area` runs yosys in the RTL directory and names the files
// by their bare names (sim/cli/area_cmd.cpp).
#pragma once

#include <cstdio>
#include <string>

namespace netcosim::util {

// A gnuplot string expression whose value is exactly `s`.
inline std::string gnuplot_quote(const std::string& s) {
  std::string out = "'";
  for (char c : s) {
    const auto u = static_cast<unsigned char>(c);
    if (u < 0x20 || u == 0x7f) {
      char esc[16];
      std::snprintf(esc, sizeof esc, "'.\"\\%03o\".'", u);
      out += esc;
    } else {
      out += c;
      if (c == '\'') out += '\'';
    }
  }
  return out + "'";
}

}  // namespace netcosim::util
