#pragma once

#include "engine/base/InputIssue.h"

#include <QString>
#include <QStringList>

#include <exception>
#include <vector>

namespace spare {

// How the window shows issues: one line each (at most kMaxListedProblems, then how many more); an issue
// made from a whole message may give several lines.
QStringList issueLines(const std::vector<InputIssue>& issues);

// How the window shows an error: an InputError as its issues, one line each (at most
// kMaxListedProblems, then how many more); a broken contract (std::logic_error) as a bug to report;
// anything else as its message.
QStringList errorLines(const std::exception& error);

// errorLines() joined by newlines.
QString errorText(const std::exception& error);
// The same for a caught exception handed on as a value (empty for none).
QString errorText(const std::exception_ptr& error);

}  // namespace spare
