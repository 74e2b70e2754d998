#include "ui/base/ErrorText.h"

#include "engine/base/InputError.h"
#include "engine/base/ProblemList.h"

#include <QCoreApplication>

#include <stdexcept>

namespace spare {

namespace {

QStringList linesOf(const std::string& text)
{
    return QString::fromStdString(text).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
}

}  // namespace

QStringList issueLines(const std::vector<InputIssue>& issues)
{
    QStringList lines;
    for (const std::string& line : problemListLines(issues))
        lines << linesOf(line);
    return lines;
}

QStringList errorLines(const std::exception& error)
{
    if (const auto* input = dynamic_cast<const InputError*>(&error))
        return issueLines(input->issues());
    if (dynamic_cast<const std::logic_error*>(&error) != nullptr)
        return {QCoreApplication::translate("ErrorText", "Internal error: %1").arg(QString::fromUtf8(error.what())),
                QCoreApplication::translate("ErrorText", "This is a bug in SPARe Studio, not in your input; please "
                                                         "report it with this message and the scenario.")};
    return linesOf(error.what());
}

QString errorText(const std::exception& error) { return errorLines(error).join(QLatin1Char('\n')); }

QString errorText(const std::exception_ptr& error)
{
    if (!error)
        return {};
    try {
        std::rethrow_exception(error);
    } catch (const std::exception& e) {
        return errorText(e);
    } catch (...) {
        return QCoreApplication::translate("ErrorText", "unknown error");
    }
}

}  // namespace spare
