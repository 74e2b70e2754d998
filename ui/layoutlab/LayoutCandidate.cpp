#include "ui/layoutlab/LayoutCandidate.h"

#include "engine/analysis/ClosedForms.h"
#include "engine/layout/Layout.h"
#include "engine/layout/LayoutOverlap.h"
#include "ui/layoutlab/IndependenceNotice.h"

#include <QHash>

#include <algorithm>
#include <cmath>

namespace spare {
namespace {

// The offsets are r circularly consecutive residues (a translate of 0 .. r-1).
bool consecutiveResidues(const std::vector<int>& offsets, int groups)
{
    return std::any_of(offsets.begin(), offsets.end(), [&](int start) {
        for (int i = 0; i < static_cast<int>(offsets.size()); ++i)
            if (std::find(offsets.begin(), offsets.end(), (start + i) % groups) == offsets.end())
                return false;
        return true;
    });
}

}  // namespace

LayoutCandidate LayoutCandidate::make(Role role, const QString& name, std::shared_ptr<const Layout> layout,
                                      const LayoutLabSettings& settings)
{
    LayoutCandidate c;
    c.role = role;
    c.name = name;
    c.layout = std::move(layout);
    c.overlap = std::make_shared<const LayoutOverlap>(*c.layout);
    c.offsets = LayoutOverlap::cyclicOffsets(*c.layout).value_or(std::vector<int>{});
    c.hasExactMu = !c.offsets.empty() && consecutiveResidues(c.offsets, c.layout->groups());
    size_t stacksHash = 0;
    for (int g = 0; g < c.layout->groups(); ++g)
        for (const int t : c.layout->stack(g))
            stacksHash = qHashMulti(stacksHash, t);
    c.key = QStringLiteral("%1x%2/%3/seed %4/%5 trials")
                .arg(c.layout->groups())
                .arg(c.layout->redundancy())
                .arg(stacksHash)
                .arg(settings.seed)
                .arg(settings.trials);
    c.computeFigures(settings);
    return c;
}

LayoutCandidate LayoutCandidate::refined(const LayoutRefinement& result, const LayoutLabSettings& settings) const
{
    LayoutCandidate c = *this;
    if (result.key != key || !result.complete)
        return c;
    c.refinement = result;
    c.computeFigures(settings);
    return c;
}

bool LayoutCandidate::independent() const
{
    return overlap->maxOverlap() <= 1;
}

int LayoutCandidate::maxOverlap() const
{
    return overlap->maxOverlap();
}

std::int64_t LayoutCandidate::pairsSharingSeveral() const
{
    return IndependenceNotice::pairsSharingSeveral(overlap->pairsByOverlap());
}

QString LayoutCandidate::roleName(Role role)
{
    switch (role) {
    case Role::Golomb: return QStringLiteral("golomb");
    case Role::Consecutive: return QStringLiteral("consecutive");
    case Role::Custom: return QStringLiteral("custom");
    }
    return {};
}

void LayoutCandidate::computeFigures(const LayoutLabSettings& settings)
{
    LayoutFigures f;
    const int n = layout->groups();
    if (refinement) {
        const MonteCarloResult& mc = refinement->monteCarlo;
        if (refinement->muExact) {
            f.mu = *refinement->muExact;
            f.muCi = {*f.mu, *f.mu};
            f.muSource = QStringLiteral("exact");
        } else {
            f.mu = mc.mu;
            f.muCi = mc.muCi95;
            f.muSource = QStringLiteral("Monte-Carlo");
        }
        if (std::isfinite(mc.sbar)) {
            f.sbar = mc.sbar;
            f.sbarCi = mc.sbarCi95;
            f.sbarBound = mc.sbarLowerBound;
        }
    } else if (independent()) {
        f.mu = muAsymptotic(n, layout->redundancy());
        f.muCi = {*f.mu, *f.mu};
        f.muSource = QStringLiteral("asymptotic");
    }
    if (f.mu && !f.sbarBound)
        f.sbarBound = sbarLowerBound(n, *f.mu);
    if (f.mu && f.sbarBound)
        f.tttRatio = tttRatio(f.sbar.value_or(*f.sbarBound), *f.mu, settings.systemMtbfS, settings.checkpointWriteS,
                              settings.restartS);
    figures = f;
}

}  // namespace spare
