#include "engine/layout/SidonLocalSearch.h"

#include "engine/layout/SidonOffsets.h"

#include <algorithm>
#include <limits>
#include <random>

namespace spare {

namespace {

class MinConflictsSearch {
public:
    MinConflictsSearch(int modulus, int count, std::uint64_t seed)
        : n_(modulus), count_(count), random_(seed), differences_(static_cast<size_t>(modulus), 0),
          inSet_(static_cast<size_t>(modulus), 0), tabuUntil_(static_cast<size_t>(modulus), 0)
    {
    }

    std::optional<std::vector<int>> run(long long moveBudget)
    {
        // A restart now and then leaves a basin the tabu list alone does not escape.
        constexpr long long movesPerRestart = 1'000'000;
        for (long long done = 0; done < moveBudget;) {
            restart();
            for (long long move = 0; move < movesPerRestart && done < moveBudget; ++move, ++done) {
                if (score_ == 0)
                    return translatedToZero(set_);
                step(done);
            }
        }
        if (score_ == 0)
            return translatedToZero(set_);
        return std::nullopt;
    }

private:
    int difference(int a, int b) const { return (a - b + n_) % n_; }

    // Adds (+1) or removes (-1) the differences between `x` and every member but `skip`, and returns
    // the change of the score, the number of pairs of ordered differences that coincide.
    long long account(int x, int skip, int sign)
    {
        long long change = 0;
        for (int j = 0; j < count_; ++j) {
            if (j == skip)
                continue;
            for (const int d : {difference(x, set_[j]), difference(set_[j], x)}) {
                int& seen = differences_[static_cast<size_t>(d)];
                if (sign > 0)
                    change += seen++;
                else
                    change -= --seen;
            }
        }
        return change;
    }

    bool inConflict(int i) const
    {
        for (int j = 0; j < count_; ++j)
            if (j != i && (differences_[static_cast<size_t>(difference(set_[i], set_[j]))] > 1 ||
                           differences_[static_cast<size_t>(difference(set_[j], set_[i]))] > 1))
                return true;
        return false;
    }

    void restart()
    {
        std::fill(differences_.begin(), differences_.end(), 0);
        std::fill(inSet_.begin(), inSet_.end(), 0);
        std::fill(tabuUntil_.begin(), tabuUntil_.end(), 0);
        set_.clear();
        while (static_cast<int>(set_.size()) < count_) {
            const int x = static_cast<int>(random_() % static_cast<std::uint64_t>(n_));
            if (!inSet_[static_cast<size_t>(x)]) {
                inSet_[static_cast<size_t>(x)] = 1;
                set_.push_back(x);
            }
        }
        score_ = 0;
        for (int i = 0; i < count_; ++i)
            for (int j = 0; j < i; ++j)
                for (const int d : {difference(set_[i], set_[j]), difference(set_[j], set_[i])})
                    score_ += differences_[static_cast<size_t>(d)]++;
    }

    // The best move of a conflicting member to a free, non-tabu residue; ties broken at random.
    void step(long long now)
    {
        long long bestChange = std::numeric_limits<long long>::max();
        int bestMember = -1;
        int bestResidue = -1;
        std::uint64_t ties = 0;
        for (int i = 0; i < count_; ++i) {
            if (!inConflict(i))
                continue;
            const int x = set_[static_cast<size_t>(i)];
            const long long removal = account(x, i, -1);
            for (int y = 0; y < n_; ++y) {
                if (inSet_[static_cast<size_t>(y)] || tabuUntil_[static_cast<size_t>(y)] > now)
                    continue;
                const long long change = removal + account(y, i, +1);
                account(y, i, -1);
                if (change < bestChange) {
                    bestChange = change;
                    bestMember = i;
                    bestResidue = y;
                    ties = 1;
                } else if (change == bestChange && random_() % ++ties == 0) {
                    bestMember = i;
                    bestResidue = y;
                }
            }
            account(x, i, +1);
        }
        if (bestMember < 0)
            return;  // every free residue is tabu: wait for the list to expire
        const int old = set_[static_cast<size_t>(bestMember)];
        score_ += account(old, bestMember, -1);
        inSet_[static_cast<size_t>(old)] = 0;
        tabuUntil_[static_cast<size_t>(old)] = now + 5 + static_cast<long long>(random_() % 10);
        set_[static_cast<size_t>(bestMember)] = bestResidue;
        inSet_[static_cast<size_t>(bestResidue)] = 1;
        score_ += account(bestResidue, bestMember, +1);
    }

    int n_;
    int count_;
    std::mt19937_64 random_;
    std::vector<int> differences_;  // how often each residue occurs as an ordered difference
    std::vector<char> inSet_;
    std::vector<long long> tabuUntil_;  // a residue just vacated may not be re-entered before this move
    std::vector<int> set_;
    long long score_ = 0;
};

}  // namespace

std::optional<std::vector<int>> localSidonSearch(int modulus, int count, long long moveBudget, std::uint64_t seed)
{
    if (count < 2 || static_cast<long long>(count) * (count - 1) > modulus - 1)
        return std::nullopt;
    auto found = MinConflictsSearch(modulus, count, seed).run(moveBudget);
    if (found && !isSidonModulo(*found, modulus))
        return std::nullopt;
    return found;
}

}  // namespace spare
