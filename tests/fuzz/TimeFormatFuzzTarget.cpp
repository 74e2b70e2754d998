// libFuzzer target: the input is a --time-format spec, a NUL byte and a time text. The spec must parse or
// throw InputError; a time it reads must be finite with a positive resolution, one it refuses must be
// explained (whyNotATime); a --from/--to bound must be finite or throw InputError.
//   ./time_format_fuzz -max_total_time=10 <repo>/tests/fuzz/corpus/time_format
#include "engine/base/InputError.h"
#include "engine/planning/TimeFormat.h"
#include "tests/fuzz/FuzzInput.h"

#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

namespace {

void checkBound(std::string_view text, const spare::TimeFormat& format, spare::WindowBound bound)
{
    try {
        if (!std::isfinite(spare::parseWindowBound(text, format, bound)))
            std::abort();
    } catch (const spare::InputError&) {
    }
}

void checkFormat(std::string_view spec, std::string_view text)
{
    try {
        const spare::TimeFormat format = spare::TimeFormat::parse(std::string(spec));
        if (!(format.resolutionS() > 0.0))
            std::abort();
        const auto instant = format.read(text);
        if (instant) {
            if (!std::isfinite(instant->seconds) || !(instant->resolutionS > 0.0) || format.toSeconds(text) != instant->seconds)
                std::abort();
        } else if (format.whyNotATime(text).empty()) {
            std::abort();
        }
        checkBound(text, format, spare::WindowBound::From);
        checkBound(text, format, spare::WindowBound::To);
    } catch (const spare::InputError&) {
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const auto input = spare::fuzz::FuzzInput::split(data, size);
    if (input.second)
        checkFormat(input.first, *input.second);
    return 0;
}
