#include "engine/layout/SidonOffsets.h"

#include "engine/layout/GolombRulers.h"
#include "engine/layout/ModularSidonTable.h"

#include <algorithm>
#include <array>
#include <numeric>
#include <random>

#include <fmt/core.h>

namespace spare {

namespace {

bool isPrime(long long n)
{
    if (n < 2)
        return false;
    for (long long d = 2; d * d <= n; ++d)
        if (n % d == 0)
            return false;
    return true;
}

std::vector<long long> primeFactors(long long n)
{
    std::vector<long long> factors;
    for (long long d = 2; d * d <= n; ++d)
        if (n % d == 0) {
            factors.push_back(d);
            while (n % d == 0)
                n /= d;
        }
    if (n > 1)
        factors.push_back(n);
    return factors;
}

// GF(q^degree) for a prime q, degree 2 or 3, as polynomials modulo a monic primitive polynomial
// x^degree = sum_i c_i x^i. Powers of x then run through every non-zero element.
class PrimePowerField {
public:
    using Element = std::array<long long, 3>;

    PrimePowerField(long long q, int degree) : q_(q), degree_(degree)
    {
        long long order = 1;
        for (int i = 0; i < degree; ++i)
            order *= q;
        order -= 1;
        const auto factors = primeFactors(order);
        // Deterministic scan of the tails c_0 != 0; the first with x of full order is primitive.
        const long long count = degree == 2 ? q * q : q * q * q;
        for (long long code = 0; code < count; ++code) {
            long long rest = code;
            for (int i = 0; i < degree; ++i) {
                tail_[static_cast<size_t>(i)] = rest % q;
                rest /= q;
            }
            if (tail_[0] == 0)
                continue;
            if (!isOne(power(x(), order)))
                continue;
            bool primitive = true;
            for (long long p : factors)
                primitive = primitive && !isOne(power(x(), order / p));
            if (primitive)
                return;
        }
        tail_ = {0, 0, 0};
    }

    bool valid() const { return tail_[0] != 0; }
    Element one() const { return {1, 0, 0}; }
    Element x() const { return {0, 1, 0}; }

    Element multiply(const Element& a, const Element& b) const
    {
        std::array<long long, 5> product{};
        for (int i = 0; i < degree_; ++i)
            for (int j = 0; j < degree_; ++j)
                product[static_cast<size_t>(i + j)] =
                    (product[static_cast<size_t>(i + j)] + a[static_cast<size_t>(i)] * b[static_cast<size_t>(j)]) % q_;
        for (int top = 2 * degree_ - 2; top >= degree_; --top) {
            const long long c = product[static_cast<size_t>(top)];
            product[static_cast<size_t>(top)] = 0;
            for (int i = 0; i < degree_; ++i) {
                auto& slot = product[static_cast<size_t>(top - degree_ + i)];
                slot = (slot + c * tail_[static_cast<size_t>(i)]) % q_;
            }
        }
        return {product[0], product[1], product[2]};
    }

    Element power(Element base, long long exponent) const
    {
        Element result = one();
        while (exponent > 0) {
            if (exponent & 1)
                result = multiply(result, base);
            base = multiply(base, base);
            exponent >>= 1;
        }
        return result;
    }

private:
    bool isOne(const Element& e) const { return e == one(); }

