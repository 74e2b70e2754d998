#include "engine/sim/DomainFailureClocks.h"

#include "engine/sim/FailureCategories.h"

#include <algorithm>
#include <limits>

namespace spare {

namespace {
constexpr double infinity = std::numeric_limits<double>::infinity();
}

DomainFailureClocks::DomainFailureClocks(const Scenario& scenario, std::shared_ptr<const ClusterPlacement> placement)
    : placement_(std::move(placement))
{
    const auto addProcess = [&](DomainLevel level, std::string category, FailureModel model, double meanOf,
                                double weibullShape, bool meanIsPerCluster) {
        std::vector<int> domains;
        std::vector<int> clockOfDomain(static_cast<std::size_t>(placement_->domainCount(level)), -1);
        for (int d = 0; d < placement_->domainCount(level); ++d) {
            if (placement_->groupsIn(level, d).empty())
                continue;
            clockOfDomain[static_cast<std::size_t>(d)] = static_cast<int>(domains.size());
            domains.push_back(d);
        }
        // A category's rate is cluster-wide: each of the D domains gets D times its mean.
        const double meanS = meanIsPerCluster ? meanOf * static_cast<double>(domains.size()) : meanOf;
        const auto offset = static_cast<std::uint64_t>(processes_.size()) << 32;
        FailureClocks clocks(static_cast<int>(domains.size()), model, meanS, weibullShape, scenario.seed,
                             StreamPurpose::DomainClock, offset, scenario.clockStart);
        processes_.push_back({level, std::move(category), std::move(domains), std::move(clockOfDomain),
                              std::move(clocks)});
    };
    for (const DomainFailureProcess& d : scenario.domainFailures)
        addProcess(d.level, {}, d.shape == FailureShape::Weibull ? FailureModel::Weibull : FailureModel::Exponential,
                   d.domainMtbfS(), d.weibullShape, false);
    for (std::size_t c = 0; c < scenario.failureCategories.size(); ++c) {
        const FailureCategory& category = scenario.failureCategories[c];
        if (!category.level)
            continue;
        const double share = categoryShare(scenario, c);
        // Exponential whatever failures.model says: a Weibull clock with k < 1 started at time 0 fires far
        // above its mean rate while the run is short against its mean lifetime (D / s_c system MTBFs).
        addProcess(*category.level, category.name, FailureModel::Exponential,
                   share > 0.0 ? scenario.systemMtbfS / share : infinity, 1.0, true);
    }
}

std::size_t DomainFailureClocks::earliestProcess() const
{
    std::size_t best = 0;
    for (std::size_t p = 1; p < processes_.size(); ++p)
        if (processes_[p].clocks.earliest() < processes_[best].clocks.earliest())
            best = p;
    return best;
}

double DomainFailureClocks::earliest() const
{
    return processes_.empty() ? infinity : processes_[earliestProcess()].clocks.earliest();
}

DomainFailureClocks::Firing DomainFailureClocks::pop()
{
    const std::size_t p = earliestProcess();
    Process& process = processes_[p];
    const FailureClocks::Firing firing = process.clocks.pop();
    process.clocks.renew(firing.group, firing.timeS);
    return {firing.timeS, static_cast<int>(p), process.domains[static_cast<std::size_t>(firing.group)]};
}

std::span<const int> DomainFailureClocks::groupsHit(const Firing& firing) const
{
    return placement_->groupsIn(processes_[static_cast<std::size_t>(firing.process)].level, firing.domain);
}

int DomainFailureClocks::nodesHit(const Firing& firing, int group) const
{
    const DomainLevel level = processes_[static_cast<std::size_t>(firing.process)].level;
    const auto nodes = placement_->nodesOf(group);
    return static_cast<int>(std::count_if(nodes.begin(), nodes.end(), [&](int node) {
        return placement_->domainOfNode(node, level) == firing.domain;
    }));
}

bool DomainFailureClocks::firedBy(int group, double timeS)
{
    for (Process& process : processes_)
        for (const int d : placement_->domainsOf(group, process.level))
            if (process.clocks.firedBy(process.clockOfDomain[static_cast<std::size_t>(d)], timeS))
                return true;
    return false;
}

std::shared_ptr<const FailureOrigin> DomainFailureClocks::origin(const Firing& firing) const
{
    const Process& process = processes_[static_cast<std::size_t>(firing.process)];
    return std::make_shared<const FailureOrigin>(FailureOrigin{process.category, process.level, firing.domain});
}

}  // namespace spare
