#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace spare {

// How a failure log writes its times (--time-format): "epoch" (seconds, decimals allowed), "epoch-ms",
// "iso8601" (2024-03-05T12:34:56Z, fractional seconds, a Z, +hh:mm, +hhmm or +hh offset or none (UTC),
// a space for the T, or a date alone) or a strftime-like pattern of %Y %y %m %d %e %H %I %p %M %S %b
// %j %z %% and literal text. Reading is strict and locale-free: the whole text must match and every
// value be in range (month 13, February 30, hour 24 fail). Times without a zone are UTC.
class TimeFormat {
public:
    // A time read from a log: UTC epoch seconds, and the step of its finest field (1 for whole
    // seconds, 0.001 for three decimals, 60 when minutes are the finest, 86400 for a date).
    struct Instant {
        double seconds = 0.0;
        double resolutionS = 1.0;
    };

    // Throws InputError naming --time-format, the spec and what is allowed.
    static TimeFormat parse(const std::string& spec);
    static TimeFormat iso8601();

    std::optional<Instant> read(std::string_view text) const;
    // Why read() rejects `text`: a negative epoch, a leap second (:60), or what the format allows.
    std::string whyNotATime(std::string_view text) const;
    std::optional<double> toSeconds(std::string_view text) const;
    // The finest field of a pattern (1 s with %S, 60 with %M, 3600 with %H or %I, 86400 for a date);
    // for epoch and iso8601, whose values choose their own precision, that of whole seconds
    // (epoch-ms: 0.001). read() gives each value's own step.
    double resolutionS() const;
    const std::string& spec() const { return spec_; }

private:
    enum class Kind { Epoch, EpochMs, Iso8601, Pattern };
    enum class Field { Literal, Year4, Year2, Month, MonthName, Day, DaySpacePadded, DayOfYear, Hour24, Hour12, AmPm,
                       Minute, Second, Zone };
    struct Item {
        Field field = Field::Literal;
        std::string literal;  // Field::Literal only
    };

    TimeFormat(Kind kind, std::string spec) : kind_(kind), spec_(std::move(spec)) {}
    std::optional<Instant> readPattern(std::string_view text) const;

    Kind kind_;
    std::string spec_;
    std::vector<Item> items_;  // Kind::Pattern only
    double patternResolutionS_ = 1.0;
};

enum class WindowBound { From, To };

// A --from or --to value: in the log's own format, else ISO-8601. A --to that is a date alone means the
// end of that day (the next midnight). Throws InputError naming the flag, the text and what is allowed.
double parseWindowBound(std::string_view text, const TimeFormat& logFormat, WindowBound bound);

}  // namespace spare
