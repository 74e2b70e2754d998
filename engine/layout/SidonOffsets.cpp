#include "layout/SidonOffsets.h"

#include <algorithm>
#include <numeric>
#include <random>

namespace spare {

bool isSidonModulo(const std::vector<int>& offsets, int modulus)
{
    std::vector<char> used(static_cast<size_t>(modulus), 0);
    for (size_t i = 0; i < offsets.size(); ++i)
        for (size_t j = 0; j < offsets.size(); ++j) {
            if (i == j)
                continue;
            const int d = ((offsets[i] - offsets[j]) % modulus + modulus) % modulus;
            if (d == 0 || used[static_cast<size_t>(d)])
                return false;
            used[static_cast<size_t>(d)] = 1;
        }
    return true;
}

std::optional<std::vector<int>> findSidonOffsets(int modulus, int count)
{
    if (count < 1 || modulus < 1)
        return std::nullopt;
    if (count == 1)
        return std::vector<int>{0};
    // A Sidon set of size k mod n needs k(k-1) distinct non-zero differences.
    if (static_cast<long long>(count) * (count - 1) > modulus - 1)
        return std::nullopt;

    std::mt19937_64 rng(0x5eed5eedULL ^ (static_cast<unsigned long long>(modulus) << 20) ^ count);
    std::vector<int> candidates(static_cast<size_t>(modulus - 1));
    std::iota(candidates.begin(), candidates.end(), 1);
    std::vector<char> used(static_cast<size_t>(modulus), 0);
    const int restarts = 2000;
    for (int attempt = 0; attempt < restarts; ++attempt) {
        std::shuffle(candidates.begin(), candidates.end(), rng);
        std::fill(used.begin(), used.end(), 0);
        std::vector<int> set{0};
        std::vector<int> newDiffs;
        for (int c : candidates) {
            newDiffs.clear();
            bool ok = true;
            for (int s : set) {
                const int d1 = (c - s + modulus) % modulus;
                const int d2 = modulus - d1;
                if (used[static_cast<size_t>(d1)] || used[static_cast<size_t>(d2)] || d1 == d2) {
                    ok = false;
                    break;
                }
                newDiffs.push_back(d1);
                newDiffs.push_back(d2);
            }
            if (!ok)
                continue;
            // Differences new to the set must also be distinct among themselves.
            std::vector<int> sorted = newDiffs;
            std::sort(sorted.begin(), sorted.end());
            if (std::adjacent_find(sorted.begin(), sorted.end()) != sorted.end())
                continue;
            for (int d : newDiffs)
                used[static_cast<size_t>(d)] = 1;
            set.push_back(c);
            if (static_cast<int>(set.size()) == count) {
                std::sort(set.begin(), set.end());
                return set;
            }
        }
    }
    return std::nullopt;
}

}  // namespace spare
