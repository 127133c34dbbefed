#pragma once

#include "model/design.h"

namespace cplan {

// Design::unindexedCopy without the links, for a caller that copies them in slices: the window's
// analysis snapshot (309,760 links take 25-45 ms to copy on the GUI thread in one go). The list of
// Design's members lives here, once; unindexedCopy is this plus the links.
Design unindexedCopyWithoutLinks(const Design &design);

} // namespace cplan
