#pragma once

#include "ui/layoutlab/LayoutLabSettings.h"
#include "ui/layoutlab/LayoutRefinement.h"

#include <QString>

#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

namespace spare {

class Layout;
class LayoutOverlap;

// A layout's mu, S_bar, the S_bar lower bound and the model TTT/T0 as the lab shows them, with where
// mu comes from: "exact" (closed form, consecutive offsets), "Monte-Carlo", "asymptotic" (closed form
// for independent layouts, before the Monte-Carlo arrives) or nothing (not independent, not refined).
struct LayoutFigures {
    std::optional<double> mu;
    ConfidenceInterval muCi;
    QString muSource;
    std::optional<double> sbar;  // Monte-Carlo only
    ConfidenceInterval sbarCi;
    std::optional<double> sbarBound;  // pooled c(k) of the Monte-Carlo, else the c-bound at mu
    std::optional<double> tttRatio;  // J = S_bar / A*(mu m), S_bar falling back to its bound
};

// One layout of the lab: the layout, its overlap structure and what the worker refined. A value
// (the heavy parts are shared and immutable), so views and exports take copies freely.
struct LayoutCandidate {
    enum class Role { Golomb, Consecutive, Custom };

    Role role = Role::Golomb;
    QString name;
    QString key;  // the layout's stacks + the Monte-Carlo settings: equal keys, equal refinements
    std::shared_ptr<const Layout> layout;
    std::shared_ptr<const LayoutOverlap> overlap;
    std::vector<int> offsets;  // empty when the layout is not cyclic
    bool hasExactMu = false;   // cyclic with consecutive offsets: ClosedForms::muExactConsecutive applies
    std::optional<LayoutRefinement> refinement;
    LayoutFigures figures;

    // The cheap properties, computed at once (O(N r^2)).
    static LayoutCandidate make(Role role, const QString& name, std::shared_ptr<const Layout> layout,
                                const LayoutLabSettings& settings);
    // This candidate with the worker's result (ignored unless its key matches and it is complete).
    LayoutCandidate refined(const LayoutRefinement& refinement, const LayoutLabSettings& settings) const;

    bool independent() const;
    int maxOverlap() const;
    std::int64_t pairsSharingSeveral() const;  // pairs of groups sharing two or more types
    static QString roleName(Role role);

private:
    void computeFigures(const LayoutLabSettings& settings);
};

}  // namespace spare
