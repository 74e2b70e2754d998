#include "engine/sim/DomainFailureClocks.h"

#include "engine/sim/FailureCategories.h"

#include <algorithm>
#include <limits>

namespace spare {

namespace {
constexpr double infinity = std::numeric_limits<double>::infinity();
}

DomainFailureClocks::DomainFailureClocks(const Scenario& scenario, std::shared_ptr<const ClusterPlacement> placement,
                                         const HostPopulation& hosts)
    : placement_(std::move(placement))
{
    if (placement_)
        addDomainProcesses(scenario);
    if (hosts.proneNodes().empty())
        return;
    // A healthy node fails at the group rate / its nodes; a prone node adds (factor - 1) times that.
    const double extra = scenario.hosts->proneFactor - 1.0;
    const double meanS = extra > 0.0 ? static_cast<double>(scenario.groups) * scenario.systemMtbfS *
                                           HostPopulation::nodesPerGroup(scenario) / extra
                                     : infinity;
    const bool weibull = scenario.failureModel == FailureModel::Weibull;
    const auto offset = static_cast<std::uint64_t>(processes_.size()) << 32;
    proneProcess_ = static_cast<int>(processes_.size());
    processes_.push_back({DomainLevel::Node, "failure-prone node", {}, {},
                          FailureClocks(static_cast<int>(hosts.proneNodes().size()),
                                        weibull ? FailureModel::Weibull : FailureModel::Exponential, meanS,
                                        weibull ? scenario.weibullShape : 1.0, scenario.seed,
                                        StreamPurpose::DomainClock, offset, scenario.clockStart)});
    prone_.nodes = hosts.proneNodes();
    prone_.groups = hosts.proneGroups();
    prone_.firings.assign(prone_.nodes.size(), 0);
    prone_.removeAfter = scenario.hosts->removeAfter;
    for (std::size_t i = 0; i < prone_.groups.size(); ++i)
        prone_.byGroup.emplace_back(prone_.groups[i], static_cast<int>(i));
    std::sort(prone_.byGroup.begin(), prone_.byGroup.end());
}

void DomainFailureClocks::addDomainProcesses(const Scenario& scenario)
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
    if (isProne(p)) {
        const auto clock = static_cast<std::size_t>(firing.group);
        const bool removed = ++prone_.firings[clock] == prone_.removeAfter;
        if (!removed)
            process.clocks.renew(firing.group, firing.timeS);
        return {firing.timeS, static_cast<int>(p), firing.group, removed};
    }
    process.clocks.renew(firing.group, firing.timeS);
    return {firing.timeS, static_cast<int>(p), process.domains[static_cast<std::size_t>(firing.group)]};
}

std::span<const int> DomainFailureClocks::groupsHit(const Firing& firing) const
{
    if (isProne(static_cast<std::size_t>(firing.process)))
        return {&prone_.groups[static_cast<std::size_t>(firing.domain)], 1};
    return placement_->groupsIn(processes_[static_cast<std::size_t>(firing.process)].level, firing.domain);
}

int DomainFailureClocks::nodesHit(const Firing& firing, int group) const
{
    if (isProne(static_cast<std::size_t>(firing.process)))
        return 1;
    const DomainLevel level = processes_[static_cast<std::size_t>(firing.process)].level;
    const auto nodes = placement_->nodesOf(group);
    return static_cast<int>(std::count_if(nodes.begin(), nodes.end(), [&](int node) {
        return placement_->domainOfNode(node, level) == firing.domain;
    }));
}

bool DomainFailureClocks::firedBy(int group, double timeS)
{
    for (std::size_t p = 0; p < processes_.size(); ++p) {
        Process& process = processes_[p];
        if (isProne(p)) {
            auto it = std::lower_bound(prone_.byGroup.begin(), prone_.byGroup.end(), std::pair{group, -1});
            for (; it != prone_.byGroup.end() && it->first == group; ++it)
                if (process.clocks.firedBy(it->second, timeS))
                    return true;
            continue;
        }
        for (const int d : placement_->domainsOf(group, process.level))
            if (process.clocks.firedBy(process.clockOfDomain[static_cast<std::size_t>(d)], timeS))
                return true;
    }
    return false;
}

std::shared_ptr<const FailureOrigin> DomainFailureClocks::origin(const Firing& firing) const
{
    const Process& process = processes_[static_cast<std::size_t>(firing.process)];
    const int domain = isProne(static_cast<std::size_t>(firing.process))
                           ? prone_.nodes[static_cast<std::size_t>(firing.domain)]
                           : firing.domain;
    return std::make_shared<const FailureOrigin>(FailureOrigin{process.category, process.level, domain});
}

}  // namespace spare
