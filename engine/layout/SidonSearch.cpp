#include "engine/layout/SidonSearch.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <numeric>
#include <vector>

namespace spare {

namespace {

constexpr int wordCount = maxExhaustiveSidonModulus / 64;
using Bits = std::array<std::uint64_t, wordCount>;

// Why the reductions keep the search exact. An affine map x -> u x + b with u coprime to N maps a
// Sidon set modulo N onto a Sidon set (differences are multiplied by the unit u), so it suffices to
// search one image of every set:
//  - translation: some image contains 0;
//  - multipliers: if the set has a difference a - b that is a unit u, x -> u^{-1}(x - b) gives an
//    image containing 0 and 1. That is certain when count(count-1) exceeds the number of non-zero
//    non-units, N - 1 - phi(N), because the differences are count(count-1) distinct non-zero residues;
//  - reflection: x -> 1 - x (x -> -x when only 0 is fixed) keeps {0, 1} ({0}) and maps the smallest
//    other element c to the largest, N + 1 - c (N - c); of a set and its reflection, one has its
//    largest element <= N + 1 - c (N - c), so every later element is capped there;
//  - least third element (when 0 and 1 are fixed): every ordered pair (a, b) of the set whose difference
//    u = a - b is a unit gives the image x -> u^{-1}(x - b), which contains b -> 0 and a -> 1. Among all
//    these images the search needs only one whose third smallest element c (the smallest besides 0, 1)
//    is least. So a partial set with third element c is dropped as soon as one of its unit pairs maps
//    one of its elements into [2, c - 1], and later elements that such a pair would map there are blocked.
//    The image with the least c is never dropped: no image of it has a smaller third element. Reflection
//    is the special case (a, b) = (0, 1).
class Search {
public:
    Search(int modulus, int count, long long budget)
        : n_(modulus), count_(count), words_((modulus + 63) / 64), budget_(budget)
    {
        for (int w = 0; w < wordCount; ++w) {
            const int low = w * 64;
            const int valid = std::clamp(n_ - low, 0, 64);
            rangeMask_[static_cast<size_t>(w)] = valid == 64 ? ~0ULL : (valid == 0 ? 0 : (1ULL << valid) - 1);
        }
        long long units = 0;
        unit_.assign(static_cast<size_t>(n_), 0);
        for (int x = 1; x < n_; ++x) {
            unit_[static_cast<size_t>(x)] = std::gcd(x, n_) == 1;
            units += unit_[static_cast<size_t>(x)];
        }
        fixOne_ = static_cast<long long>(count) * (count - 1) > n_ - 1 - units;
    }

    SidonSearchResult run()
    {
        State root{};
        add(root, 0);
        if (fixOne_ && count_ >= 2)
            add(root, 1);
        const bool found = extend(root, n_ - 1);
        SidonSearchResult result;
        result.nodes = nodes_;
        if (found) {
            result.outcome = SidonSearchOutcome::Found;
            result.offsets.assign(root.elements.begin(), root.elements.begin() + count_);
            std::sort(result.offsets.begin(), result.offsets.end());
        } else {
            result.outcome = aborted_ ? SidonSearchOutcome::BudgetExhausted : SidonSearchOutcome::ProvedNone;
        }
        return result;
    }

private:
    struct State {
        Bits differences{};  // residues d with d = a - b for chosen a != b
        Bits blocked{};      // residues that can no longer be added
        std::array<int, maxExhaustiveSidonCount> elements{};
        int size = 0;
    };

    static void set(Bits& bits, int i) { bits[static_cast<size_t>(i / 64)] |= 1ULL << (i % 64); }
    static bool test(const Bits& bits, int i) { return (bits[static_cast<size_t>(i / 64)] >> (i % 64)) & 1; }

    // bits rotated by s: d -> (d + s) mod N.
    Bits rotated(const Bits& bits, int s) const
    {
        Bits out{};
        if (s == 0)
            return bits;
        const int up = s;
        const int down = n_ - s;
        for (int w = 0; w < words_; ++w) {
            std::uint64_t v = 0;
            // From the upward shift by `up` (bits d < N - s).
            const int srcHi = w - up / 64;
            const int bit = up % 64;
            if (srcHi >= 0)
                v |= bits[static_cast<size_t>(srcHi)] << bit;
            if (bit != 0 && srcHi - 1 >= 0)
                v |= bits[static_cast<size_t>(srcHi - 1)] >> (64 - bit);
            v &= rangeMask_[static_cast<size_t>(w)];
            // From the downward shift by N - s (bits d >= N - s wrap around).
            const int srcLo = w + down / 64;
            const int bitDown = down % 64;
            if (srcLo < words_)
                v |= bits[static_cast<size_t>(srcLo)] >> bitDown;
            if (bitDown != 0 && srcLo + 1 < words_)
                v |= bits[static_cast<size_t>(srcLo + 1)] << (64 - bitDown);
            out[static_cast<size_t>(w)] = v;
        }
        return out;
    }

    // Residues x with 2x = a + b (mod N): adding x would make x - a = b - x.
    void blockMidpoints(Bits& blocked, int a, int b) const
    {
        const int sum = (a + b) % n_;
        if (n_ % 2 == 1) {
            set(blocked, static_cast<int>(static_cast<long long>(sum) * ((n_ + 1) / 2) % n_));
        } else if (sum % 2 == 0) {
            set(blocked, sum / 2);
            set(blocked, sum / 2 + n_ / 2);
        }
    }

