#include "engine/planning/TimeFormat.h"

#include "engine/base/InputError.h"

#include <fmt/core.h>

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>

namespace spare {

namespace {

constexpr double kDayS = 86400.0;
// Epoch values above this (year 33658) are typos, not times.
constexpr double kMaxEpochS = 1e12;
constexpr const char* kAllowedSpecs =
    "allowed: epoch, epoch-ms, iso8601 or a pattern of %Y %y %m %d %e %H %I %p %M %S %b %j %z %% and literal text "
    "with a year, a day (%m or %b with %d or %e; or %j) and at most one of each field";

constexpr std::array<std::string_view, 12> kMonthNames = {"january", "february", "march",     "april",
                                                          "may",     "june",     "july",      "august",
                                                          "september", "october", "november", "december"};

bool isLeap(int year) { return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0; }

int daysInMonth(int year, int month)
{
    static constexpr std::array<int, 12> days = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    return month == 2 && isLeap(year) ? 29 : days[static_cast<std::size_t>(month - 1)];
}

// Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant's days_from_civil).
long long daysFromCivil(int year, int month, int day)
{
    const int y = month <= 2 ? year - 1 : year;
    const long long era = (y >= 0 ? y : y - 399) / 400;
    const long long yearOfEra = y - era * 400;
    const long long dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1;
    const long long dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear;
    return era * 146097 + dayOfEra - 719468;
}

char lower(char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; }
bool isDigit(char c) { return c >= '0' && c <= '9'; }

// A read position in one value's text.
struct Cursor {
    std::string_view text;
    std::size_t pos = 0;

