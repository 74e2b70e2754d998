#include "layout/BuiltInLayouts.h"

namespace spare {

bool isBuiltInLayoutName(std::string_view name)
{
    return name == "golomb" || name == "consecutive" || name == "golomb-domain";
}

}  // namespace spare
