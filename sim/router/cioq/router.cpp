// The library's instantiations of the CIOQ router (router_impl.h): the static per-VC buffers and
// the DAMQ.
#include "sim/router/cioq/router_impl.h"

namespace netcosim {

template class CioqRouter<model::StaticCredits>;
template class CioqRouter<model::DamqCredits>;

}  // namespace netcosim