    bool done() const { return pos == text.size(); }
    bool peek(char c) const { return pos < text.size() && text[pos] == c; }
    bool take(char c)
    {
        if (!peek(c))
            return false;
        ++pos;
        return true;
    }
    bool take(std::string_view literal)
    {
        if (text.substr(pos, literal.size()) != literal)
            return false;
        pos += literal.size();
        return true;
    }
    // minWidth .. maxWidth digits, as many as there are (greedy).
    std::optional<int> number(int minWidth, int maxWidth)
    {
        int value = 0;
        int width = 0;
        while (width < maxWidth && pos < text.size() && isDigit(text[pos])) {
            value = value * 10 + (text[pos] - '0');
            ++pos;
            ++width;
        }
        if (width < minWidth)
            return std::nullopt;
        return value;
    }
    std::optional<int> numberIn(int minWidth, int maxWidth, int min, int max)
    {
        const auto value = number(minWidth, maxWidth);
        if (!value || *value < min || *value > max)
            return std::nullopt;
        return value;
    }
    // ".ddd" or ",ddd" after whole seconds: the fraction, and its step in `resolution`.
    std::optional<double> fraction(double& resolution)
    {
        if (!peek('.') && !peek(','))
            return 0.0;
        ++pos;
        double value = 0.0;
        double step = 1.0;
        const std::size_t start = pos;
        while (pos < text.size() && isDigit(text[pos]) && pos - start < 9) {
            step /= 10.0;
            value += (text[pos] - '0') * step;
            ++pos;
        }
        if (pos == start)
            return std::nullopt;
        resolution = step;
        return value;
    }
    // Z, +hh, +hhmm or +hh:mm (or -): seconds east of UTC.
    std::optional<int> zoneOffset()
    {
        if (take('Z'))
            return 0;
        if (!peek('+') && !peek('-'))
            return std::nullopt;
        const int sign = text[pos++] == '-' ? -1 : 1;
        const auto hours = numberIn(2, 2, 0, 23);
        if (!hours)
            return std::nullopt;
        int minutes = 0;
        if (!done()) {
            const bool colon = take(':');
            const auto m = numberIn(2, 2, 0, 59);
            if (!m && colon)
                return std::nullopt;
            minutes = m.value_or(0);
        }
        return sign * (*hours * 3600 + minutes * 60);
    }
    std::optional<int> monthName()
    {
        for (std::size_t m = 0; m < kMonthNames.size(); ++m) {
            const std::string_view name = kMonthNames[m];
            for (const std::size_t length : {name.size(), std::size_t{3}}) {
                if (pos + length > text.size())
                    continue;
                const std::string_view candidate = text.substr(pos, length);
                if (std::equal(candidate.begin(), candidate.end(), name.begin(),
                               [](char a, char b) { return lower(a) == b; })) {
                    pos += length;
                    return static_cast<int>(m) + 1;
                }
            }
        }
        return std::nullopt;
    }
};

// A decimal number of digits and at most one '.', nothing else; `decimals` counts the digits after '.'.
std::optional<double> plainDecimal(std::string_view text, int& decimals)
{
    const std::size_t dot = text.find('.');
    const std::string_view whole = text.substr(0, dot);
    const std::string_view fraction = dot == std::string_view::npos ? std::string_view{} : text.substr(dot + 1);
    const auto allDigits = [](std::string_view s) { return std::all_of(s.begin(), s.end(), isDigit); };
    if (whole.empty() || whole.size() > 20 || !allDigits(whole) || !allDigits(fraction) ||
        (dot != std::string_view::npos && fraction.empty()))
        return std::nullopt;
    double value = 0.0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (ec != std::errc{} || end != text.data() + text.size())
        return std::nullopt;
    decimals = static_cast<int>(fraction.size());
    return value;
}

std::optional<TimeFormat::Instant> readEpoch(std::string_view text, double unitS)
{
    int decimals = 0;
    const auto value = plainDecimal(text, decimals);
    if (!value || *value * unitS > kMaxEpochS)
        return std::nullopt;
    return TimeFormat::Instant{*value * unitS, unitS * std::pow(10.0, -decimals)};
}

std::optional<TimeFormat::Instant> readIso8601(std::string_view text)
{
    Cursor in{text};
    const auto year = in.numberIn(4, 4, 0, 9999);
    if (!year || !in.take('-'))
        return std::nullopt;
    const auto month = in.numberIn(2, 2, 1, 12);
    if (!month || !in.take('-'))
        return std::nullopt;
    const auto day = in.numberIn(2, 2, 1, daysInMonth(*year, *month));
    if (!day)
        return std::nullopt;
    const double date = static_cast<double>(daysFromCivil(*year, *month, *day)) * kDayS;
    if (in.done())
        return TimeFormat::Instant{date, kDayS};
    if (!in.take('T') && !in.take(' '))
        return std::nullopt;
    const auto hour = in.numberIn(2, 2, 0, 23);
    if (!hour || !in.take(':'))
        return std::nullopt;
    const auto minute = in.numberIn(2, 2, 0, 59);
    if (!minute)
        return std::nullopt;
    double resolution = 60.0;
    double second = 0.0;
    if (in.take(':')) {
        const auto whole = in.numberIn(2, 2, 0, 59);
        resolution = 1.0;
        const auto fraction = whole ? in.fraction(resolution) : std::nullopt;
        if (!fraction)
            return std::nullopt;
        second = *whole + *fraction;
    }
    int offset = 0;
    if (!in.done()) {
        const auto zone = in.zoneOffset();
        if (!zone || !in.done())
            return std::nullopt;
        offset = *zone;
    }
    return TimeFormat::Instant{date + *hour * 3600.0 + *minute * 60.0 + second - offset, resolution};
}

[[noreturn]] void badSpec(const std::string& spec, const std::string& problem)
{
    throw InputError({{fmt::format("--time-format '{}'", spec), {}, fmt::format("{}; {}", problem, kAllowedSpecs), spec}});
}

}  // namespace

TimeFormat TimeFormat::parse(const std::string& spec)
{
    if (spec == "epoch")
        return {Kind::Epoch, spec};
    if (spec == "epoch-ms")
        return {Kind::EpochMs, spec};
    if (spec == "iso8601")
        return iso8601();
    if (spec.find('%') == std::string::npos)
        badSpec(spec, "not a known format and no % field in it");

    TimeFormat format(Kind::Pattern, spec);
    std::vector<Field> seen;
    const auto has = [&seen](Field f) { return std::find(seen.begin(), seen.end(), f) != seen.end(); };
    for (std::size_t i = 0; i < spec.size(); ++i) {
        if (spec[i] != '%' || (i + 1 < spec.size() && spec[i + 1] == '%')) {
            if (spec[i] == '%')
                ++i;
            if (format.items_.empty() || format.items_.back().field != Field::Literal)
                format.items_.push_back({Field::Literal, {}});
            format.items_.back().literal += spec[i];
            continue;
        }
        if (i + 1 == spec.size())
            badSpec(spec, "a lone % at the end");
        const char code = spec[++i];
        Field field;
        switch (code) {
        case 'Y': field = Field::Year4; break;
        case 'y': field = Field::Year2; break;
        case 'm': field = Field::Month; break;
        case 'b': field = Field::MonthName; break;
        case 'd': field = Field::Day; break;
        case 'e': field = Field::DaySpacePadded; break;
        case 'j': field = Field::DayOfYear; break;
        case 'H': field = Field::Hour24; break;
        case 'I': field = Field::Hour12; break;
        case 'p': field = Field::AmPm; break;
        case 'M': field = Field::Minute; break;
        case 'S': field = Field::Second; break;
        case 'z': field = Field::Zone; break;
        default: badSpec(spec, fmt::format("unknown field %{}", code));
        }
        if (has(field))
            badSpec(spec, fmt::format("%{} appears twice", code));
        seen.push_back(field);
        format.items_.push_back({field, {}});
    }

    const auto count = [&has](std::initializer_list<Field> fields) {
        return std::count_if(fields.begin(), fields.end(), has);
    };
    if (count({Field::Year4, Field::Year2}) != 1)
        badSpec(spec, "it needs one year field (%Y or %y)");
    if (count({Field::Month, Field::MonthName}) > 1 || count({Field::Day, Field::DaySpacePadded}) > 1)
        badSpec(spec, "a month or day field appears twice");
    const bool monthDay =
        count({Field::Month, Field::MonthName}) == 1 && count({Field::Day, Field::DaySpacePadded}) == 1;
    if (monthDay == has(Field::DayOfYear) ||
        (!monthDay && count({Field::Month, Field::MonthName, Field::Day, Field::DaySpacePadded}) > 0))
        badSpec(spec, "it needs a day: a month (%m or %b) with a day (%d or %e), or %j alone");
    if (count({Field::Hour24, Field::Hour12}) > 1)
        badSpec(spec, "%H and %I both give the hour");
    if (has(Field::Hour12) != has(Field::AmPm))
        badSpec(spec, "%I and %p go together");
    if (has(Field::Minute) && !count({Field::Hour24, Field::Hour12}))
        badSpec(spec, "%M needs an hour (%H or %I)");
    if (has(Field::Second) && !has(Field::Minute))
        badSpec(spec, "%S needs minutes (%M)");
    format.patternResolutionS_ = has(Field::Second)                        ? 1.0
                                 : has(Field::Minute)                      ? 60.0
                                 : count({Field::Hour24, Field::Hour12}) ? 3600.0
                                                                           : kDayS;
    return format;
}

TimeFormat TimeFormat::iso8601() { return {Kind::Iso8601, "iso8601"}; }

std::optional<TimeFormat::Instant> TimeFormat::read(std::string_view text) const
{
    switch (kind_) {
    case Kind::Epoch: return readEpoch(text, 1.0);
    case Kind::EpochMs: return readEpoch(text, 0.001);
    case Kind::Iso8601: return readIso8601(text);
    case Kind::Pattern: return readPattern(text);
    }
    return std::nullopt;
}

std::string TimeFormat::whyNotATime(std::string_view text) const
{
    if (kind_ == Kind::Epoch || kind_ == Kind::EpochMs) {
        int decimals = 0;
        const double unitS = kind_ == Kind::Epoch ? 1.0 : 0.001;
        if (text.starts_with('-') && plainDecimal(text.substr(1), decimals))
            return "a negative epoch is before 1970-01-01; allowed: 0 or more";
        if (const auto value = plainDecimal(text, decimals); value && *value * unitS > kMaxEpochS)
            return fmt::format("it is after the year 33658; allowed: at most {:g}", kMaxEpochS / unitS);
        return fmt::format("allowed: a decimal number of {} since 1970-01-01 UTC (digits, an optional '.' and "
                           "decimals)",
                           kind_ == Kind::Epoch ? "seconds" : "milliseconds");
    }
    // A 60 that reads once it is 59 is a leap second (or minute 60), which UTC epoch seconds cannot hold.
    for (std::size_t at = text.find("60"); at != std::string_view::npos; at = text.find("60", at + 1)) {
        std::string fixed(text);
        fixed.replace(at, 2, "59");
        if (read(fixed))
            return fmt::format("'60' at character {} is a leap second or minute 60; allowed: seconds and minutes "
                               "00 .. 59 (write the leap second as :59 or as the next minute's :00)",
                               at + 1);
    }
    if (kind_ == Kind::Iso8601)
        return "allowed: YYYY-MM-DD or YYYY-MM-DDTHH:MM[:SS[.fff]] with Z, +hh:mm, +hhmm, +hh or no zone (UTC), "
               "every value in range";
    return fmt::format("allowed: text matching the pattern '{}' as a whole, every value in range (month 1 .. 12, a "
                       "day of that month, hour 0 .. 23, minute and second 0 .. 59)",
                       spec_);
}

std::optional<double> TimeFormat::toSeconds(std::string_view text) const
{
    const auto instant = read(text);
    if (!instant)
        return std::nullopt;
    return instant->seconds;
}

double TimeFormat::resolutionS() const
{
    switch (kind_) {
    case Kind::EpochMs: return 0.001;
    case Kind::Pattern: return patternResolutionS_;
    case Kind::Epoch:
    case Kind::Iso8601: break;
    }
    return 1.0;
}

std::optional<TimeFormat::Instant> TimeFormat::readPattern(std::string_view text) const
{
    const auto set = [](int& target, std::optional<int> value) {
        if (value)
            target = *value;
        return value.has_value();
    };
    Cursor in{text};
    int year = 1970;
    int month = 1;
    int day = 1;
    int dayOfYear = 0;
    int hour = 0;
    bool twelveHour = false;
    bool pm = false;
    int minute = 0;
    int second = 0;
    double fraction = 0.0;
    double resolution = patternResolutionS_;
    int offset = 0;
    for (const Item& item : items_) {
        bool ok = true;
        switch (item.field) {
        case Field::Literal: ok = in.take(std::string_view(item.literal)); break;
        case Field::Year4: ok = set(year, in.number(4, 4)); break;
        case Field::Year2:
            // POSIX: 69-99 are 1969-1999, 00-68 are 2000-2068.
            ok = set(year, in.number(2, 2));
            year += year >= 69 ? 1900 : 2000;
            break;
        case Field::Month: ok = set(month, in.numberIn(1, 2, 1, 12)); break;
        case Field::MonthName: ok = set(month, in.monthName()); break;
        case Field::DaySpacePadded: in.take(' '); [[fallthrough]];
        case Field::Day: ok = set(day, in.numberIn(1, 2, 1, 31)); break;
        case Field::DayOfYear: ok = set(dayOfYear, in.numberIn(1, 3, 1, 366)); break;
        case Field::Hour24: ok = set(hour, in.numberIn(1, 2, 0, 23)); break;
        case Field::Hour12:
            ok = set(hour, in.numberIn(1, 2, 1, 12));
            twelveHour = true;
            break;
        case Field::AmPm:
            pm = in.pos < text.size() && lower(text[in.pos]) == 'p';
            ok = in.pos + 2 <= text.size() && (pm || lower(text[in.pos]) == 'a') && lower(text[in.pos + 1]) == 'm';
            in.pos += 2;
            break;
        case Field::Minute: ok = set(minute, in.numberIn(1, 2, 0, 59)); break;
        case Field::Second: {
            ok = set(second, in.numberIn(1, 2, 0, 59));
            const auto decimals = in.fraction(resolution);
            ok = ok && decimals;
            fraction = decimals.value_or(0.0);
            break;
        }
        case Field::Zone: ok = set(offset, in.zoneOffset()); break;
        }
        if (!ok)
            return std::nullopt;
    }
    if (!in.done() || day > daysInMonth(year, month) || dayOfYear > (isLeap(year) ? 366 : 365))
        return std::nullopt;
    if (twelveHour)
        hour = hour % 12 + (pm ? 12 : 0);
    const long long days = dayOfYear > 0 ? daysFromCivil(year, 1, 1) + dayOfYear - 1 : daysFromCivil(year, month, day);
    return Instant{static_cast<double>(days) * kDayS + hour * 3600.0 + minute * 60.0 + second + fraction - offset,
                   resolution};
}

double parseWindowBound(std::string_view text, const TimeFormat& logFormat, WindowBound bound)
{
    auto instant = logFormat.read(text);
    if (!instant)
        instant = TimeFormat::iso8601().read(text);
    const char* flag = bound == WindowBound::From ? "--from" : "--to";
    if (!instant) {
        // A specific reason (a leap second, a negative epoch) from either format; else only what is allowed.
        std::string why = logFormat.whyNotATime(text);
        if (why.starts_with("allowed"))
            why = TimeFormat::iso8601().whyNotATime(text);
        const std::string reason = why.starts_with("allowed") ? std::string() : ": " + why.substr(0, why.find(';'));
        throw InputError({{{},
                           flag,
                           fmt::format("'{}' is not a time{}; allowed: a time in the log's format ({}) or ISO-8601 "
                                       "(2024-03-05, 2024-03-05T12:00:00Z)",
                                       text.substr(0, 60), reason, logFormat.spec()),
                           std::string(text.substr(0, 60))}});
    }
    // A day alone covers the whole day: --to 2024-03-05 keeps the failures of March 5.
    if (bound == WindowBound::To && instant->resolutionS >= kDayS)
        return instant->seconds + kDayS;
    return instant->seconds;
}

}  // namespace spare
