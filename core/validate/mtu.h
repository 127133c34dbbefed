#pragma once

// Rules on the MTU a design states (Settings::mtu, Node::mtu). They check what the design says
// and assume nothing: a design that states no MTU has no MTU findings.
//   mtu-mismatch (warning): an Ethernet link whose ends are set to MTUs where packets get
//     dropped: two switches (or two servers) set differently, or a switch set below the server
//     it serves (a server below its switch, 9000 against 9216, is the usual headroom).
//   mtu-unsupported (error): an MTU above the largest the node's part takes (Part::maxMtu).
//   mtu-unknown (info): the part's largest MTU is unknown, so the MTU set on it is not checked.
//   mtu-roce (warning): an Ethernet switch, or a server with a RoCE NIC, set below the MTU
//     that carries RoCE's largest (4096-byte) payloads; an error below the smallest (256-byte).
#include "model/design.h"
#include "validate/roce.h"

namespace cplan {

class Catalog;

// RoCE carries InfiniBand packets, whose MTU is 256, 512, 1024, 2048 or 4096 bytes (IBTA), in
// Ethernet frames. Linux sets a RoCE port's active MTU to the largest of these that fits in the
// interface MTU less 96 bytes of headers: GRH 40 + UDP 8 + BTH 12 + XRC 4 + AtomicETH 28 +
// ICRC 4 (iboe_get_mtu() in include/rdma/ib_addr.h of the Linux kernel). So 4096-byte RoCE
// payloads need an interface MTU of at least 4192.
inline constexpr int kRoceHeaderBytes = 96;
inline constexpr int kRoceMaxMtu = 4096;
inline constexpr int kRoceFullMtu = kRoceMaxMtu + kRoceHeaderBytes;

// The RoCE MTU (active_mtu) a port whose interface MTU is `mtu` runs at: 4096, 2048, 1024, 512
// or 256, or 0 when not even 256-byte payloads fit.
int roceActiveMtu(int mtu);

void checkMtu(const Design &design, const Catalog &catalog, const RoceFindingSink &add);

} // namespace cplan
