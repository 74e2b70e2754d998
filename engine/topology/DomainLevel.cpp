#include "engine/topology/DomainLevel.h"

namespace spare {

const char* domainLevelName(DomainLevel level)
{
    switch (level) {
    case DomainLevel::Node: return "node";
    case DomainLevel::Rack: return "rack";
    case DomainLevel::Pod: return "pod";
    }
    return "?";
}

std::optional<DomainLevel> parseDomainLevel(std::string_view name)
{
    for (DomainLevel level : {DomainLevel::Node, DomainLevel::Rack, DomainLevel::Pod})
        if (name == domainLevelName(level))
            return level;
    return std::nullopt;
}

const char* domainLevelNames() { return "node | rack | pod"; }

}  // namespace spare
