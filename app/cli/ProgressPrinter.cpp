#include "app/cli/ProgressPrinter.h"

#include <fmt/core.h>

#include <cmath>
#include <memory>
#include <mutex>

#include <unistd.h>

namespace spare::cli {

namespace {

struct ProgressState {
    std::mutex mutex;
    std::uint64_t shown = 0;
    std::uint64_t shownTenth = 0;  // the highest 10% step logged (a total may grow: adaptive campaigns)
    std::chrono::steady_clock::time_point start = std::chrono::steady_clock::now();
};

}  // namespace

std::string formatDuration(double seconds)
{
    const auto s = static_cast<long long>(std::llround(std::max(0.0, seconds)));
    if (s < 60)
        return fmt::format("{} s", s);
    if (s < 3600)
        return fmt::format("{} min {:02} s", s / 60, s % 60);
    if (s < 86400)
        return fmt::format("{} h {:02} min", s / 3600, s % 3600 / 60);
    return fmt::format("{} d {:02} h", s / 86400, s % 86400 / 3600);
}

std::function<void(std::uint64_t, std::uint64_t)> stderrProgress(std::string label, std::string unit)
{
    auto state = std::make_shared<ProgressState>();
    const bool terminal = isatty(STDERR_FILENO) != 0;
    return [state, terminal, label = std::move(label), unit = std::move(unit)](std::uint64_t done, std::uint64_t total) {
        const std::lock_guard lock(state->mutex);
        if (done <= state->shown || total == 0)
            return;  // workers may report out of order
        if (!terminal && done < total && done * 10 / total <= state->shownTenth)
            return;  // logs get a line per 10%
        state->shown = done;
        state->shownTenth = done * 10 / total;
        const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - state->start).count();
        const std::string timing =
            done == total ? fmt::format("in {}", formatDuration(elapsed))
                          : fmt::format("{} elapsed, about {} left", formatDuration(elapsed),
                                        formatDuration(elapsed * static_cast<double>(total - done) / static_cast<double>(done)));
        const auto percent = static_cast<unsigned>(done * 100 / total);
        if (terminal)
            fmt::print(stderr, "\r\033[K{}: {}/{} {} ({}%), {}{}", label, done, total, unit, percent, timing,
                       done == total ? "\n" : "");
        else
            fmt::print(stderr, "{}: {}/{} {} ({}%), {}\n", label, done, total, unit, percent, timing);
    };
}

}  // namespace spare::cli
