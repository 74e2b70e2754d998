#include "engine/layout/BuiltInLayouts.h"

#include <algorithm>

namespace spare {

std::span<const char* const> builtInLayoutNames()
{
    static constexpr const char* names[] = {"golomb", "consecutive", "golomb-domain"};
    return names;
}

bool isBuiltInLayoutName(std::string_view name)
{
    const auto names = builtInLayoutNames();
    return std::any_of(names.begin(), names.end(), [name](const char* known) { return name == known; });
}

bool isCyclicLayoutName(std::string_view name) { return name == "golomb" || name == "consecutive"; }

}  // namespace spare
