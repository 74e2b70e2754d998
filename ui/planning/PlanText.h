#pragma once

#include "engine/base/InputError.h"

#include <QString>
#include <QStringList>

#include <string>

namespace spare {

struct ParameterEstimate;

// How the Plan tab writes numbers, durations, estimates and command lines (one place, so the tables,
// the report and the commands agree).
class PlanText {
public:
    // The shortest text that reads back as the same double ("0.05", "3600", "1.234e+09").
    static QString number(double value);
    // 4 significant digits.
    static QString value(double value);
    // "42 s", "12.5 min", "3.21 h", "4.56 d", "2.1 y" (4 significant digits).
    static QString duration(double seconds);
    // "12.3 h (95%: 10.1 h .. 15.0 h)": durations in the value's unit.
    static QString estimate(const ParameterEstimate& estimate, bool duration);
    static QString pValue(double p);
    // The arguments as one POSIX shell line, each a shellWord (quoted only where needed).
    static QString commandLine(const QStringList& arguments);
    // An input error of a field of the tab, with the field's label where the engine names the CLI flag:
    // "Time format '%Q': ..." for an issue whose origin is the flag and its value, "From: ..." for one
    // whose key is the flag.
    static QString fieldMessage(const InputError& error, const QString& label);
};

}  // namespace spare
