#include "app/cli/CliCommand.h"
#include "app/cli/CliOptions.h"
#include "app/cli/ProgressPrinter.h"

#include "engine/base/AtomicFile.h"
#include "engine/base/InputFile.h"
#include "engine/layout/GolombRulers.h"
#include "engine/layout/ModularSidonTable.h"
#include "engine/layout/SidonLocalSearch.h"
#include "engine/layout/SidonOffsets.h"
#include "engine/layout/SidonOrbitSearch.h"

#include <fmt/core.h>
#include <fmt/ranges.h>
#include <tbb/parallel_for.h>

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <cstdio>
#include <memory>
#include <mutex>
#include <optional>
#include <sstream>
#include <vector>

namespace spare::cli {

namespace {

struct LayoutTableOptions {
    std::string out;
    std::string from;
    long long budget = 20'000'000;
    long long localMoves = 300'000;
    std::uint64_t localSeed = 1;
    std::optional<int> count;
    std::vector<int> moduli;
    bool undecidedOnly = false;
};

// Unions of orbits of affine maps: a few seconds per row at r = 16, and it finds dense sets that the
// exhaustive search reaches only after hundreds of millions of nodes.
constexpr long long orbitSearchBudget = 20'000'000;

// Constructions, the greedy search and the orbit search first (cheap), then the local search, then the
// exhaustive search within the budget.
ModularSidonRow computeRow(int modulus, int count, long long budget, long long localMoves, std::uint64_t localSeed)
{
    ModularSidonRow row{modulus, count, SidonSearchOutcome::BudgetExhausted, {}};
    std::vector<int> offsets;
    if (auto constructed = findSidonOffsets(modulus, count)) {
        offsets = std::move(*constructed);
        row.outcome = SidonSearchOutcome::Found;
    } else if (auto invariant = orbitSidonSearch(modulus, count, orbitSearchBudget)) {
        offsets = std::move(*invariant);
        row.outcome = SidonSearchOutcome::Found;
    } else if (auto local = localSidonSearch(modulus, count, localMoves, localSeed)) {
        offsets = std::move(*local);
        row.outcome = SidonSearchOutcome::Found;
    } else {
        auto searched = exhaustiveSidonSearch(modulus, count, budget);
        row.outcome = searched.outcome;
        offsets = std::move(searched.offsets);
    }
    if (row.outcome == SidonSearchOutcome::Found) {
        if (!isSidonModulo(offsets, modulus) || static_cast<int>(offsets.size()) != count)
            throw std::logic_error(fmt::format("layout-table: offsets {} are not a Sidon set modulo {}", fmt::join(offsets, " "),
                                               modulus));
        std::copy(offsets.begin(), offsets.end(), row.offsets.begin());
    }
    return row;
}

const char* outcomeName(SidonSearchOutcome outcome)
{
    switch (outcome) {
    case SidonSearchOutcome::Found:
        return "Found";
    case SidonSearchOutcome::ProvedNone:
        return "ProvedNone";
    case SidonSearchOutcome::BudgetExhausted:
        break;
    }
    return "BudgetExhausted";
}

std::optional<SidonSearchOutcome> outcomeNamed(const std::string& name)
{
    for (auto outcome : {SidonSearchOutcome::Found, SidonSearchOutcome::ProvedNone, SidonSearchOutcome::BudgetExhausted})
        if (name == outcomeName(outcome))
            return outcome;
    return std::nullopt;
}

// One row line as tableSource writes it, "    {N, R, Outcome, {o1, o2, ...}},"; nullopt for any other line.
struct RowLine {
    int modulus = 0;
    int count = 0;
    std::string outcome;
    std::vector<int> offsets;
};

std::optional<RowLine> parseRowLine(const std::string& line)
{
    RowLine row;
    char outcome[32] = {};
    int listStart = 0;
    if (std::sscanf(line.c_str(), " {%d, %d, %31[A-Za-z], {%n", &row.modulus, &row.count, outcome, &listStart) != 3 ||
        listStart == 0 || row.modulus < 0 || row.count < 0)
        return std::nullopt;
    const auto listEnd = line.find("}},", static_cast<std::size_t>(listStart));
    if (listEnd == std::string::npos || line.find_first_not_of(" \t\r", listEnd + 3) != std::string::npos)
        return std::nullopt;
    std::string list = line.substr(static_cast<std::size_t>(listStart), listEnd - static_cast<std::size_t>(listStart));
    if (list.find_first_not_of("0123456789, ") != std::string::npos)
        return std::nullopt;
    std::replace(list.begin(), list.end(), ',', ' ');
    std::istringstream numbers(list);
    for (int o; numbers >> o;)
        row.offsets.push_back(o);
    row.outcome = outcome;
    return row;
}

// The rows of a table source written by this command (--from): every Found row is checked again.
std::vector<ModularSidonRow> readTableSource(const std::string& path)
{
    std::istringstream text(readInputFile(path, InputFileKind::Layout));
    std::vector<ModularSidonRow> rows;
    std::string line;
    for (int lineNumber = 1; std::getline(text, line); ++lineNumber) {
        const auto parsed = parseRowLine(line);
        if (!parsed)
            continue;
        auto problem = [&](const std::string& what) {
            return UsageError(fmt::format("--from {}: line {}: {}", path, lineNumber, what));
        };
        const int modulus = parsed->modulus;
        const int count = parsed->count;
        const auto outcome = outcomeNamed(parsed->outcome);
        if (!outcome)
            throw problem(fmt::format("outcome '{}' is not Found, ProvedNone or BudgetExhausted", parsed->outcome));
        if (!inModularSidonTableDomain(modulus, count))
            throw problem(fmt::format("(N {}, r {}) is outside the table's domain", modulus, count));
        const std::vector<int>& offsets = parsed->offsets;
        if (static_cast<int>(offsets.size()) != count)
            throw problem(fmt::format("{} offsets for r = {}", offsets.size(), count));
        if (*outcome == SidonSearchOutcome::Found && !isSidonModulo(offsets, modulus))
            throw problem(fmt::format("offsets {} are not a Sidon set modulo {}", fmt::join(offsets, " "), modulus));
        ModularSidonRow row{modulus, count, *outcome, {}};
        std::copy(offsets.begin(), offsets.end(), row.offsets.begin());
        rows.push_back(row);
    }
    return rows;
}

// A recomputed row keeps what the earlier table knew when the new run decides nothing.
ModularSidonRow merged(const ModularSidonRow& earlier, const ModularSidonRow& fresh)
{
    const auto decided = [](const ModularSidonRow& row) { return row.outcome != SidonSearchOutcome::BudgetExhausted; };
    if (decided(earlier) && decided(fresh) && earlier.outcome != fresh.outcome)
        throw std::logic_error(fmt::format("layout-table: N {} r {} was {} and is now {}", fresh.modulus, fresh.count,
                                           outcomeName(earlier.outcome), outcomeName(fresh.outcome)));
    return decided(fresh) ? fresh : earlier;
}

std::string tableSource(const std::vector<ModularSidonRow>& rows, const std::string& command)
{
    std::string text = fmt::format(
        "// Generated by spare-cli layout-table, last run as `{}` (docs/layouts.md lists the runs);\n"
        "// do not edit: rerun it, then run test_layout.\n"
        "#include \"layout/ModularSidonTable.h\"\n\nnamespace spare {{\n\nnamespace {{\n"
        "using enum SidonSearchOutcome;\nconstexpr std::array<ModularSidonRow, {}> rows{{{{\n",
        command, rows.size());
    for (const auto& row : rows)
        text += fmt::format("    {{{}, {}, {}, {{{}}}}},\n", row.modulus, row.count, outcomeName(row.outcome),
                            fmt::join(std::vector<int>(row.offsets.begin(), row.offsets.begin() + row.count), ", "));
    text += "}};\n}  // namespace\n\nstd::span<const ModularSidonRow> modularSidonTable()\n{\n    return rows;\n}\n\n}  // namespace spare\n";
    return text;
}

CommandAction setupLayoutTable(CLI::App& sub)
{
    auto opts = std::make_shared<LayoutTableOptions>();
    sub.add_option("--out", opts->out, "Write the C++ table source here (atomically) instead of stdout");
    sub.add_option("--budget", opts->budget, "Exhaustive-search nodes per (N, r) before giving up")
        ->capture_default_str()
        ->check(CLI::Range(1LL, 1'000'000'000'000LL));
    sub.add_option("--local-moves", opts->localMoves, "Local-search moves per (N, r) before the exhaustive search")
        ->capture_default_str()
        ->check(CLI::Range(0LL, 1'000'000'000'000LL));
    sub.add_option("--local-seed", opts->localSeed, "Seed of the local search (another seed explores other sets)")
        ->capture_default_str();
    sub.add_option("--count", opts->count, "Recompute only rows with this r (others kept from the earlier table)");
    sub.add_option("--modulus", opts->moduli, "Recompute only rows with these N (others kept from the earlier table)");
    sub.add_option("--from", opts->from,
                   "Earlier table: a source this command wrote (default: the table built into spare-cli)");
    sub.add_flag("--undecided-only", opts->undecidedOnly, "Recompute only rows the earlier table leaves undecided");
    return [opts] {
        std::vector<ModularSidonRow> domain;
        for (int count = modularSidonTableMinCount; count <= modularSidonTableMaxCount; ++count)
            for (int modulus = count * (count - 1) + 1; inModularSidonTableDomain(modulus, count); ++modulus)
                domain.push_back({modulus, count, SidonSearchOutcome::BudgetExhausted, {}});
        // The earlier table: --from, else the built-in one for a partial run; a whole run without --from
        // starts from nothing.
        const bool partial = opts->count || !opts->moduli.empty() || opts->undecidedOnly;
        std::vector<ModularSidonRow> earlier = domain;
        if (!opts->from.empty()) {
            earlier = readTableSource(opts->from);
        } else if (partial) {
            const auto builtIn = modularSidonTable();
            earlier.assign(builtIn.begin(), builtIn.end());
        }
        const bool coversDomain =
            earlier.size() == domain.size() && std::equal(domain.begin(), domain.end(), earlier.begin(), [](const auto& a, const auto& b) {
                return a.modulus == b.modulus && a.count == b.count;
            });
        if (!coversDomain)
            throw UsageError(fmt::format("{} does not cover the table's domain: regenerate the table whole first",
                                         opts->from.empty() ? "the built-in table" : "--from " + opts->from));
        auto selected = [&](const ModularSidonRow& row) {
            return (!opts->count || row.count == *opts->count) &&
                   (opts->moduli.empty() ||
                    std::find(opts->moduli.begin(), opts->moduli.end(), row.modulus) != opts->moduli.end()) &&
                   (!opts->undecidedOnly || row.outcome == SidonSearchOutcome::BudgetExhausted);
        };
        const std::string command = fmt::format(
            "spare-cli layout-table --budget {} --local-moves {} --local-seed {}{}{}{}{}", opts->budget, opts->localMoves, opts->localSeed, opts->from.empty() ? "" : " --from " + opts->from,
            opts->count ? fmt::format(" --count {}", *opts->count) : "",
            opts->moduli.empty() ? "" : fmt::format(" --modulus {}", fmt::join(opts->moduli, " ")),
            opts->undecidedOnly ? " --undecided-only" : "");
        // Every finished row is written at once (with --out), so an interrupted run loses only the rows in
        // progress: continue it with --from on its output and --undecided-only.
        std::vector<ModularSidonRow> rows = earlier;
        std::mutex rowsMutex;
        const auto progress = stderrProgress("layout-table");
        std::atomic<size_t> done = 0;
        tbb::parallel_for(size_t{0}, rows.size(), [&](size_t i) {
            if (selected(earlier[i])) {
                const auto fresh = computeRow(earlier[i].modulus, earlier[i].count, opts->budget, opts->localMoves, opts->localSeed);
                const std::scoped_lock lock(rowsMutex);
                rows[i] = merged(earlier[i], fresh);
                if (!opts->out.empty())
                    writeFileAtomically(opts->out, tableSource(rows, command));
            }
            progress(++done, rows.size());
        });
        const std::string source = tableSource(rows, command);
        if (opts->out.empty())
            fmt::print("{}", source);
        else
            writeFileAtomically(opts->out, source);
        size_t found = 0, none = 0;
        for (const auto& row : rows) {
            found += row.outcome == SidonSearchOutcome::Found;
            none += row.outcome == SidonSearchOutcome::ProvedNone;
        }
        fmt::print(stderr, "layout-table: {} rows: {} found, {} proved none, {} not decided\n", rows.size(), found, none,
                   rows.size() - found - none);
        return 0;
    };
}

const bool registered =
    registerCommand({"layout-table", "Regenerate the table of Sidon sets modulo N (engine/layout/ModularSidonTable.cpp)",
                     &setupLayoutTable});

}  // namespace

}  // namespace spare::cli
