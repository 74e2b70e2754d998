#pragma once

#include <optional>
#include <string_view>

namespace spare {

// A level of the cluster hierarchy whose members fail together: a node, a rack (its top-of-rack
// switch or PDU), a pod. Nested: a node lies in one rack, a rack in one pod.
enum class DomainLevel { Node, Rack, Pod };

const char* domainLevelName(DomainLevel level);  // "node", "rack", "pod"
std::optional<DomainLevel> parseDomainLevel(std::string_view name);
const char* domainLevelNames();  // "node | rack | pod"

}  // namespace spare
