#pragma once

#include "ui/layoutlab/LayoutCandidate.h"
#include "ui/layoutlab/LayoutLabSettings.h"
#include "ui/layoutlab/LayoutRefiner.h"

#include <QHash>
#include <QObject>
#include <QVector>

#include <optional>
#include <vector>

namespace spare {

// The layout lab's state: golomb, consecutive and a custom layout (typed or dragged offsets, or a
// layout file) at one (N, r). Every change rebuilds the cheap properties at once, in the calling
// thread, then has the LayoutRefiner refine mu and S_bar in the background; refinements are cached
// by LayoutCandidate::key, so going back to a layout shows its numbers at once.
class LayoutLab : public QObject {
    Q_OBJECT
public:
    explicit LayoutLab(QObject* parent = nullptr);

    // Shape, seed and model parameters of the scenario; a layout file becomes the custom layout.
    // Returns false (candidates() empty, scenarioProblem() set) when the shape is out of the lab's range;
    // an unreadable layout file leaves the custom layout as it was and sets scenarioProblem().
    bool setScenario(const Scenario& scenario);
    // Each returns false with *error naming the field, the value and the allowed range.
    bool setShape(int groups, int redundancy, QString* error);
    bool setCustomOffsets(const std::vector<int>& offsets, QString* error);
    bool setCustomOffsetsText(const QString& text, QString* error);
    bool loadCustomLayout(const QString& path, QString* error);

    // Refines every layout in the calling thread (the headless exports): cancels the worker, then
    // computes what the cache does not hold.
    void refineNow();

    // "0 1 4 9" or "0, 1, 4, 9": r distinct integers in 0 .. N-1.
    static std::optional<std::vector<int>> parseOffsets(const QString& text, int groups, int redundancy, QString* error);

    const LayoutLabSettings& settings() const { return settings_; }
    // golomb, consecutive, custom (in Role order); empty when unavailable.
    const QVector<LayoutCandidate>& candidates() const { return candidates_; }
    const LayoutCandidate& candidate(LayoutCandidate::Role role) const { return candidates_[static_cast<int>(role)]; }
    // The role of the scenario's own layout (its file is the custom layout).
    LayoutCandidate::Role scenarioRole() const { return scenarioRole_; }
    bool allRefined() const;
    // Why the scenario's layout is not (fully) in the lab; empty when it is.
    const QString& scenarioProblem() const { return scenarioProblem_; }
    LayoutRefiner* refiner() const { return refiner_; }

signals:
    void candidatesChanged();
    void candidateRefined(int index);

private:
    bool rebuild(std::optional<std::vector<int>> customOffsets, QString* error);
    void setCustom(std::shared_ptr<const Layout> layout, const QString& name);
    void refineMissing();
    std::vector<LayoutRefineTask> missingTasks();
    void apply(const LayoutRefinement& refinement);

    LayoutLabSettings settings_;
    QVector<LayoutCandidate> candidates_;
    QHash<QString, LayoutRefinement> cache_;
    LayoutRefiner* refiner_ = nullptr;
    LayoutCandidate::Role scenarioRole_ = LayoutCandidate::Role::Golomb;
    QString scenarioProblem_;
};

}  // namespace spare