    long long q_;
    int degree_;
    std::array<long long, 3> tail_{};
};

// Singer: {i mod q^2+q+1 : x^i in span(1, x)} in GF(q^3), a perfect difference set of q + 1 elements.
std::vector<int> singerSet(long long q)
{
    const PrimePowerField field(q, 3);
    if (!field.valid())
        return {};
    const long long modulus = q * q + q + 1;
    std::vector<char> seen(static_cast<size_t>(modulus), 0);
    std::vector<int> set;
    auto element = field.one();
    for (long long i = 0; i < q * q * q - 1; ++i, element = field.multiply(element, field.x()))
        if (element[2] == 0 && !seen[static_cast<size_t>(i % modulus)]) {
            seen[static_cast<size_t>(i % modulus)] = 1;
            set.push_back(static_cast<int>(i % modulus));
        }
    return set;
}

// Bose: {i : x^i - x in GF(q)} in GF(q^2), q elements, Sidon modulo q^2 - 1.
std::vector<int> boseSet(long long q)
{
    const PrimePowerField field(q, 2);
    if (!field.valid())
        return {};
    std::vector<int> set;
    auto element = field.one();
    for (long long i = 0; i < q * q - 1; ++i, element = field.multiply(element, field.x()))
        if (element[1] == 1)
            set.push_back(static_cast<int>(i));
    return set;
}

// Ruzsa: {p i + (p - 1) g^i mod p(p - 1) : i = 1 .. p - 1} for a primitive root g modulo p, p - 1 elements,
// Sidon modulo p(p - 1).
std::vector<int> ruzsaSet(long long p)
{
    long long root = 2;
    const auto factors = primeFactors(p - 1);
    auto powMod = [p](long long base, long long exponent) {
        long long result = 1;
        for (base %= p; exponent > 0; exponent >>= 1, base = base * base % p)
            if (exponent & 1)
                result = result * base % p;
        return result;
    };
    while (std::any_of(factors.begin(), factors.end(), [&](long long f) { return powMod(root, (p - 1) / f) == 1; }))
        ++root;
    const long long modulus = p * (p - 1);
    std::vector<int> set;
    for (long long i = 1, power = root; i <= p - 1; ++i, power = power * root % p)
        set.push_back(static_cast<int>((p * i + (p - 1) * power) % modulus));
    return set;
}

// Offsets shifted to start at 0 and sorted.
std::vector<int> normalised(std::vector<int> offsets, int modulus)
{
    const int first = offsets.front();
    for (int& o : offsets)
        o = ((o - first) % modulus + modulus) % modulus;
    std::sort(offsets.begin(), offsets.end());
    return offsets;
}

// A Sidon set D modulo m, dilated by t (coprime to m): every `count` cyclically consecutive elements of
// t D mod m (small span) are tried as offsets modulo `modulus`.
std::optional<std::vector<int>> fromDifferenceSet(const std::vector<int>& set, long long m, int modulus, int count,
                                                  long long& budget)
{
    if (static_cast<int>(set.size()) < count)
        return std::nullopt;
    const size_t k = static_cast<size_t>(count);
    std::vector<int> dilated(set.size());
    std::vector<int> window(k);
    for (long long t = 1; t < m && budget > 0; ++t) {
        if (std::gcd(t, m) != 1)
            continue;
        for (size_t i = 0; i < set.size(); ++i)
            dilated[i] = static_cast<int>(t * set[i] % m);
        std::sort(dilated.begin(), dilated.end());
        for (size_t start = 0; start < dilated.size(); ++start) {
            for (size_t j = 0; j < k; ++j) {
                const size_t at = (start + j) % dilated.size();
                window[j] = static_cast<int>(dilated[at] + (at < start ? m : 0));
            }
            budget -= static_cast<long long>(k * k);
            if (isSidonModulo(window, modulus))
                return normalised(window, modulus);
        }
    }
    return std::nullopt;
}

// Singer, Bose and Ruzsa sets for primes q with at least `count` elements, smallest first.
std::optional<std::vector<int>> algebraicSidonOffsets(int modulus, int count)
{
    long long budget = 5'000'000;  // pair checks across all constructions
    // Building GF(q^3) costs ~q^3: stay with the small primes that can give `count` elements.
    for (long long q = 2; q * q <= 4LL * modulus + 4 && q <= 4LL * count + 40 && q <= 150 && budget > 0; ++q) {
        if (!isPrime(q))
            continue;
        if (q + 1 >= count)
            if (auto found = fromDifferenceSet(singerSet(q), q * q + q + 1, modulus, count, budget))
                return found;
        if (q >= count)
            if (auto found = fromDifferenceSet(boseSet(q), q * q - 1, modulus, count, budget))
                return found;
        if (q - 1 >= count && q > 2)
            if (auto found = fromDifferenceSet(ruzsaSet(q), q * (q - 1), modulus, count, budget))
                return found;
    }
    return std::nullopt;
}

// Greedy over a shuffled candidate order, restarted with a fixed-seed generator (deterministic).
std::optional<std::vector<int>> searchedSidonOffsets(int modulus, int count)
{
    std::mt19937_64 rng(0x5eed5eedULL ^ (static_cast<unsigned long long>(modulus) << 20) ^
                        static_cast<unsigned long long>(count));
    std::vector<int> candidates(static_cast<size_t>(modulus - 1));
    std::iota(candidates.begin(), candidates.end(), 1);
    std::vector<char> used(static_cast<size_t>(modulus), 0);
    // Each restart costs ~ modulus x count; cap the total so large N stays cheap.
    const long long perRestart = static_cast<long long>(modulus) * count;
    const int restarts = static_cast<int>(std::clamp<long long>(20'000'000 / std::max(perRestart, 1LL), 4, 2000));
    std::vector<int> newDiffs;
    for (int attempt = 0; attempt < restarts; ++attempt) {
        std::shuffle(candidates.begin(), candidates.end(), rng);
        std::fill(used.begin(), used.end(), 0);
        std::vector<int> set{0};
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
            std::sort(newDiffs.begin(), newDiffs.end());
            if (std::adjacent_find(newDiffs.begin(), newDiffs.end()) != newDiffs.end())
                continue;
            for (int d : newDiffs)
                used[static_cast<size_t>(d)] = 1;
            set.push_back(c);
            if (static_cast<int>(set.size()) == count)
                return normalised(set, modulus);
        }
    }
    return std::nullopt;
}

}  // namespace

