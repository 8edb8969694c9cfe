// The InfiniBand and Omni-Path switches without head-wait counters (the instantiations of every
// run without --waits; the definitions are in ib_switch_impl.h, the counting instantiations in
// ib_switch_waits.cpp).
#include "sim/router/ib/ib_switch_impl.h"

namespace netcosim {

template class VlSwitch<RrSlScheduler, false>;
template class VlSwitch<RrSlScheduler, true>;
template class VlSwitch<SbtSlScheduler, false>;
template class VlSwitch<SbtSlScheduler, true>;
template class VlSwitch<DTableSlScheduler, false>;
template class VlSwitch<DTableSlScheduler, true>;
template class VlSwitch<DrrSlScheduler, false>;
template class VlSwitch<DrrSlScheduler, true>;
template class VlSwitch<IbVlArbScheduler, false>;
template class VlSwitch<IbVlArbScheduler, true>;

}  // namespace netcosim
