#include "engine/layout/CyclicOverlap.h"

#include <algorithm>
#include <limits>
#include <tuple>

namespace spare {

namespace {

// Groups w and w + c (c and -c one class) form N unordered pairs, or N/2 when c = N/2.
long long pairsOfClass(int c, int n)
{
    return 2 * c == n ? n / 2 : n;
}

int classOf(long long difference, int n)
{
    const int d = static_cast<int>(((difference % n) + n) % n);
    return std::min(d, n - d);
}

// Share m(c) of each difference class c in [1, N/2]: one per offset pair at distance c (two when c = N/2,
// since then d = -d and both orders land on the same groups).
class ClassCounts {
public:
    explicit ClassCounts(int n) : n_(n), shares_(static_cast<size_t>(n / 2 + 1), 0) {}

    void add(int c, int sign)
    {
        const int step = 2 * c == n_ ? 2 : 1;
        int& s = shares_[static_cast<size_t>(c)];
        const bool wasOverlapping = s >= 2;
        s += sign * step;
        if (wasOverlapping != (s >= 2))
            pairs_ += sign * pairsOfClass(c, n_);
        maxShare_ = std::max(maxShare_, s);
    }
    long long pairs() const { return pairs_; }
    int maxShare() const { return maxShare_; }
    void setMaxShare(int m) { maxShare_ = m; }

private:
    int n_;
    std::vector<int> shares_;
    long long pairs_ = 0;
    int maxShare_ = 0;
};

// Depth-first branch and bound over increasing offsets with o_0 = 0 (translation), children tried
// best-first, so the first leaf is the greedy layout.
class LeastOverlapSearch {
public:
    LeastOverlapSearch(int n, int count, long long lowerBound)
        : n_(n), count_(count), lowerBound_(lowerBound), counts_(n)
    {
    }

    std::vector<int> run(CyclicOverlap& overlap)
    {
        chosen_.push_back(0);
        extend();
        overlap.maxOverlap = bestMax_;
        overlap.overlappingPairs = bestPairs_;
        overlap.provedFewest = !aborted_ || bestPairs_ <= lowerBound_;
        return best_;
    }

private:
    struct Candidate {
        long long pairs;
        int maxShare;
        int x;
        auto key() const { return std::tie(pairs, maxShare, x); }
    };

    void place(int x, int sign)
    {
        for (int e : chosen_)
            if (e != x)
                counts_.add(classOf(static_cast<long long>(x) - e, n_), sign);
    }

    bool improves(long long pairs, int maxShare) const
    {
        return pairs < bestPairs_ || (pairs == bestPairs_ && maxShare < bestMax_);
    }

    void extend()
    {
        if (static_cast<int>(chosen_.size()) == count_) {
            if (improves(counts_.pairs(), counts_.maxShare())) {
                bestPairs_ = counts_.pairs();
                bestMax_ = counts_.maxShare();
                best_ = chosen_;
            }
            return;
        }
        const int last = chosen_.back();
        const int highest = n_ - (count_ - static_cast<int>(chosen_.size()));
        work_ += static_cast<long long>(highest - last) * static_cast<long long>(chosen_.size());
        if (work_ > workLimit) {
            aborted_ = true;
            return;
        }
        std::vector<Candidate> candidates;
        const int savedMax = counts_.maxShare();
        for (int x = last + 1; x <= highest; ++x) {
            place(x, +1);
            if (improves(counts_.pairs(), counts_.maxShare()))
                candidates.push_back({counts_.pairs(), counts_.maxShare(), x});
            place(x, -1);
            counts_.setMaxShare(savedMax);
        }
        std::sort(candidates.begin(), candidates.end(), [](const Candidate& a, const Candidate& b) { return a.key() < b.key(); });
        for (const auto& c : candidates) {
            if (!improves(c.pairs, c.maxShare) || aborted_ || bestPairs_ <= lowerBound_)
                return;
            place(c.x, +1);
            chosen_.push_back(c.x);
            extend();
            chosen_.pop_back();
            place(c.x, -1);
            counts_.setMaxShare(savedMax);
        }
    }

    // A few milliseconds of candidate evaluations; a count, so results do not depend on the machine.
    static constexpr long long workLimit = 200'000;

    int n_;
    int count_;
    long long lowerBound_;
    ClassCounts counts_;
    std::vector<int> chosen_;
    std::vector<int> best_;
    long long bestPairs_ = std::numeric_limits<long long>::max();
    int bestMax_ = std::numeric_limits<int>::max();
    long long work_ = 0;
    bool aborted_ = false;
};

}  // namespace

CyclicOverlap cyclicOverlap(const std::vector<int>& offsets, int modulus)
{
    ClassCounts counts(modulus);
    for (size_t i = 0; i < offsets.size(); ++i)
        for (size_t j = i + 1; j < offsets.size(); ++j)
            counts.add(classOf(static_cast<long long>(offsets[j]) - offsets[i], modulus), +1);
    CyclicOverlap overlap;
    overlap.maxOverlap = counts.maxShare();
    overlap.overlappingPairs = counts.pairs();
    return overlap;
}

std::vector<int> leastOverlappingOffsets(int modulus, int count, long long lowerBoundPairs, CyclicOverlap& overlap)
{
    return LeastOverlapSearch(modulus, count, lowerBoundPairs).run(overlap);
}

}  // namespace spare
