// libFuzzer target: the input is a scenario JSON, optionally followed by a NUL byte and a failure
// trace CSV. Both parsers must either accept (and then the result must validate, round-trip and be
// in range) or throw InputError; anything else (crash, other exception, sanitizer report) is a bug.
//   cmake -DCMAKE_CXX_COMPILER=clang++ -DSPARE_BUILD_FUZZ=ON ... && build target scenario_fuzz
//   ./scenario_fuzz -max_total_time=30 corpus/ <repo>/scenarios
#include "engine/sim/FailureTrace.h"
#include "engine/sim/ScenarioJson.h"
#include "tests/fuzz/FuzzInput.h"

#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <string_view>

namespace {

constexpr int kTraceGroups = 16;

void checkScenario(std::string_view text)
{
    try {
        const spare::Scenario scenario = spare::scenarioFromJsonText(text, "fuzz.json");
        if (!spare::validateScenario(scenario).empty())
            std::abort();
        if (spare::scenarioFromJsonText(spare::scenarioToJsonText(scenario), "again.json") != scenario)
            std::abort();
    } catch (const spare::InputError&) {
    }
}

void checkTrace(std::string_view text)
{
    try {
        const auto failures = spare::parseFailureTrace(text, kTraceGroups, "fuzz.csv");
        for (std::size_t i = 0; i < failures.size(); ++i) {
            const spare::TraceFailure& f = failures[i];
            if (!std::isfinite(f.timeS) || f.timeS < 0.0 || f.group < 0 || f.group >= kTraceGroups)
                std::abort();
            if (i > 0 && failures[i - 1].timeS > f.timeS)
                std::abort();
        }
    } catch (const spare::InputError&) {
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const auto input = spare::fuzz::FuzzInput::split(data, size);
    checkScenario(input.first);
    if (input.second)
        checkTrace(*input.second);
    return 0;
}
