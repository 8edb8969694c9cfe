// The CIOQ router's head-wait counters (docs/model.md §5 "Head waits"; netcosim run --waits): the
// counting instantiations of the allocation function (allocate<Sel, kPolicy, false, true>,
// router_allocate.h) and their helpers, for the library's VC selectors and credit models. They are
// compiled here, apart from router.cpp, so that adding them leaves the compilation of the
// library's other instantiations, the functions a run without --waits executes, as it was (the
// compiler's inlining budget is per translation unit).
#include "sim/router/cioq/router_impl.h"

namespace netcosim {

std::unique_ptr<HeadWaits> make_head_waits(uint32_t p, uint32_t v, Cycle start, Cycle end) {
  auto w = std::make_unique<HeadWaits>();
  w->init(p, v, start, end);
  return w;
}

template <class Credits>
template <class Sel>
void CioqRouter<Credits>::use_counting_allocate() {
  allocate_ = policy_alloc_ != nullptr ? &CioqRouter::template allocate<Sel, true, false, true>
                                       : &CioqRouter::template allocate<Sel, false, false, true>;
}

// The ready heads of a busy input port (kWaits): each waits for the port.
template <class Credits>
void CioqRouter<Credits>::count_busy_heads(uint32_t i, Cycle now) {
  for (uint32_t m = in_.vc_mask(i); m != 0; m &= m - 1) {
    const uint32_t v = static_cast<uint32_t>(__builtin_ctz(m));
    StaticInputUnit::VcBuffer& b = in_.vc(i, v);
    if (b.head_ready <= now)
      ++waits_->at_in(i, v, head_wait_class(in_.head(b)), HeadWait::InputBusy);
  }
}

// This cycle's requests (kWaits): the granted VC of each granted input counts as granted on its
// output, every other requesting VC as lost on the output it requested.
template <class Credits>
template <class Alloc>
void CioqRouter<Credits>::count_requests(const Alloc& a) {
  const uint64_t granted = a.granted_inputs();
  for (uint64_t ports = in_.port_mask(); ports != 0; ports &= ports - 1) {
    const uint32_t i = static_cast<uint32_t>(__builtin_ctzll(ports));
    uint32_t req = waits_->requested[i];
    if (req == 0) continue;
    waits_->requested[i] = 0;
    if ((granted >> i) & 1) {
      const uint32_t v = a.grant_vc(i);
      count_wait(i, v, a.grant_out(i), HeadWait::Granted);
      req &= ~(uint32_t{1} << v);
    }
    for (; req != 0; req &= req - 1) {
      const uint32_t v = static_cast<uint32_t>(__builtin_ctz(req));
      count_wait(i, v, in_.vc(i, v).out_port, HeadWait::Lost);
    }
  }
}

#define NETCOSIM_COUNTING_SELECTORS(C)                             \
  template void CioqRouter<C>::use_counting_allocate<HighestVc>(); \
  template void CioqRouter<C>::use_counting_allocate<LowestVc>();  \
  template void CioqRouter<C>::use_counting_allocate<RandomVc>();  \
  template void CioqRouter<C>::use_counting_allocate<JsqVc>();     \
  template void CioqRouter<C>::count_busy_heads(uint32_t, Cycle);

NETCOSIM_COUNTING_SELECTORS(model::StaticCredits)
NETCOSIM_COUNTING_SELECTORS(model::DamqCredits)

#undef NETCOSIM_COUNTING_SELECTORS

}  // namespace netcosim
