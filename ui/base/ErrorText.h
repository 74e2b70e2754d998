#pragma once

#include <QString>
#include <QStringList>

#include <exception>

namespace spare {

// How the window shows an error: an InputError as its issues, one line each (at most
// kMaxListedProblems, then how many more); a broken contract (std::logic_error) as a bug to report;
// anything else as its message.
QStringList errorLines(const std::exception& error);

// errorLines() joined by newlines.
QString errorText(const std::exception& error);
// The same for a caught exception handed on as a value (empty for none).
QString errorText(const std::exception_ptr& error);

}  // namespace spare
