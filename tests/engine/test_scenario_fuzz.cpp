// Deterministic mutation fuzzing of the scenario and failure-trace parsers (runs in CTest with any
// compiler; tests/fuzz/ has the libFuzzer target for clang). Every mutant must either parse into a
// scenario that validates and round-trips, or throw an InputError. Anything else is a bug.
#include "engine/sim/FailureTrace.h"
#include "engine/sim/ScenarioJson.h"

#include "tests/support/SanitizerShare.h"

#include <nlohmann/json.hpp>

#include <QtTest>

#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>

using namespace spare;
using nlohmann::json;

namespace {

constexpr int kMutantsPerScenario = sanitizerShare(600);
constexpr int kTraceMutants = sanitizerShare(3000);

std::string readFile(const std::filesystem::path& path)
{
    std::ifstream in(path, std::ios::binary);
    std::ostringstream content;
    content << in.rdbuf();
    return content.str();
}

class Mutator {
public:
    explicit Mutator(std::uint64_t seed) : rng_(seed) {}

    std::size_t below(std::size_t n) { return n == 0 ? 0 : std::uniform_int_distribution<std::size_t>(0, n - 1)(rng_); }

    std::string mutateText(std::string text)
    {
        const int edits = 1 + static_cast<int>(below(4));
        for (int i = 0; i < edits && !text.empty(); ++i) {
            switch (below(5)) {
            case 0: text[below(text.size())] = static_cast<char>(below(256)); break;
            case 1: text.resize(below(text.size())); break;
            case 2: text.insert(below(text.size() + 1), 1, "{}[]\",:-.e0123456789tfn\\\n#"[below(27)]); break;
            case 3: text.erase(below(text.size()), 1 + below(8)); break;
            case 4: {
                const std::size_t from = below(text.size());
                text.insert(below(text.size() + 1), text.substr(from, 1 + below(16)));
                break;
            }
            }
        }
        return text;
    }

    json randomValue(int depth = 0)
    {
        switch (below(depth > 2 ? 12 : 14)) {
        case 0: return nullptr;
        case 1: return below(2) == 0;
        case 2: return static_cast<std::int64_t>(rng_());
        case 3: return rng_();
        case 4: return -static_cast<std::int64_t>(below(1000));
        case 5: return 1e308;
        case 6: return -1e308;
        case 7: return std::numeric_limits<double>::denorm_min();
        case 8: return -0.0;
        case 9: return std::uniform_real_distribution<double>(-1e6, 1e6)(rng_);
        case 10: return std::string(below(3) == 0 ? "auto" : below(2) == 0 ? "trace" : "golomb");
        case 11: return std::string(below(64), static_cast<char>('a' + below(26)));
        case 12: return json::array({randomValue(depth + 1), randomValue(depth + 1)});
        default: return json::object({{"k", randomValue(depth + 1)}});
        }
    }

    // Structural edits on a parsed document: deletions, type swaps, extreme numbers, stray keys.
    std::string mutateDocument(json doc)
    {
        const int edits = 1 + static_cast<int>(below(3));
        for (int i = 0; i < edits; ++i) {
            const json flat = doc.flatten();
            std::vector<std::string> paths;
            for (const auto& item : flat.items())
                paths.push_back(item.key());
            if (paths.empty())
                break;
            const json::json_pointer leaf(paths[below(paths.size())]);
            if (leaf.empty())
                break;  // the document became a scalar
            json& parent = doc[leaf.parent_pointer()];
            switch (below(5)) {
            case 0:
                if (parent.is_object())
                    parent.erase(leaf.back());
                break;
            case 1: doc[leaf] = randomValue(); break;
            case 2:
                if (parent.is_object())
                    parent["extra_" + std::to_string(below(3))] = randomValue();
                break;
            case 3: parent = randomValue(); break;
            case 4: {
                // Numbers JSON cannot hold as doubles, or NaN-ish words, spliced in as text.
                const char* raw[] = {"1e999", "-1e999", "NaN", "Infinity", "18446744073709551616", "-9223372036854775809",
                                     "1e-400", "0.5e", "00", "-"};
                const std::string marker = "\"__raw__\"";
                doc[leaf] = "__raw__";
                std::string text = doc.dump();
                text.replace(text.find(marker), marker.size(), raw[below(10)]);
                return text;
            }
            }
        }
        return below(2) == 0 ? doc.dump() : doc.dump(2);
    }

