// A minimal JSON writer with a fixed key order, so that two runs with the same configuration and
// seed produce byte-identical documents (only timing keys differ). The run and failure documents
// are written with nlohmann-json (sim/stats/report.cpp, sim/network/deadlock_report.cpp); this
// writer remains only for the sweep and bench documents of sim/experiment, until they move too.
#pragma once

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <string>

namespace netcosim {

class JsonWriter {
 public:
  explicit JsonWriter(int indent = 2) : indent_(indent) {}

  JsonWriter& begin_object() { return open('{'); }
  JsonWriter& end_object() { return close('}'); }
  JsonWriter& begin_array() { return open('['); }
  JsonWriter& end_array() { return close(']'); }

  JsonWriter& key(const std::string& k) {
    separator();
    quote(k);
    out_ += indent_ > 0 ? ": " : ":";
    after_key_ = true;
    return *this;
  }
  JsonWriter& value(const std::string& s) {
    element();
    quote(s);
    return *this;
  }
  JsonWriter& value(const char* s) { return value(std::string(s)); }
  JsonWriter& value(bool b) {
    element();
    out_ += b ? "true" : "false";
    return *this;
  }
  JsonWriter& value(int64_t v) {
    element();
    out_ += std::to_string(v);
    return *this;
  }
  JsonWriter& value(uint64_t v) {
    element();
    out_ += std::to_string(v);
    return *this;
  }
  JsonWriter& value(int v) { return value(static_cast<int64_t>(v)); }
  JsonWriter& value(unsigned v) { return value(static_cast<uint64_t>(v)); }
  JsonWriter& value(double d) {
    element();
    if (!std::isfinite(d)) {
      out_ += "null";
    } else {
      char buf[40];
      std::snprintf(buf, sizeof buf, "%.12g", d);
      out_ += buf;
    }
    return *this;
  }
  JsonWriter& null() {
    element();
    out_ += "null";
    return *this;
  }
  template <class T>
  JsonWriter& kv(const std::string& k, const T& v) {
    key(k);
    return value(v);
  }

  const std::string& str() const { return out_; }

 private:
  JsonWriter& open(char c) {
    element();
    out_ += c;
    ++depth_;
    first_ = true;
    return *this;
  }
  JsonWriter& close(char c) {
    --depth_;
    if (!first_) newline();
    out_ += c;
    first_ = false;
    return *this;
  }
  void separator() {
    if (!first_) out_ += ',';
    newline();
    first_ = false;
  }
  void element() {
    if (after_key_) {
      after_key_ = false;
      return;
    }
    if (depth_ > 0) separator();
  }
  void newline() {
    if (indent_ <= 0) return;
    out_ += '\n';
    out_.append(static_cast<size_t>(depth_ * indent_), ' ');
  }
  void quote(const std::string& s) {
    out_ += '"';
    for (char ch : s) {
      switch (ch) {
        case '"':
          out_ += "\\\"";
          break;
        case '\\':
          out_ += "\\\\";
          break;
        case '\n':
          out_ += "\\n";
          break;
        case '\t':
          out_ += "\\t";
          break;
        default:
          if (static_cast<unsigned char>(ch) < 0x20) {
            char buf[8];
            std::snprintf(buf, sizeof buf, "\\u%04x", ch);
            out_ += buf;
          } else {
            out_ += ch;
          }
      }
    }
    out_ += '"';
  }

  std::string out_;
  int indent_;
  int depth_ = 0;
  bool first_ = true;
  bool after_key_ = false;
};

}  // namespace netcosim
