#pragma once

#include "engine/layout/SidonSearch.h"

#include <array>
#include <span>

namespace spare {

inline constexpr int modularSidonTableMinCount = 3;
inline constexpr int modularSidonTableMaxCount = 16;

// Whether `count` offsets forming a Sidon set modulo `modulus` exist, for the (modulus, count) that neither
// the counting bound (modulus >= count(count-1) + 1) nor the optimal ruler (modulus >= 2L + 1) decides.
struct ModularSidonRow {
    int modulus;
    int count;
    SidonSearchOutcome outcome;  // Found, ProvedNone (exhaustive search) or BudgetExhausted (not found)
    std::array<short, modularSidonTableMaxCount> offsets;  // first `count` entries, when Found
};

// Rows sorted by count, then modulus: every count in [modularSidonTableMinCount, modularSidonTableMaxCount]
// and modulus in [count(count-1) + 1, 2L]. Generated and checked by `spare-cli layout-table`.
std::span<const ModularSidonRow> modularSidonTable();

}  // namespace spare
