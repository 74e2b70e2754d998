// spare-studio: the GUI. See docs/studio-tour.md.
#include "ui/AnimationCommandLine.h"
#include "ui/MainWindow.h"
#include "ui/ScriptedExports.h"
#include "ui/StudioOptions.h"
#include "ui/WindowStateExporter.h"
#include "ui/base/StudioPaths.h"
#include "ui/campaign/CampaignCommandLine.h"
#include "ui/playback/RunSetup.h"

#include <QApplication>
#include <QFileInfo>
#include <QSettings>
#include <QTimer>

#include <cstdio>
#include <optional>

namespace {

void printError(const QString& message)
{
    std::fprintf(stderr, "spare-studio: %s\n", qUtf8Printable(message));
}

}  // namespace

int main(int argc, char** argv)
{
    QCoreApplication::setOrganizationName(QStringLiteral("SPARe"));
    QCoreApplication::setApplicationName(QStringLiteral("spare-studio"));
    QCoreApplication::setApplicationVersion(QStringLiteral(SPARE_VERSION));

    // The options are read before the GUI application exists: --help, --version and a bad option need no
    // display (a QApplication without a platform plugin aborts).
    QString error;
    std::optional<spare::StudioOptions> options;
    {
        const QCoreApplication reader(argc, argv);
        options = spare::StudioOptions::parse(QCoreApplication::arguments(), &error);
    }
    if (!options) {
        printError(error);
        return 2;
    }
    QApplication app(argc, argv);
    if (options->memoryLimit)
        spare::RunSetup::setMemoryBudget(*options->memoryLimit);

    std::shared_ptr<const spare::CampaignData> campaignData;
    if (options->automated() && !options->campaignPath.isEmpty()) {
        // A campaign chart needs no scenario and no window; a bad table or flag fails before the window,
        // and a good table is shown without reading it again.
        const int code = spare::CampaignCommandLine::exportChart(options->campaignRequest(), &campaignData);
        if (code != 0 || !options->exportChart.isEmpty())
            return code;
    }
    if (options->automated()) {
        // A script gets every problem of the scenario on stderr and exit 2, before anything is written.
        const QString path = options->scenarioPath.isEmpty() ? spare::StudioPaths::defaultScenario() : options->scenarioPath;
        const spare::RunSetup setup = spare::RunSetup::load(path, options->policy, options->seed);
        const QStringList problems = setup.ok() && options->compare ? options->compare->prepare(setup.scenario, setup.run->trace).problems
                                                                    : setup.problems;
        if (!problems.isEmpty()) {
            for (const QString& problem : problems)
                printError(problem);
            return 2;
        }
        if (!options->exportReportDir.isEmpty() || (!options->exportChart.isEmpty() && options->campaignPath.isEmpty())) {
            const int code = spare::ScriptedExports::run(setup.scenario, *options);
            if (options->quit || code != 0)
                return code;
        }
    }

    spare::StudioOptions opening = *options;
    if (!options->automated() && opening.scenarioPath.isEmpty()) {
        // An interactive start without --scenario opens the scenario opened last, when it is still there.
        const QStringList recent = QSettings().value(QStringLiteral("recentFiles")).toStringList();
        if (!recent.isEmpty() && QFileInfo(recent.front()).isFile())
            opening.scenarioPath = recent.front();
    }
    spare::MainWindow window(opening, campaignData);
    if (!options->automated())
        window.restoreSession();
    window.show();
    if (!options->automated())
        return app.exec();

    int exitCode = 0;
    QObject::connect(&window, &spare::MainWindow::runFailed, &window, [&](const QString& message) {
        if (exitCode == 0)
            printError(message);
        exitCode = 2;
        QCoreApplication::exit(2);
    });
    auto finish = [&] {
        if (exitCode != 0)
            return;
        if (!options->screenshotPath.isEmpty() && !window.saveScreenshot(options->screenshotPath))
            exitCode = 1;
        if (!options->exportStatePath.isEmpty() && !spare::WindowStateExporter::write(window, options->exportStatePath, &error)) {
            printError(error);
            exitCode = 1;
        }
        if (options->quit)
            QCoreApplication::exit(exitCode);
    };
    if (options->animation) {
        auto* animation = new spare::AnimationCommandLine(&window, *options->animation, [&](int code) {
            exitCode = code;
            QCoreApplication::exit(code);
        });
        animation->start();
        const int appCode = app.exec();
        return exitCode != 0 ? exitCode : (appCode == 0 ? 0 : 1);
    }
    // Without --run-until, a screenshot shows the first second of playback, or the campaign table once
    // it is read (it loads in the background).
    if (!options->campaignPath.isEmpty() && options->runUntil.kind == spare::RunUntil::Kind::None)
        QObject::connect(&window, &spare::MainWindow::campaignOptionsApplied, &window,
                         [&] { QTimer::singleShot(300, &window, finish); });
    else if (options->runUntil.kind == spare::RunUntil::Kind::None)
        QTimer::singleShot(options->screenshotPath.isEmpty() ? 0 : 1000, &window, finish);
    else
        window.runUntil(options->runUntil, [&] {
            // Let pending paints and animations settle before grabbing pixels; the exported state is
            // the cursor's, set once runUntil lands.
            QTimer::singleShot(options->screenshotPath.isEmpty() ? 0 : 700, &window, finish);
        });
    const int appCode = app.exec();
    return exitCode != 0 ? exitCode : (appCode == 0 ? 0 : 1);
}
