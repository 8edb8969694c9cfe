#include "sim/routing/flexvc.h"

#include <algorithm>

namespace netcosim::flexvc {

ReferenceSequence::ReferenceSequence(std::vector<LinkType> request, std::vector<LinkType> reply)
    : seq_(std::move(request)), reply_start_(seq_.size()) {
  seq_.insert(seq_.end(), reply.begin(), reply.end());
  int count[256] = {};
  for (LinkType t : seq_) vc_.push_back(count[t]++);
}

int ReferenceSequence::vcs_of(LinkType t) const {
  return static_cast<int>(std::count(seq_.begin(), seq_.end(), t));
}

bool ReferenceSequence::embeds(const LinkType* rest, size_t n, size_t from, size_t to) const {
  size_t k = 0;
  for (size_t j = from; j < to && k < n; ++j)
    if (seq_[j] == rest[k]) ++k;
  return k == n;
}

int ReferenceSequence::latest(LinkType t, const LinkType* rest, size_t n, size_t lo, size_t hi,
                              size_t esc_lo, size_t to) const {
  for (size_t j = hi; j-- > lo;)
    if (seq_[j] == t && embeds(rest, n, std::max(j + 1, esc_lo), to)) return vc_[j];
  return kNone;
}

int ReferenceSequence::highest_safe(LinkType t, const LinkType* rest, size_t n, bool reply) const {
  // A request's safe path lies in the request part, a reply's in the reply part.
  const size_t lo = reply ? reply_start_ : 0, hi = reply ? seq_.size() : reply_start_;
  return latest(t, rest, n, lo, hi, lo, hi);
}

int ReferenceSequence::highest_opportunistic(LinkType t, const LinkType* escape, size_t n,
                                             bool reply) const {
  // A request stays in the request part; a reply's hop may take any position, its escape (a
  // safe path) lies in the reply part.
  if (!reply) return latest(t, escape, n, 0, reply_start_, 0, reply_start_);
  return latest(t, escape, n, 0, seq_.size(), reply_start_, seq_.size());
}

Hop ReferenceSequence::classify(const std::vector<LinkType>& path,
                                const std::vector<std::vector<LinkType>>& escapes,
                                bool reply) const {
  Hop worst = Hop::Safe;
  for (size_t i = 0; i < path.size(); ++i) {
    if (highest_safe(path[i], path.data() + i + 1, path.size() - i - 1, reply) != kNone) continue;
    const std::vector<LinkType>& e = escapes[i];
    if (highest_opportunistic(path[i], e.data(), e.size(), reply) == kNone) return Hop::Impossible;
    worst = Hop::Opportunistic;
  }
  return worst;
}

std::string ReferenceSequence::describe(const char* letters) const {
  std::string s;
  for (size_t j = 0; j < seq_.size(); ++j) {
    if (j == reply_start_ && j != 0)
      s += " | ";
    else if (j != 0)
      s += "-";
    s += letters[seq_[j]];
    s += std::to_string(j);
  }
  return s;
}

}  // namespace netcosim::flexvc