std::vector<int> translatedToZero(std::vector<int> set)
{
    std::sort(set.begin(), set.end());
    const int smallest = set.front();
    for (int& element : set)
        element -= smallest;
    return set;
}

bool isSidonModulo(const std::vector<int>& offsets, int modulus)
{
    if (modulus < 1)
        return false;
    std::vector<long long> differences;
    differences.reserve(offsets.size() * offsets.size());
    for (size_t i = 0; i < offsets.size(); ++i)
        for (size_t j = 0; j < offsets.size(); ++j) {
            if (i == j)
                continue;
            const long long d = ((static_cast<long long>(offsets[i]) - offsets[j]) % modulus + modulus) % modulus;
            if (d == 0)
                return false;
            differences.push_back(d);
        }
    std::sort(differences.begin(), differences.end());
    return std::adjacent_find(differences.begin(), differences.end()) == differences.end();
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
    if (auto algebraic = algebraicSidonOffsets(modulus, count))
        return algebraic;
    return searchedSidonOffsets(modulus, count);
}

bool inModularSidonTableDomain(int modulus, int count)
{
    if (count < modularSidonTableMinCount || count > modularSidonTableMaxCount)
        return false;
    const int rulerLength = optimalGolombRuler(count).back();
    return modulus >= count * (count - 1) + 1 && modulus <= 2 * rulerLength;
}

SidonOffsetsResult sidonOffsets(int modulus, int count)
{
    SidonOffsetsResult result;
    if (static_cast<long long>(count) * (count - 1) > modulus - 1) {
        result.outcome = SidonSearchOutcome::ProvedNone;
        result.how = fmt::format("N = {} < r(r-1) + 1 = {} leaves too few residues for r(r-1) distinct differences", modulus,
                                 count * (count - 1) + 1);
        return result;
    }
    if (inModularSidonTableDomain(modulus, count)) {
        const auto table = modularSidonTable();
        const auto row = std::lower_bound(table.begin(), table.end(), std::pair{count, modulus}, [](const ModularSidonRow& r, auto key) {
            return std::pair{r.count, r.modulus} < key;
        });
        if (row != table.end() && row->count == count && row->modulus == modulus) {
            result.outcome = row->outcome;
            if (row->outcome == SidonSearchOutcome::Found)
                result.offsets.assign(row->offsets.begin(), row->offsets.begin() + count);
            result.how = row->outcome == SidonSearchOutcome::Found     ? "from the verified table of modular Sidon sets"
                         : row->outcome == SidonSearchOutcome::ProvedNone ? "none exists: proved by exhaustive search"
                                                                           : "none found: the exhaustive search did not finish";
            return result;
        }
    }
    if (auto found = findSidonOffsets(modulus, count)) {
        result.outcome = SidonSearchOutcome::Found;
        result.offsets = std::move(*found);
        result.how = "constructed (Singer, Bose or Ruzsa set) or found by search";
        return result;
    }
    result.how = "none found by the constructions and the bounded search";
    return result;
}

}  // namespace spare