    std::string deepNesting()
    {
        const std::size_t depth = 1000 + below(200'000);
        if (below(2) == 0)
            return "{\"workload\":" + std::string(depth, '[') + std::string(depth, ']') + "}";
        std::string text = "{\"cluster\":";
        for (std::size_t i = 0; i < depth; ++i)
            text += "{\"a\":";
        return text + "1" + std::string(depth + 1, '}');
    }

private:
    std::mt19937_64 rng_;
};

struct Verdict {
    bool parsed = false;
    std::string problem;  // empty when the contract holds
};

// The contract every mutant must meet.
Verdict checkScenarioText(const std::string& text)
{
    try {
        const Scenario s = scenarioFromJsonText(text, "mutant.json");
        const auto issues = validateScenario(s);
        if (!issues.empty())
            return {true, "parsed but invalid: " + issues.front().keyPath + ": " + issues.front().problem};
        if (scenarioFromJsonText(scenarioToJsonText(s), "again.json") != s)
            return {true, "parsed but does not round-trip"};
        return {true, {}};
    } catch (const InputError&) {
        return {false, {}};
    } catch (const std::exception& e) {
        return {false, std::string("non-input exception: ") + e.what()};
    }
}

}  // namespace

class TestScenarioFuzz : public QObject {
    Q_OBJECT

private slots:
    void mutatedScenarios()
    {
        int parsed = 0, rejected = 0;
        std::uint64_t seed = 1;
        for (const auto& entry : std::filesystem::directory_iterator(std::string(SPARE_SOURCE_DIR) + "/scenarios")) {
            if (entry.path().extension() != ".json")
                continue;
            const std::string original = readFile(entry.path());
            const json doc = json::parse(original);
            Mutator mutator(seed++);
            for (int i = 0; i < kMutantsPerScenario; ++i) {
                std::string mutant;
                switch (mutator.below(8)) {
                case 0: case 1: case 2: mutant = mutator.mutateText(original); break;
                case 7: mutant = i % 16 == 0 ? mutator.deepNesting() : mutator.mutateDocument(doc); break;
                default: mutant = mutator.mutateDocument(doc); break;
                }
                const Verdict verdict = checkScenarioText(mutant);
                if (!verdict.problem.empty())
                    QFAIL(qPrintable(QString::fromStdString(entry.path().filename().string() + " mutant " +
                                                            std::to_string(i) + ": " + verdict.problem + "\n" +
                                                            mutant.substr(0, 2000))));
                ++(verdict.parsed ? parsed : rejected);
            }
        }
        qInfo("scenario mutants: %d parsed, %d rejected", parsed, rejected);
        QVERIFY(parsed > 0);
        QVERIFY(rejected > 0);
    }

    void mutatedTraces()
    {
        const std::string original =
            "# failures recorded on a 16-group cluster\ntime_s,group\n0,0\n12.5,3\n\"99.25\",15\n1e4,7\r\n300,3\n";
        Mutator mutator(424242);
        int parsed = 0;
        for (int i = 0; i < kTraceMutants; ++i) {
            const std::string mutant = mutator.mutateText(original);
            try {
                const auto failures = parseFailureTrace(mutant, 16, "mutant.csv");
                for (std::size_t k = 0; k < failures.size(); ++k) {
                    QVERIFY(failures[k].group >= 0 && failures[k].group < 16);
                    QVERIFY(std::isfinite(failures[k].timeS) && failures[k].timeS >= 0.0);
                    QVERIFY(k == 0 || failures[k - 1].timeS <= failures[k].timeS);
                }
                ++parsed;
            } catch (const InputError&) {
            }
        }
        qInfo("trace mutants: %d of %d parsed", parsed, kTraceMutants);
    }

};

QTEST_APPLESS_MAIN(TestScenarioFuzz)
#include "test_scenario_fuzz.moc"