    // Adds x (not blocked) to the state.
    void add(State& s, int x) const
    {
        Bits fresh{};
        for (int i = 0; i < s.size; ++i) {
            const int e = s.elements[static_cast<size_t>(i)];
            set(fresh, (x - e + n_) % n_);
            set(fresh, (e - x + n_) % n_);
        }
        for (int w = 0; w < words_; ++w)
            s.differences[static_cast<size_t>(w)] |= fresh[static_cast<size_t>(w)];
        // A later y is blocked when y - e is a used difference for some chosen e (old e against the
        // new differences; x against all of them), or y is a midpoint of two chosen elements.
        for (int i = 0; i < s.size; ++i) {
            const auto shifted = rotated(fresh, s.elements[static_cast<size_t>(i)]);
            for (int w = 0; w < words_; ++w)
                s.blocked[static_cast<size_t>(w)] |= shifted[static_cast<size_t>(w)];
        }
        const auto own = rotated(s.differences, x);
        for (int w = 0; w < words_; ++w)
            s.blocked[static_cast<size_t>(w)] |= own[static_cast<size_t>(w)];
        for (int i = 0; i < s.size; ++i)
            blockMidpoints(s.blocked, s.elements[static_cast<size_t>(i)], x);
        blockMidpoints(s.blocked, x, x);
        s.elements[static_cast<size_t>(s.size++)] = x;
    }

    // The least-third-element reduction for the pairs the newest element forms (all pairs when it is the
    // third element). A pair (a, b) with unit difference u maps y into [2, c - 1] exactly when
    // y = b + u v with 2 <= v < c: false when such a y is already in the set, otherwise those y are blocked.
    bool keepsLeastThird(State& s) const
    {
        const int c = s.elements[2];
        const int newest = s.size - 1;
        Bits members{};
        for (int k = 0; k < s.size; ++k)
            set(members, s.elements[static_cast<size_t>(k)]);
        for (int i = 0; i < s.size; ++i)
            for (int j = 0; j < s.size; ++j) {
                if (i == j || (newest != 2 && i != newest && j != newest))
                    continue;
                const int b = s.elements[static_cast<size_t>(j)];
                const int u = (s.elements[static_cast<size_t>(i)] - b + n_) % n_;
                if (!unit_[static_cast<size_t>(u)])
                    continue;
                for (int v = 2, y = (b + 2 * u) % n_; v < c; ++v, y = y + u >= n_ ? y + u - n_ : y + u) {
                    if (test(members, y))
                        return false;
                    set(s.blocked, y);
                }
            }
        return true;
    }

    // Candidates in (last, limit] that are not blocked.
    Bits candidates(const State& s, int limit) const
    {
        Bits out{};
        const int from = s.elements[static_cast<size_t>(s.size - 1)] + 1;
        for (int w = 0; w < words_; ++w) {
            const int low = w * 64;
            std::uint64_t mask = rangeMask_[static_cast<size_t>(w)];
            if (from > low)
                mask &= from - low >= 64 ? 0 : ~0ULL << (from - low);
            if (limit < low + 63)
                mask &= limit < low ? 0 : ~0ULL >> (63 - (limit - low));
            out[static_cast<size_t>(w)] = ~s.blocked[static_cast<size_t>(w)] & mask;
        }
        return out;
    }

    // Depth-first extension of `s` to count_ elements, every element <= limit. On success `s` holds the set.
    bool extend(State& s, int limit)
    {
        if (s.size == count_)
            return true;
        if (++nodes_ > budget_) {
            aborted_ = true;
            return false;
        }
        const Bits open = candidates(s, limit);
        int available = 0;
        for (auto w : open)
            available += std::popcount(w);
        if (available < count_ - s.size)
            return false;
        // The first element after the fixed ones decides the reflection cap.
        const bool capsReflection = s.size == (fixOne_ ? 2 : 1);
        std::array<int, maxExhaustiveSidonModulus> order;
        int orderSize = 0;
        for (int w = 0; w < words_; ++w)
            for (std::uint64_t bits = open[static_cast<size_t>(w)]; bits != 0; bits &= bits - 1)
                order[static_cast<size_t>(orderSize++)] = w * 64 + std::countr_zero(bits);
        for (int i = 0; i < orderSize; ++i) {
            const int x = order[static_cast<size_t>(i)];
            State child = s;
            add(child, x);
            if (fixOne_ && child.size >= 3 && !keepsLeastThird(child))
                continue;
            const int childLimit = capsReflection ? std::min(limit, (fixOne_ ? n_ + 1 : n_) - x) : limit;
            if (extend(child, childLimit)) {
                s = child;
                return true;
            }
            if (aborted_)
                return false;
        }
        return false;
    }

    int n_;
    int count_;
    int words_;
    long long budget_;
    long long nodes_ = 0;
    bool aborted_ = false;
    bool fixOne_ = false;
    std::vector<char> unit_;  // whether a residue is coprime to N
    Bits rangeMask_{};
};

}  // namespace

SidonSearchResult exhaustiveSidonSearch(int modulus, int count, long long nodeBudget)
{
    SidonSearchResult result;
    if (count < 1 || modulus < 1 || modulus > maxExhaustiveSidonModulus || count > maxExhaustiveSidonCount)
        return result;
    // count(count-1) distinct non-zero differences need as many non-zero residues.
    if (static_cast<long long>(count) * (count - 1) > modulus - 1) {
        result.outcome = SidonSearchOutcome::ProvedNone;
        return result;
    }
    return Search(modulus, count, nodeBudget).run();
}

}  // namespace spare
