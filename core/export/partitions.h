#pragma once

#include "model/design.h"

#include <cstdint>
#include <string>
#include <vector>

namespace cplan {

class Fabric;

// OpenSM partitions (P_Keys) from the design's tenants, so that the isolation sold to the
// customer is the isolation the subnet manager enforces:
//  - one partition per tenant, P_Key 0x0001, 0x0002, ... in tenant order; its servers' HCA
//    ports are full members, by port GUID (the GUIDs of the ibnetdiscover export: CA GUID + port);
//  - servers no tenant owns get a partition of their own ("unassigned"), so they cannot reach
//    any tenant either;
//  - the default partition 0x7fff is the management partition: every port a limited member
//    (limited members reach full members only), the SM, the switches and the management
//    appliances (UFM) full members. Without tenants the default partition is ALL=full.
struct PartitionSpec
{
    std::string name;                  // OpenSM partition name (letters, digits, '_')
    std::uint16_t pkey = 0;            // low 15 bits
    std::string tenantId;              // empty for the default and unassigned partitions
    std::vector<std::string> servers;  // node ids
    std::vector<std::uint64_t> fullMemberGuids;   // port GUIDs, ascending
};

struct PartitionPlan
{
    PartitionSpec defaultPartition;          // pkey 0x7fff; fullMemberGuids = management ports
    bool defaultAllFull = false;             // no tenants: every port a full member
    std::vector<PartitionSpec> partitions;   // tenants, then "unassigned" when needed
    std::vector<std::string> warnings;       // tenant servers not in the design, ...
};

inline constexpr std::uint16_t kDefaultPKey = 0x7fff;

PartitionPlan planPartitions(const Design &design, const Fabric &fabric);
// partitions.conf text (opensm -P FILE), one port GUID per line, comments naming the servers.
std::string writePartitionsConf(const Design &design, const PartitionPlan &plan);
// The port GUIDs of a server's HCAs (every port of every CA, cabled or not), ascending.
std::vector<std::uint64_t> serverPortGuids(const Fabric &fabric, NodeId server);

} // namespace cplan
