#include "ui/layoutlab/LayoutLab.h"

#include "engine/layout/Layout.h"
#include "ui/base/ErrorText.h"
#include "ui/layoutlab/LayoutRefiner.h"

#include <QFileInfo>
#include <QRegularExpression>

#include <algorithm>

namespace spare {
namespace {

std::shared_ptr<const Layout> cyclicLayout(int groups, const std::vector<int>& offsets)
{
    std::vector<std::vector<int>> stacks(static_cast<std::size_t>(groups));
    for (int w = 0; w < groups; ++w)
        for (int o : offsets)
            stacks[static_cast<std::size_t>(w)].push_back((w + o) % groups);
    return std::make_shared<const Layout>(Layout::fromStacks(std::move(stacks), "custom"));
}

bool checkShape(int groups, int redundancy, QString* error)
{
    if (groups < 2 || groups > LayoutLabSettings::kMaxGroups) {
        *error = QStringLiteral("N = %1 is out of range: the layout lab allows 2 .. %2 groups")
                     .arg(groups)
                     .arg(LayoutLabSettings::kMaxGroups);
        return false;
    }
    const int maxR = std::min(LayoutLabSettings::kMaxRedundancy, groups);
    if (redundancy < 2 || redundancy > maxR) {
        *error = QStringLiteral("r = %1 is out of range: allowed 2 .. %2 (N = %3)").arg(redundancy).arg(maxR).arg(groups);
        return false;
    }
    return true;
}

}  // namespace

LayoutLab::LayoutLab(QObject* parent) : QObject(parent), refiner_(new LayoutRefiner(this))
{
    connect(refiner_, &LayoutRefiner::refined, this, &LayoutLab::apply);
}

bool LayoutLab::setScenario(const Scenario& scenario)
{
    const LayoutLabSettings wanted = LayoutLabSettings::fromScenario(scenario);
    refiner_->cancel();
    if (!checkShape(wanted.groups, wanted.redundancy, &scenarioProblem_)) {
        settings_ = wanted;
        candidates_.clear();
        emit candidatesChanged();
        return false;
    }
    scenarioProblem_.clear();
    settings_ = wanted;
    const bool fromFile = scenario.layout != "golomb" && scenario.layout != "consecutive";
    scenarioRole_ = scenario.layout == "consecutive" ? LayoutCandidate::Role::Consecutive : LayoutCandidate::Role::Golomb;
    QString error;
    if (!rebuild(std::nullopt, &error)) {
        scenarioProblem_ = error;
        candidates_.clear();
        emit candidatesChanged();
        return false;
    }
    if (fromFile) {
        if (loadCustomLayout(QString::fromStdString(scenario.layout), &error))
            scenarioRole_ = LayoutCandidate::Role::Custom;
        else
            scenarioProblem_ = error;
    }
    return true;
}

bool LayoutLab::setShape(int groups, int redundancy, QString* error)
{
    if (!checkShape(groups, redundancy, error))
        return false;
    std::optional<std::vector<int>> keep;
    if (!candidates_.isEmpty()) {
        const auto& custom = candidate(LayoutCandidate::Role::Custom).offsets;
        if (static_cast<int>(custom.size()) == redundancy
            && std::all_of(custom.begin(), custom.end(), [groups](int o) { return o < groups; }))
            keep = custom;
    }
    const LayoutLabSettings previous = settings_;
    settings_.groups = groups;
    settings_.redundancy = redundancy;
    if (!rebuild(keep, error)) {
        settings_ = previous;
        return false;
    }
    scenarioProblem_.clear();
    return true;
}

bool LayoutLab::rebuild(std::optional<std::vector<int>> customOffsets, QString* error)
{
    try {
        const int n = settings_.groups;
        const int r = settings_.redundancy;
        QVector<LayoutCandidate> built;
        built.append(LayoutCandidate::make(LayoutCandidate::Role::Golomb, QStringLiteral("golomb"),
                                           std::make_shared<const Layout>(Layout::golomb(n, r)), settings_));
        built.append(LayoutCandidate::make(LayoutCandidate::Role::Consecutive, QStringLiteral("consecutive"),
                                           std::make_shared<const Layout>(Layout::consecutive(n, r)), settings_));
        const std::vector<int> offsets = customOffsets.value_or(built.front().offsets);
        built.append(LayoutCandidate::make(LayoutCandidate::Role::Custom, QStringLiteral("custom"), cyclicLayout(n, offsets),
                                           settings_));
        candidates_ = built;
    } catch (const std::exception& e) {
        *error = errorText(e);
        return false;
    }
    emit candidatesChanged();
    refineMissing();
    return true;
}

bool LayoutLab::setCustomOffsets(const std::vector<int>& offsets, QString* error)
{
    QStringList text;
    for (int o : offsets)
        text << QString::number(o);
    return setCustomOffsetsText(text.join(QLatin1Char(' ')), error);
}

bool LayoutLab::setCustomOffsetsText(const QString& text, QString* error)
{
    if (candidates_.isEmpty()) {
        *error = scenarioProblem_;
        return false;
    }
    const auto offsets = parseOffsets(text, settings_.groups, settings_.redundancy, error);
    if (!offsets)
        return false;
    setCustom(cyclicLayout(settings_.groups, *offsets), QStringLiteral("custom"));
    return true;
}

bool LayoutLab::loadCustomLayout(const QString& path, QString* error)
{
    if (candidates_.isEmpty()) {
        *error = scenarioProblem_;
        return false;
    }
    try {
        auto layout = std::make_shared<const Layout>(Layout::fromJsonFile(path.toStdString()));
        if (layout->groups() != settings_.groups || layout->redundancy() != settings_.redundancy) {
            *error = QStringLiteral("layout file '%1' has N = %2, r = %3; the lab compares at N = %4, r = %5")
                         .arg(path)
                         .arg(layout->groups())
                         .arg(layout->redundancy())
                         .arg(settings_.groups)
                         .arg(settings_.redundancy);
            return false;
        }
        setCustom(std::move(layout), QFileInfo(path).completeBaseName());
    } catch (const std::exception& e) {
        *error = errorText(e);
        return false;
    }
    return true;
}

std::optional<std::vector<int>> LayoutLab::parseOffsets(const QString& text, int groups, int redundancy, QString* error)
{
    static const QRegularExpression separators(QStringLiteral("[\\s,;]+"));
    const QStringList parts = text.split(separators, Qt::SkipEmptyParts);
    std::vector<int> offsets;
    for (const QString& part : parts) {
        bool ok = false;
        const int value = part.toInt(&ok);
        if (!ok || value < 0 || value >= groups) {
            *error = QStringLiteral("offset '%1' is out of range: allowed integers 0 .. %2 (N = %3)")
                         .arg(part)
                         .arg(groups - 1)
                         .arg(groups);
            return std::nullopt;
        }
        if (std::find(offsets.begin(), offsets.end(), value) != offsets.end()) {
            *error = QStringLiteral("offset %1 is given twice: the %2 offsets must be distinct").arg(value).arg(redundancy);
            return std::nullopt;
        }
        offsets.push_back(value);
    }
    if (static_cast<int>(offsets.size()) != redundancy) {
        *error = QStringLiteral("%1 offsets given: r = %2 are needed").arg(offsets.size()).arg(redundancy);
        return std::nullopt;
    }
    return offsets;
}

void LayoutLab::setCustom(std::shared_ptr<const Layout> layout, const QString& name)
{
    candidates_[static_cast<int>(LayoutCandidate::Role::Custom)] =
        LayoutCandidate::make(LayoutCandidate::Role::Custom, name, std::move(layout), settings_);
    emit candidatesChanged();
    refineMissing();
}

void LayoutLab::refineMissing()
{
    refiner_->start(missingTasks(), settings_);
}

void LayoutLab::refineNow()
{
    refiner_->cancel();
    const std::atomic<bool> never{false};
    for (const LayoutRefineTask& task : missingTasks())
        apply(LayoutRefiner::refine(task, settings_, never));
}

std::vector<LayoutRefineTask> LayoutLab::missingTasks()
{
    std::vector<LayoutRefineTask> tasks;
    // The custom layout first: it is the one being edited.
    for (int i = static_cast<int>(candidates_.size()) - 1; i >= 0; --i) {
        const LayoutCandidate& c = candidates_[i];
        if (c.refinement)
            continue;
        if (const auto hit = cache_.constFind(c.key); hit != cache_.constEnd()) {
            apply(*hit);
            continue;
        }
        if (std::none_of(tasks.begin(), tasks.end(), [&c](const LayoutRefineTask& t) { return t.key == c.key; }))
            tasks.push_back({c.key, c.layout, c.hasExactMu});
    }
    return tasks;
}

bool LayoutLab::allRefined() const
{
    return std::all_of(candidates_.begin(), candidates_.end(), [](const LayoutCandidate& c) { return c.refinement.has_value(); });
}

void LayoutLab::apply(const LayoutRefinement& refinement)
{
    cache_.insert(refinement.key, refinement);
    for (int i = 0; i < candidates_.size(); ++i)
        if (candidates_[i].key == refinement.key && !candidates_[i].refinement) {
            candidates_[i] = candidates_[i].refined(refinement, settings_);
            emit candidateRefined(i);
        }
}

}  // namespace spare
