#include "engine/planning/LocationPattern.h"

#include "engine/base/InputError.h"

#include <fmt/core.h>

#include <algorithm>

namespace spare {

namespace {

constexpr const char* kAllowed =
    "literal text and {name} fields, names [A-Za-z_][A-Za-z0-9_]*, distinct, literal text between two "
    "fields, at least one field";

[[noreturn]] void fail(std::string_view pattern, std::size_t position, std::string_view problem)
{
    throw InputError({{fmt::format("--location-pattern '{}'", pattern), {},
                       fmt::format("{} at character {}; allowed: {}", problem, position + 1, kAllowed),
                       std::string(pattern)}});
}

bool isNameStart(char c)
{
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || c == '_';
}

bool isNameChar(char c)
{
    return isNameStart(c) || (c >= '0' && c <= '9');
}

}  // namespace

LocationPattern LocationPattern::parse(std::string_view pattern)
{
    LocationPattern result;
    result.text_ = std::string(pattern);
    std::string literal;
    for (std::size_t i = 0; i < pattern.size(); ++i) {
        const char c = pattern[i];
        if (c == '}')
            fail(pattern, i, "a '}' with no '{'");
        if (c != '{') {
            literal += c;
            continue;
        }
        const std::size_t close = pattern.find('}', i + 1);
        if (close == std::string_view::npos)
            fail(pattern, i, "an unclosed field");
        const std::string_view name = pattern.substr(i + 1, close - i - 1);
        if (name.empty())
            fail(pattern, i, "an empty field");
        if (!isNameStart(name[0]) || !std::all_of(name.begin(), name.end(), isNameChar))
            fail(pattern, i, fmt::format("the field name '{}' is not [A-Za-z_][A-Za-z0-9_]*", name));
        if (std::find(result.names_.begin(), result.names_.end(), name) != result.names_.end())
            fail(pattern, i, fmt::format("the field name '{}' is used twice", name));
        if (!result.names_.empty() && literal.empty())
            fail(pattern, i, "two fields with no literal text between them");
        result.literals_.push_back(std::move(literal));
        literal.clear();
        result.names_.emplace_back(name);
        i = close;
    }
    if (result.names_.empty())
        fail(pattern, pattern.size(), "no {name} field");
    result.literals_.push_back(std::move(literal));
    return result;
}

std::optional<std::size_t> LocationPattern::levelIndex(std::string_view name) const
{
    const auto it = std::find(names_.begin(), names_.end(), name);
    if (it == names_.end())
        return std::nullopt;
    return static_cast<std::size_t>(it - names_.begin());
}

bool LocationPattern::matchInto(std::string_view text, std::vector<std::string_view>& fields) const
{
    const std::size_t count = names_.size();
    fields.resize(count);
    const std::string_view prefix = literals_.front();
    const std::string_view suffix = literals_.back();
    if (text.size() < prefix.size() + suffix.size() || !text.starts_with(prefix) || !text.ends_with(suffix))
        return false;
    // The last field ends where the trailing literal starts.
    const std::size_t end = text.size() - suffix.size();
    std::size_t pos = prefix.size();
    for (std::size_t f = 0; f + 1 < count; ++f) {
        const std::size_t next = text.find(literals_[f + 1], pos);
        if (next == std::string_view::npos || next == pos || next >= end)
            return false;
        fields[f] = text.substr(pos, next - pos);
        pos = next + literals_[f + 1].size();
    }
    if (pos >= end)
        return false;
    fields[count - 1] = text.substr(pos, end - pos);
    return true;
}

std::optional<std::vector<std::string>> LocationPattern::match(std::string_view text) const
{
    std::vector<std::string_view> views;
    if (!matchInto(text, views))
        return std::nullopt;
    return std::vector<std::string>(views.begin(), views.end());
}

}  // namespace spare
