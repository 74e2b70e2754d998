#include "engine/planning/KimNelsonProcedure.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>

namespace spare {

KimNelsonProcedure::KimNelsonProcedure(int systems, double alpha, int firstStage)
    : alpha_(alpha), firstStage_(firstStage), survivorCount_(systems),
      observations_(static_cast<std::size_t>(std::max(systems, 0))), sums_(observations_.size(), 0.0),
      sumSquares_(observations_.size(), 0.0), eliminatedAt_(observations_.size(), -1)
{
    if (systems < 2 || firstStage < 2 || !(alpha > 0.0) || !(alpha < 1.0 - 1.0 / systems))
        throw std::logic_error("KimNelsonProcedure needs k >= 2 systems, n0 >= 2 and 0 < alpha < 1 - 1/k");
    h2_ = 2.0 * eta(alpha, systems, firstStage) * (firstStage - 1);
}

double KimNelsonProcedure::eta(double alpha, int systems, int firstStage)
{
    return 0.5 * (std::pow(2.0 * alpha / (systems - 1), -2.0 / (firstStage - 1)) - 1.0);
}

void KimNelsonProcedure::setIndifference(double delta)
{
    if (firstStageFixed_ || replicates_ > firstStage_ || !(delta > 0.0))
        throw std::logic_error("KimNelsonProcedure: delta must be > 0 and set before the first-stage screening");
    delta_ = delta;
    if (replicates_ == firstStage_) {
        fixFirstStage();
        screen();
    }
}

void KimNelsonProcedure::addReplicate(const std::vector<double>& values)
{
    if (values.size() != sums_.size())
        throw std::logic_error("KimNelsonProcedure::addReplicate needs one value per system");
    if (replicates_ >= firstStage_ && !indifferenceSet())
        throw std::logic_error("KimNelsonProcedure: set the indifference zone after the first stage");
    ++replicates_;
    for (std::size_t i = 0; i < sums_.size(); ++i) {
        if (eliminatedAt_[i] >= 0)
            continue;
        observations_[i].push_back(values[i]);
        sums_[i] += values[i];
        sumSquares_[i] += values[i] * values[i];
    }
    if (replicates_ < firstStage_ || !indifferenceSet())
        return;
    if (!firstStageFixed_)
        fixFirstStage();
    screen();
}

void KimNelsonProcedure::fixFirstStage()
{
    const std::size_t k = sums_.size();
    const int n0 = firstStage_;
    pairVariance_.assign(k * k, 0.0);
    for (std::size_t i = 0; i < k; ++i)
        for (std::size_t l = i + 1; l < k; ++l) {
            const double meanDifference = (sums_[i] - sums_[l]) / n0;
            double s2 = 0.0;
            for (int j = 0; j < n0; ++j) {
                const double d = observations_[i][j] - observations_[l][j] - meanDifference;
                s2 += d * d;
            }
            s2 /= n0 - 1;
            pairVariance_[i * k + l] = pairVariance_[l * k + i] = s2;
        }
    firstStageFixed_ = true;
}

void KimNelsonProcedure::screen()
{
    if (survivorCount_ <= 1)
        return;
    const std::size_t k = sums_.size();
    const double n = replicates_;
    std::vector<std::size_t> in;
    for (std::size_t i = 0; i < k; ++i)
        if (eliminatedAt_[i] < 0)
            in.push_back(i);
    std::vector<std::size_t> out;
    bool regionOpen = false;
    for (const std::size_t i : in)
        for (const std::size_t l : in) {
            if (i == l)
                continue;
            const double width = std::max(0.0, delta_ / (2.0 * n) * (h2_ * pairVariance_[i * k + l] / (delta_ * delta_) - n));
            regionOpen = regionOpen || width > 0.0;
            if ((sums_[i] - sums_[l]) / n > width) {
                out.push_back(i);
                break;
            }
        }
    for (const std::size_t i : out)
        eliminatedAt_[i] = replicates_;
    survivorCount_ -= static_cast<int>(out.size());
    if (survivorCount_ > 1 && !regionOpen) {
        // Every region has closed and the survivors tie exactly: keep the first.
        const int keep = selected();
        for (const std::size_t i : in)
            if (eliminatedAt_[i] < 0 && static_cast<int>(i) != keep)
                eliminatedAt_[i] = replicates_;
        survivorCount_ = 1;
    }
}

std::vector<int> KimNelsonProcedure::survivors() const
{
    std::vector<int> out;
    for (std::size_t i = 0; i < eliminatedAt_.size(); ++i)
        if (eliminatedAt_[i] < 0)
            out.push_back(static_cast<int>(i));
    return out;
}

int KimNelsonProcedure::observations(int system) const
{
    return static_cast<int>(observations_[static_cast<std::size_t>(system)].size());
}

double KimNelsonProcedure::mean(int system) const
{
    const int n = observations(system);
    return n > 0 ? sums_[static_cast<std::size_t>(system)] / n : std::numeric_limits<double>::quiet_NaN();
}

double KimNelsonProcedure::sd(int system) const
{
    const int n = observations(system);
    if (n < 2)
        return 0.0;
    const double s = sums_[static_cast<std::size_t>(system)];
    return std::sqrt(std::max(0.0, (sumSquares_[static_cast<std::size_t>(system)] - s * s / n) / (n - 1)));
}

int KimNelsonProcedure::selected() const
{
    int best = -1;
    for (const int i : survivors())
        if (best < 0 || mean(i) < mean(best))
            best = i;
    return best;
}

double KimNelsonProcedure::pairVariance(int i, int l) const
{
    if (!firstStageFixed_)
        throw std::logic_error("KimNelsonProcedure::pairVariance before the first stage");
    return pairVariance_[static_cast<std::size_t>(i) * sums_.size() + static_cast<std::size_t>(l)];
}

double KimNelsonProcedure::maxReplicatesNeeded() const
{
    if (!firstStageFixed_)
        throw std::logic_error("KimNelsonProcedure::maxReplicatesNeeded before the first stage");
    double most = firstStage_;
    for (const double s2 : pairVariance_)
        most = std::max(most, std::floor(h2_ * s2 / (delta_ * delta_)) + 1.0);
    return most;
}

double KimNelsonProcedure::smallestIndifference(int replicates) const
{
    if (!firstStageFixed_ || replicates < 2)
        throw std::logic_error("KimNelsonProcedure::smallestIndifference needs the first stage and replicates > 1");
    const double largest = *std::max_element(pairVariance_.begin(), pairVariance_.end());
    return std::sqrt(h2_ * largest / (replicates - 1));
}

double KimNelsonProcedure::pairedMeanDifference(int i, int l) const
{
    const auto& a = observations_[static_cast<std::size_t>(i)];
    const auto& b = observations_[static_cast<std::size_t>(l)];
    const std::size_t n = std::min(a.size(), b.size());
    double sum = 0.0;
    for (std::size_t j = 0; j < n; ++j)
        sum += a[j] - b[j];
    return n ? sum / static_cast<double>(n) : 0.0;
}

double KimNelsonProcedure::pairedDifferenceSd(int i, int l) const
{
    const auto& a = observations_[static_cast<std::size_t>(i)];
    const auto& b = observations_[static_cast<std::size_t>(l)];
    const std::size_t n = std::min(a.size(), b.size());
    if (n < 2)
        return 0.0;
    const double mean = pairedMeanDifference(i, l);
    double s2 = 0.0;
    for (std::size_t j = 0; j < n; ++j)
        s2 += (a[j] - b[j] - mean) * (a[j] - b[j] - mean);
    return std::sqrt(s2 / static_cast<double>(n - 1));
}

}  // namespace spare
