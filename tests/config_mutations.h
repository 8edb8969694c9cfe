// Mutations of configuration files for the fuzz (tests/unit/config/test_config_fuzz.cpp,
// tests/integration/test_cli_config.cpp): byte flips, control characters, BOMs, CR and CRLF line
// ends, huge and malformed numbers, duplicated, deleted and swapped lines, truncation.
#pragma once

#include <cstdint>
#include <random>
#include <string>
#include <vector>

namespace netcosim::test {

class ConfigMutator {
 public:
  explicit ConfigMutator(uint64_t seed) : rng_(seed) {}

  static constexpr int kKinds = 11;
  static const char* kind_name(int k) {
    static const char* names[kKinds] = {
        "byte flip",      "control character", "BOM",        "line ends",
        "number",         "duplicate line",    "truncation", "delete line",
        "section header", "printable garbage", "swap lines"};
    return names[k];
  }

  // One to three mutations of `base`; `kinds` receives a bit per kind applied.
  std::string mutate(const std::string& base, unsigned* kinds = nullptr) {
    std::string s = base;
    const int n = 1 + static_cast<int>(pick(3));
    for (int i = 0; i < n; ++i) {
      const int k = static_cast<int>(pick(kKinds));
      if (kinds) *kinds |= 1u << k;
      apply(k, s);
    }
    return s;
  }

 private:
  uint64_t pick(uint64_t n) {
    return n == 0 ? 0 : std::uniform_int_distribution<uint64_t>(0, n - 1)(rng_);
  }

  std::vector<std::string> lines(const std::string& s) {
    std::vector<std::string> out;
    size_t pos = 0;
    while (pos <= s.size()) {
      const size_t e = s.find('\n', pos);
      if (e == std::string::npos) {
        out.push_back(s.substr(pos));
        break;
      }
      out.push_back(s.substr(pos, e - pos));
      pos = e + 1;
    }
    return out;
  }
  static std::string join(const std::vector<std::string>& v) {
    std::string out;
    for (size_t i = 0; i < v.size(); ++i) out += (i ? "\n" : "") + v[i];
    return out;
  }

  void apply(int kind, std::string& s) {
    static const char* numbers[] = {"99999999999999999999999",
                                    "1e308",
                                    "1e309",
                                    "-1e-320",
                                    "1e-320",
                                    "9007199254740992",
                                    "2147483648",
                                    "1048577",
                                    "0x10",
                                    "0x1p-2",
                                    "inf",
                                    "nan",
                                    "-0",
                                    "+1",
                                    "1e-400",
                                    "4294967296",
                                    "-9223372036854775809",
                                    "65",
                                    "0",
                                    ".5",
                                    "5."};
    switch (kind) {
      case 0:  // byte flip
        if (!s.empty()) s[pick(s.size())] ^= static_cast<char>(1 + pick(255));
        break;
      case 1: {  // a control character (or DEL)
        const int c = static_cast<int>(pick(33));
        s.insert(pick(s.size() + 1), 1, static_cast<char>(c == 32 ? 0x7f : c));
        break;
      }
      case 2:  // UTF-8 BOM at the start or anywhere
        s.insert(pick(2) ? 0 : pick(s.size() + 1), "\xEF\xBB\xBF");
        break;
      case 3: {  // CR or CRLF line ends, all or one
        const std::string to = pick(2) ? "\r" : "\r\n";
        if (pick(2)) {
          std::string out;
          for (char c : s) c == '\n' ? out += to : out += c;
          s = out;
        } else {
          const size_t p = s.find('\n', pick(s.size() + 1));
          if (p != std::string::npos) s.replace(p, 1, to);
        }
        break;
      }
      case 4: {  // a value replaced by a huge or malformed number
        auto v = lines(s);
        std::vector<size_t> kv;
        for (size_t i = 0; i < v.size(); ++i)
          if (v[i].find('=') != std::string::npos) kv.push_back(i);
        if (kv.empty()) break;
        std::string& l = v[kv[pick(kv.size())]];
        const size_t n = sizeof numbers / sizeof numbers[0];
        const std::string num =
            pick(8) == 0 ? std::string(1000 + pick(20000), '9') : numbers[pick(n)];
        l = l.substr(0, l.find('=') + 1) + " " + num;
        s = join(v);
        break;
      }
      case 5: {  // a line duplicated (a duplicate key or section)
        auto v = lines(s);
        const size_t i = pick(v.size());
        v.insert(v.begin() + static_cast<long>(pick(v.size() + 1)), v[i]);
        s = join(v);
        break;
      }
      case 6:  // truncation
        s.resize(pick(s.size() + 1));
        break;
      case 7: {  // a line deleted
        auto v = lines(s);
        v.erase(v.begin() + static_cast<long>(pick(v.size())));
        s = join(v);
        break;
      }
      case 8: {  // a section header inserted
        static const char* hdr[] = {"[topology]", "[router]",  "[link]", "[packet]",
                                    "[routing]",  "[traffic]", "[sim]",  "[nope]",
                                    "[",          "[]",        "[[sim]]"};
        auto v = lines(s);
        v.insert(v.begin() + static_cast<long>(pick(v.size() + 1)), hdr[pick(11)]);
        s = join(v);
        break;
      }
      case 9: {  // printable garbage
        std::string g;
        const size_t n = 1 + pick(12);
        for (size_t i = 0; i < n; ++i) g += static_cast<char>(0x20 + pick(95));
        s.insert(pick(s.size() + 1), g);
        break;
      }
      case 10: {  // two lines swapped
        auto v = lines(s);
        std::swap(v[pick(v.size())], v[pick(v.size())]);
        s = join(v);
        break;
      }
    }
  }

  std::mt19937_64 rng_;
};

}  // namespace netcosim::test
