#include "engine/layout/SidonOrbitSearch.h"

#include "engine/layout/SidonOffsets.h"

#include <algorithm>
#include <numeric>

namespace spare {

namespace {

class OrbitUnionSearch {
public:
    OrbitUnionSearch(int modulus, int count, long long budget)
        : n_(modulus), count_(count), budget_(budget), used_(static_cast<size_t>(modulus), 0)
    {
    }

    std::optional<std::vector<int>> run()
    {
        for (int t = 2; t < n_ && budget_ > 0; ++t) {
            if (std::gcd(t, n_) != 1 || !smallestGenerator(t))
                continue;
            // x -> t x + b and x -> t x + b + (t - 1) c are conjugate by a translation: b modulo gcd(t - 1, N).
            const int shifts = std::gcd(t - 1, n_);
            for (int b = 0; b < shifts && budget_ > 0; ++b) {
                if (!buildOrbits(t, b))
                    continue;
                if (extend(0, 0))
                    return translatedToZero(elements_);
            }
        }
        return std::nullopt;
    }

private:
    int multiplicativeOrder(int t) const
    {
        long long power = t;
        int order = 1;
        for (; power != 1; ++order)
            power = power * t % n_;
        return order;
    }

    // One multiplier per cyclic group <t>: its generators t^j give the same orbits.
    bool smallestGenerator(int t) const
    {
        const int order = multiplicativeOrder(t);
        long long power = t;
        for (int j = 2; j < order; ++j) {
            power = power * t % n_;
            if (std::gcd(j, order) == 1 && power < t)
                return false;
        }
        return true;
    }

    // Orbits of x -> t x + b that are Sidon sets themselves, as candidate building blocks; false when
    // together they hold fewer than `count` elements.
    bool buildOrbits(int t, int b)
    {
        int elements = 0;
        orbits_.clear();
        std::vector<char> seen(static_cast<size_t>(n_), 0);
        for (int x = 0; x < n_; ++x) {
            if (seen[static_cast<size_t>(x)])
                continue;
            std::vector<int> orbit;
            for (int y = x; !seen[static_cast<size_t>(y)]; y = static_cast<int>((static_cast<long long>(t) * y + b) % n_)) {
                seen[static_cast<size_t>(y)] = 1;
                orbit.push_back(y);
            }
            if (static_cast<int>(orbit.size()) <= count_ && isSidonModulo(orbit, n_)) {
                elements += static_cast<int>(orbit.size());
                orbits_.push_back(std::move(orbit));
            }
        }
        return elements >= count_;
    }

    // Adds x, marking its differences to the chosen elements as used;
    // false (and nothing marked) when one is already used or two coincide.
    bool addElement(int x)
    {
        marked_.clear();
        for (int e : elements_) {
            for (int d : {(x - e + n_) % n_, (e - x + n_) % n_}) {
                if (used_[static_cast<size_t>(d)]) {
                    unmark();
                    return false;
                }
                used_[static_cast<size_t>(d)] = 1;
                marked_.push_back(d);
            }
        }
        elements_.push_back(x);
        history_.insert(history_.end(), marked_.begin(), marked_.end());
        historySizes_.push_back(marked_.size());
        return true;
    }

    void unmark()
    {
        for (int d : marked_)
            used_[static_cast<size_t>(d)] = 0;
    }

    void removeLastElement()
    {
        const size_t k = historySizes_.back();
        historySizes_.pop_back();
        for (size_t i = 0; i < k; ++i) {
            used_[static_cast<size_t>(history_.back())] = 0;
            history_.pop_back();
        }
        elements_.pop_back();
    }

    // Depth-first choice of orbits first .. end in index order, `size` elements so far.
    bool extend(size_t first, int size)
    {
        if (size == count_)
            return true;
        for (size_t i = first; i < orbits_.size(); ++i) {
            const auto& orbit = orbits_[i];
            if (size + static_cast<int>(orbit.size()) > count_)
                continue;
            if (--budget_ < 0)
                return false;
            size_t added = 0;
            while (added < orbit.size() && addElement(orbit[added]))
                ++added;
            if (added == orbit.size() && extend(i + 1, size + static_cast<int>(orbit.size())))
                return true;
            for (; added > 0; --added)
                removeLastElement();
            if (budget_ < 0)
                return false;
        }
        return false;
    }

    int n_;
    int count_;
    long long budget_;
    std::vector<char> used_;
    std::vector<std::vector<int>> orbits_;
    std::vector<int> elements_;
    std::vector<int> marked_;
    std::vector<int> history_;
    std::vector<size_t> historySizes_;
};

}  // namespace

std::optional<std::vector<int>> orbitSidonSearch(int modulus, int count, long long nodeBudget)
{
    if (count < 2 || static_cast<long long>(count) * (count - 1) > modulus - 1)
        return std::nullopt;
    auto found = OrbitUnionSearch(modulus, count, nodeBudget).run();
    if (found && !isSidonModulo(*found, modulus))
        return std::nullopt;
    return found;
}

}  // namespace spare
