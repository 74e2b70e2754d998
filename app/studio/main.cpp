// spare-studio: the GUI. See docs/studio-tour.md.
#include "MainWindow.h"
#include "StudioOptions.h"
#include "analysis/AnalysisIntegration.h"
#include "layoutlab/LayoutLabCharts.h"
#include "layoutlab/LayoutLabIntegration.h"

#include <QApplication>
#include <QTimer>

#include <cstdio>

int main(int argc, char** argv)
{
    QApplication app(argc, argv);
    QCoreApplication::setOrganizationName(QStringLiteral("SPARe"));
    QCoreApplication::setApplicationName(QStringLiteral("spare-studio"));
    QCoreApplication::setApplicationVersion(QStringLiteral("0.1.0"));

    QString error;
    const auto options = spare::StudioOptions::parse(QCoreApplication::arguments(), &error);
    if (!options) {
        std::fprintf(stderr, "spare-studio: %s\n", qUtf8Printable(error));
        return 2;
    }

    spare::MainWindow window(*options);
    if (!options->exportReportDir.isEmpty() || !options->exportChart.isEmpty()) {
        // The layout lab's charts first; the analysis takes the rest (and --export-report).
        spare::StudioOptions rest = *options;
        int code = window.findChild<spare::LayoutLabIntegration*>()->runScriptedExport(*options);
        if (spare::LayoutLabCharts::names().contains(options->exportChart))
            rest.exportChart.clear();
        if (code == 0)
            code = window.findChild<spare::AnalysisIntegration*>()->runScriptedExports(rest);
        if (options->quit || code != 0)
            return code;
    }
    window.findChild<spare::LayoutLabIntegration*>()->applyOptions(*options);
    window.show();

    const bool automated = options->runUntil.kind != spare::RunUntil::Kind::None || !options->screenshotPath.isEmpty()
        || options->quit;
    if (automated) {
        int exitCode = 0;
        auto finish = [&] {
            if (!options->screenshotPath.isEmpty() && !window.saveScreenshot(options->screenshotPath))
                exitCode = 1;
            if (options->quit)
                QCoreApplication::exit(exitCode);
        };
        // Without --run-until, a screenshot shows the first second of playback.
        if (options->runUntil.kind == spare::RunUntil::Kind::None)
            QTimer::singleShot(options->screenshotPath.isEmpty() ? 0 : 1000, &window, finish);
        else
            window.runUntil(options->runUntil, [&] {
                // Let pending paints and animations settle before grabbing.
                QTimer::singleShot(700, &window, finish);
            });
        return app.exec() == 0 ? exitCode : 1;
    }
    return app.exec();
}
