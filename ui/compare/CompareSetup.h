#pragma once

#include "engine/sim/FailureTrace.h"
#include "engine/sim/Scenario.h"
#include "ui/playback/RunSetup.h"

#include <QString>
#include <QStringList>

#include <array>
#include <optional>
#include <vector>

namespace spare {

// What the Compare tab runs side by side: one kind of difference and its two values as typed (run A,
// run B). build() turns the window's scenario into the two runs' scenarios through the engine's own
// scenario parser, so a bad value is refused with the message a scenario file would get (key, value,
// allowed range), prefixed with the run it belongs to.
struct CompareSetup {
    enum class Kind { Redundancy, CheckpointInterval, Layout, ScenarioFile, Seed, Policy };
    static constexpr std::array<Kind, 6> kKinds{Kind::Redundancy, Kind::CheckpointInterval, Kind::Layout,
                                                Kind::ScenarioFile, Kind::Seed, Kind::Policy};

    struct Scenarios {
        std::array<Scenario, 2> runs;
        QStringList problems;  // one line each; empty when both runs can be built
        bool ok() const { return problems.isEmpty(); }
    };

    struct Runs {
        std::array<RunSetup, 2> runs;
        QStringList problems;  // build()'s, then each RunSetup's prefixed with its run
        bool ok() const { return problems.isEmpty(); }
    };

    Kind kind = Kind::Seed;
    std::array<QString, 2> values;

    // The base scenario with the kind's key set to each value; for ScenarioFile each value is a file
    // path and the base plays no part.
    Scenarios build(const Scenario& base) const;
    // build(), then RunSetup::prepare for each run (layout, trace, checkpoint interval, memory): what the
    // two runs need, checked before anything starts. `trace` (the window's) replaces the trace file of
    // runs varied from the base; scenario files read their own.
    Runs prepare(const Scenario& base, const std::optional<std::vector<TraceFailure>>& trace) const;
    // "r = 3", "T_c = auto", "layout consecutive", "file a.json", "seed 2", "Elastic DP": what distinguishes
    // run `side`.
    QString describe(int side) const;

    // The scenario key a kind varies ("cluster.redundancy"); nullptr for ScenarioFile.
    static const char* key(Kind kind);
    // "r", "intervals", "layouts", "files", "seeds", "policies": the names --compare takes.
    static QString name(Kind kind);
    // "Same scenario at two r values", ...: the chooser's entries.
    static QString title(Kind kind);
    static QString sideName(int side);  // "A", "B"
    // Two sensible values to start from: the base's own value and a neighbour (r and r + 1, the
    // interval and twice it, golomb and consecutive, the seed and the next one, no files, the base's
    // policy and SPARe+CKPT or elastic).
    static CompareSetup defaults(Kind kind, const Scenario& base);
    // "seeds:1,2", "r:3,6", "intervals:5,auto", "layouts:golomb,consecutive", "files:a.json,b.json".
    // On a bad text returns nullopt and sets *error naming the text and what is allowed.
    static std::optional<CompareSetup> parse(const QString& text, QString* error);

    friend bool operator==(const CompareSetup&, const CompareSetup&) = default;
};

}  // namespace spare
