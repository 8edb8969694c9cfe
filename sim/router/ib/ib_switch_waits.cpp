// The InfiniBand and Omni-Path switches with head-wait counters (netcosim run --waits;
// docs/model.md "Head waits", "The switches' stages"): VlSwitch<Sched, kOpa, true>, built by the
// factories in place of the switches without counters when the flag is given. Compiled here,
// apart from ib_switch.cpp, so that the switches a run without --waits executes are compiled as
// before (the compiler's inlining budget is per translation unit).
#include "sim/router/ib/ib_switch_impl.h"

namespace netcosim {

template class VlSwitch<RrSlScheduler, false, true>;
template class VlSwitch<RrSlScheduler, true, true>;
template class VlSwitch<SbtSlScheduler, false, true>;
template class VlSwitch<SbtSlScheduler, true, true>;
template class VlSwitch<DTableSlScheduler, false, true>;
template class VlSwitch<DTableSlScheduler, true, true>;
template class VlSwitch<DrrSlScheduler, false, true>;
template class VlSwitch<DrrSlScheduler, true, true>;
template class VlSwitch<IbVlArbScheduler, false, true>;
template class VlSwitch<IbVlArbScheduler, true, true>;

}  // namespace netcosim
