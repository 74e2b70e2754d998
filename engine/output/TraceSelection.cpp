#include "engine/output/TraceSelection.h"

#include "engine/base/InputError.h"
#include "engine/base/WholeNumber.h"

#include <fmt/core.h>

#include <algorithm>
#include <cmath>
#include <string>

namespace spare {

std::optional<std::pair<double, double>> TraceSelection::parseWindow(std::string_view text)
{
    const auto colon = text.find(':');
    if (colon == std::string_view::npos)
        return std::nullopt;
    const auto start = parseWholeNumber<double>(text.substr(0, colon));
    const auto end = parseWholeNumber<double>(text.substr(colon + 1));
    if (!start || !end || !std::isfinite(*start) || !std::isfinite(*end) || !(*start >= 0.0) || !(*end > *start))
        return std::nullopt;
    return std::pair{*start, *end};
}

std::vector<int> TraceSelection::parseGroups(std::string_view text, int groups)
{
    const std::string range = fmt::format("distinct group ids 0 .. {}, comma-separated", groups - 1);
    std::vector<int> ids;
    std::size_t begin = 0;
    while (true) {
        const std::size_t end = std::min(text.find(',', begin), text.size());
        const std::string_view item = text.substr(begin, end - begin);
        const auto id = item.empty() ? std::nullopt : parseWholeNumber<int>(item);
        if (!id)
            throw InputError(fmt::format("'{}{}' is not a group id; allowed: {}", item.substr(0, 60),
                                         item.size() > 60 ? "..." : "", range));
        if (*id < 0 || *id >= groups)
            throw InputError(fmt::format("group {} is out of range; allowed: {}", *id, range));
        if (std::find(ids.begin(), ids.end(), *id) != ids.end())
            throw InputError(fmt::format("group {} is repeated; allowed: {}", *id, range));
        ids.push_back(*id);
        if (end == text.size())
            return ids;
        begin = end + 1;
    }
}

}  // namespace spare
