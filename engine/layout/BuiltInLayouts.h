#pragma once

#include <span>
#include <string_view>

namespace spare {

// "golomb", "consecutive", "golomb-domain": the layout names Layout::byName builds without a file. Kept
// apart from Layout so that the scenario parser needs no layout construction.
std::span<const char* const> builtInLayoutNames();
bool isBuiltInLayoutName(std::string_view name);
// "golomb" and "consecutive": cyclic layouts, computed from their offsets with no per-group storage.
bool isCyclicLayoutName(std::string_view name);

}  // namespace spare
