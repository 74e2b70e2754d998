#pragma once

#include <cstddef>
#include <vector>

namespace spare {

// Kim and Nelson's fully sequential ranking-and-selection procedure (KN) for the system with the
// SMALLEST mean, with common random numbers: replicate j of every system is observed on the same random
// numbers, and the procedure works on the pairwise differences.
//
// After a first stage of n0 replicates it fixes the pairwise difference variances S_il^2 and
// eliminates system i at replicate n when its sample mean exceeds system l's by more than
// W_il(n) = max(0, delta / (2n) (h^2 S_il^2 / delta^2 - n)), h^2 = 2 eta (n0 - 1),
// eta = ((2 alpha / (k - 1))^(-2 / (n0 - 1)) - 1) / 2. With normal observations it selects the best with
// probability >= 1 - alpha whenever the best is at least delta better than every other system.
//
// Observations may arrive in batches: addReplicate() replays the screening one replicate at a time, so a
// batch gives exactly the decisions of the fully sequential procedure (a system eliminated inside a
// batch ignores its later observations).
class KimNelsonProcedure {
public:
    // k >= 2 systems, 0 < alpha < 1 - 1/k, n0 >= 2.
    KimNelsonProcedure(int systems, double alpha, int firstStage);

    static double eta(double alpha, int systems, int firstStage);
    double h2() const { return h2_; }
    int systems() const { return static_cast<int>(sums_.size()); }
    int firstStage() const { return firstStage_; }

    // The indifference zone delta > 0; must be set before the first-stage screening (once the first
    // n0 replicates are in, e.g. from their sample means). Throws std::logic_error if set later.
    void setIndifference(double delta);
    double indifference() const { return delta_; }
    bool indifferenceSet() const { return delta_ > 0.0; }

    // Replicate replicates()+1: values[i] for every system (only survivors' values are read).
    // Screens when at least n0 replicates are in and delta is set.
    void addReplicate(const std::vector<double>& values);
    int replicates() const { return replicates_; }

    bool done() const { return survivorCount_ == 1; }
    std::vector<int> survivors() const;
    bool alive(int system) const { return eliminatedAt_[static_cast<std::size_t>(system)] < 0; }
    // The replicate count at which a system was eliminated (-1: still in).
    int eliminatedAt(int system) const { return eliminatedAt_[static_cast<std::size_t>(system)]; }
    // Replicates a system has in its mean (its elimination point, or all replicates).
    int observations(int system) const;
    double mean(int system) const;
    // Sample sd of the system's own observations.
    double sd(int system) const;
    // The selected system once done(); before that, the survivor with the smallest mean.
    int selected() const;
    // The first-stage variance of the difference between systems i and l.
    double pairVariance(int i, int l) const;
    // Replicates at which every pair's continuation region closes: the most any system can need
    // (max over pairs of floor(h^2 S_il^2 / delta^2) + 1, at least n0; not capped, may be inf for a
    // vanishing delta). Needs the first stage and delta.
    double maxReplicatesNeeded() const;
    // The smallest delta with which every pair's region closes by `replicates` (> 1). Needs the first stage.
    double smallestIndifference(int replicates) const;
    // The mean difference of system i minus system l over their common observations, and its sd.
    double pairedMeanDifference(int i, int l) const;
    double pairedDifferenceSd(int i, int l) const;

private:
    void fixFirstStage();
    void screen();

    double alpha_;
    int firstStage_;
    double h2_ = 0.0;
    double delta_ = 0.0;
    int replicates_ = 0;
    int survivorCount_ = 0;
    std::vector<std::vector<double>> observations_;  // [system][replicate], kept while needed
    std::vector<double> sums_;
    std::vector<double> sumSquares_;
    std::vector<int> eliminatedAt_;
    std::vector<double> pairVariance_;  // k x k, after the first stage
    bool firstStageFixed_ = false;
};

}  // namespace spare
