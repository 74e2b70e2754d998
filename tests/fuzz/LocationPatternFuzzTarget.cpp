// libFuzzer target: the input is a --location-pattern, a NUL byte and a location text. The pattern must
// parse or throw InputError; a match must give one non-empty value per level, and the allocation-free
// matchInto must agree with match.
//   ./location_pattern_fuzz -max_total_time=10 <repo>/tests/fuzz/corpus/location_pattern
#include "engine/base/InputError.h"
#include "engine/planning/LocationPattern.h"
#include "tests/fuzz/FuzzInput.h"

#include <cstdint>
#include <cstdlib>
#include <string_view>
#include <vector>

namespace {

void checkPattern(std::string_view patternText, std::string_view text)
{
    try {
        const spare::LocationPattern pattern = spare::LocationPattern::parse(patternText);
        const auto& names = pattern.levelNames();
        if (names.empty())
            std::abort();
        for (std::size_t i = 0; i < names.size(); ++i)
            if (pattern.levelIndex(names[i]) != i)
                std::abort();
        const auto values = pattern.match(text);
        std::vector<std::string_view> views;
        if (pattern.matchInto(text, views) != values.has_value())
            std::abort();
        if (values) {
            if (values->size() != names.size() || views.size() != names.size())
                std::abort();
            for (std::size_t i = 0; i < views.size(); ++i)
                if ((*values)[i].empty() || (*values)[i] != views[i])
                    std::abort();
        }
    } catch (const spare::InputError&) {
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const auto input = spare::fuzz::FuzzInput::split(data, size);
    if (input.second)
        checkPattern(input.first, *input.second);
    return 0;
}
