#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace spare {

// How a log's location text splits into levels: literal text and {name} fields, for example
// "c{col}-{row}c{cage}s{slot}n{node}" splits "c12-3c0s5n2" into col 12, row 3, cage 0, slot 5, node 2.
// Field names are [A-Za-z_][A-Za-z0-9_]*, distinct; two fields need literal text between them, so
// matching is a left-to-right scan (no backtracking): a field ends at the first occurrence of the
// literal that follows it, the last field takes the rest up to the pattern's trailing literal.
class LocationPattern {
public:
    // Throws InputError naming --location-pattern, the pattern and the (1-based) character position:
    // no field, an empty, unclosed or badly named field, a repeated name, a '}' with no '{', or two
    // fields with no literal text between them.
    static LocationPattern parse(std::string_view pattern);

    const std::string& text() const { return text_; }
    // The field names, outermost (leftmost) first: the levels of a FailureLog.
    const std::vector<std::string>& levelNames() const { return names_; }
    std::optional<std::size_t> levelIndex(std::string_view name) const;

    // The field values when the whole text matches and every field is non-empty; nullopt otherwise.
    std::optional<std::vector<std::string>> match(std::string_view text) const;
    // The same without allocating (for readers of large logs): `fields` is resized to one view per
    // level into `text`; returns false (contents unspecified) when the text does not match.
    bool matchInto(std::string_view text, std::vector<std::string_view>& fields) const;

private:
    std::string text_;
    std::vector<std::string> names_;
    // literals_[0] precedes field 0, literals_[i + 1] follows field i (non-empty except the last).
    std::vector<std::string> literals_;
};

}  // namespace spare
