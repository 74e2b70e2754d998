#include "engine/base/InputError.h"
#include "engine/planning/FailureClustering.h"
#include "engine/planning/LocationPattern.h"
#include "engine/planning/SyntheticFailureLog.h"

#include <QtTest/QtTest>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <functional>
#include <random>
#include <sstream>
#include <string>
#include <vector>

using namespace spare;

namespace {

const char* kRoomPattern = "c{col}-{row}c{cage}s{slot}n{node}";

std::string str(const QString& text) { return text.toStdString(); }

std::vector<std::string> split(const std::string& line, char separator)
{
    std::vector<std::string> fields;
    std::stringstream in(line);
    std::string field;
    while (std::getline(in, field, separator))
        fields.push_back(field);
    if (!line.empty() && line.back() == separator)
        fields.emplace_back();
    return fields;
}

// The failure rows of a synthetic log in epoch format, as a reader would keep them: maintenance rows
// and blank lines dropped, sorted by time.
FailureLog failureLogFromCsv(const std::string& csv)
{
    const LocationPattern pattern = LocationPattern::parse(kRoomPattern);
    std::vector<std::pair<double, std::vector<std::string>>> rows;
    std::stringstream in(csv);
    std::string line;
    std::getline(in, line);
    while (std::getline(in, line)) {
        if (line.empty())
            continue;
        const std::vector<std::string> fields = split(line, ',');
        if (fields.at(2) == "Scheduled maintenance")
            continue;
        rows.emplace_back(std::stod(fields.at(0)), pattern.match(fields.at(1)).value());
    }
    std::stable_sort(rows.begin(), rows.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    FailureLog log;
    log.levelNames = pattern.levelNames();
    for (auto& [time, location] : rows) {
        log.timesS.push_back(time);
        log.locations.push_back(std::move(location));
    }
    return log;
}

// A random log of n failures at integer times (ties included) over three levels of few values.
FailureLog randomLog(std::size_t n, unsigned seed, int timeSpan, int values)
{
    std::mt19937 random(seed);
    std::uniform_int_distribution<int> time(0, timeSpan);
    std::uniform_int_distribution<int> value(0, values - 1);
    FailureLog log;
    log.levelNames = {"a", "b", "c"};
    for (std::size_t i = 0; i < n; ++i)
        log.timesS.push_back(time(random));
    std::sort(log.timesS.begin(), log.timesS.end());
    for (std::size_t i = 0; i < n; ++i)
        log.locations.push_back({std::to_string(value(random)), std::to_string(value(random)),
                                 std::to_string(value(random))});
    return log;
}

bool sameDomain(const FailureLog& log, std::size_t i, std::size_t j, std::size_t level)
{
    for (std::size_t l = 0; l <= level; ++l)
        if (log.locations[i][l] != log.locations[j][l])
            return false;
    return true;
}

QString inputErrorOf(const std::function<void()>& work)
{
    try {
        work();
    } catch (const InputError& error) {
        return QString::fromStdString(error.what());
    }
    return {};
}

SyntheticFailureLogOptions quietOptions()
{
    SyntheticFailureLogOptions options;
    options.maintenanceEveryDays = 0;
    options.timeFormat = SyntheticTimeFormat::Epoch;
    return options;
}

}  // namespace

class TestFailureClustering : public QObject {
    Q_OBJECT
private slots:
    void parsesPatterns_data()
    {
        QTest::addColumn<QString>("pattern");
        QTest::addColumn<QString>("names");
        QTest::newRow("cray") << QString::fromLatin1(kRoomPattern) << QStringLiteral("col,row,cage,slot,node");
        QTest::newRow("one field") << QStringLiteral("{node}") << QStringLiteral("node");
        QTest::newRow("prefix and suffix") << QStringLiteral("rack{r}/node{n}.gpu") << QStringLiteral("r,n");
        QTest::newRow("underscores, digits") << QStringLiteral("{_a1}::{B_2}") << QStringLiteral("_a1,B_2");
    }
    void parsesPatterns()
    {
        QFETCH(QString, pattern);
        QFETCH(QString, names);
        const LocationPattern parsed = LocationPattern::parse(str(pattern));
        QCOMPARE(parsed.text(), str(pattern));
        const std::vector<std::string> expected = split(str(names), ',');
        QCOMPARE(parsed.levelNames(), expected);
        for (std::size_t i = 0; i < expected.size(); ++i)
            QCOMPARE(parsed.levelIndex(expected[i]), std::optional<std::size_t>(i));
        QCOMPARE(parsed.levelIndex("nothing"), std::optional<std::size_t>());
    }

    void rejectsPatterns_data()
    {
        QTest::addColumn<QString>("pattern");
        QTest::addColumn<QString>("problem");
        QTest::newRow("empty") << QString() << QStringLiteral("no {name} field at character 1");
        QTest::newRow("literal only") << QStringLiteral("node") << QStringLiteral("no {name} field at character 5");
        QTest::newRow("adjacent fields") << QStringLiteral("c{col}{row}")
                                         << QStringLiteral("two fields with no literal text between them at character 7");
        QTest::newRow("empty field") << QStringLiteral("c{}n{node}") << QStringLiteral("an empty field at character 2");
        QTest::newRow("unclosed") << QStringLiteral("c{col}-{row") << QStringLiteral("an unclosed field at character 8");
        QTest::newRow("digit first") << QStringLiteral("c{1col}")
                                     << QStringLiteral("the field name '1col' is not [A-Za-z_][A-Za-z0-9_]* at character 2");
        QTest::newRow("dash in name") << QStringLiteral("{a-b}")
                                      << QStringLiteral("the field name 'a-b' is not [A-Za-z_][A-Za-z0-9_]* at character 1");
        QTest::newRow("nested") << QStringLiteral("{a{b}}")
                                << QStringLiteral("the field name 'a{b' is not [A-Za-z_][A-Za-z0-9_]* at character 1");
        QTest::newRow("repeated") << QStringLiteral("{a}-{a}")
                                  << QStringLiteral("the field name 'a' is used twice at character 5");
        QTest::newRow("stray close") << QStringLiteral("a}{b}") << QStringLiteral("a '}' with no '{' at character 2");
    }
    void rejectsPatterns()
    {
        QFETCH(QString, pattern);
        QFETCH(QString, problem);
        const QString message = inputErrorOf([&] { LocationPattern::parse(str(pattern)); });
        QVERIFY2(message.startsWith(QStringLiteral("--location-pattern '") + pattern + QStringLiteral("': ") + problem),
                 qPrintable(message));
        QVERIFY2(message.contains(QStringLiteral("allowed: literal text and {name} fields")), qPrintable(message));
    }

    void matches_data()
    {
        QTest::addColumn<QString>("pattern");
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("fields");  // "|"-joined, or "-" for no match
        const QString cray = QString::fromLatin1(kRoomPattern);
        QTest::newRow("cray") << cray << QStringLiteral("c12-3c0s5n2") << QStringLiteral("12|3|0|5|2");
        QTest::newRow("last takes the rest") << cray << QStringLiteral("c12-3c0s5n2x") << QStringLiteral("12|3|0|5|2x");
        QTest::newRow("wrong prefix") << cray << QStringLiteral("x12-3c0s5n2") << QStringLiteral("-");
        QTest::newRow("empty first field") << cray << QStringLiteral("c-3c0s5n2") << QStringLiteral("-");
        QTest::newRow("empty last field") << cray << QStringLiteral("c12-3c0s5n") << QStringLiteral("-");
        QTest::newRow("missing literal") << cray << QStringLiteral("c12-3c0s5") << QStringLiteral("-");
        QTest::newRow("empty text") << cray << QString() << QStringLiteral("-");
        QTest::newRow("first occurrence") << QStringLiteral("{a}-{b}") << QStringLiteral("1-2-3") << QStringLiteral("1|2-3");
        QTest::newRow("long literal") << QStringLiteral("{a}::{b}") << QStringLiteral("x:y::z") << QStringLiteral("x:y|z");
        QTest::newRow("suffix") << QStringLiteral("{a}.{b}.gpu") << QStringLiteral("x.y.z.gpu") << QStringLiteral("x|y.z");
        QTest::newRow("suffix missing") << QStringLiteral("{a}.{b}.gpu") << QStringLiteral("x.y.gp") << QStringLiteral("-");
        QTest::newRow("literal inside suffix") << QStringLiteral("{a}.{b}.gpu") << QStringLiteral("x.gpu")
                                               << QStringLiteral("-");
        QTest::newRow("last empty before suffix") << QStringLiteral("{a}.{b}.gpu") << QStringLiteral("x..gpu")
                                                  << QStringLiteral("-");
        QTest::newRow("literal runs into suffix") << QStringLiteral("{a}ab{b}b") << QStringLiteral("xabb")
                                                  << QStringLiteral("-");
        QTest::newRow("literal before suffix") << QStringLiteral("{a}ab{b}b") << QStringLiteral("xabyb")
                                               << QStringLiteral("x|y");
        QTest::newRow("single field") << QStringLiteral("{n}") << QStringLiteral("abc") << QStringLiteral("abc");
        QTest::newRow("single field, empty") << QStringLiteral("{n}") << QString() << QStringLiteral("-");
        QTest::newRow("only literals") << QStringLiteral("n{n}") << QStringLiteral("n") << QStringLiteral("-");
    }
    void matches()
    {
        QFETCH(QString, pattern);
        QFETCH(QString, text);
        QFETCH(QString, fields);
        const LocationPattern parsed = LocationPattern::parse(str(pattern));
        const auto matched = parsed.match(str(text));
        std::vector<std::string_view> views;
        const bool viewMatched = parsed.matchInto(str(text), views);
        if (fields == QStringLiteral("-")) {
            QVERIFY(!matched);
            QVERIFY(!viewMatched);
            return;
        }
        QVERIFY(matched);
        QVERIFY(viewMatched);
        QCOMPARE(*matched, split(str(fields), '|'));
    }

    // Shares, domain counts and the most-hit domain against an O(n^2) count.
    void clusteringMatchesBruteForce_data()
    {
        QTest::addColumn<int>("n");
        QTest::addColumn<int>("values");
        QTest::addColumn<double>("windowS");
        for (int n : {0, 1, 2, 7, 60, 300})
            for (int values : {1, 3})
                for (double window : {0.5, 10.0, 100.0})
                    QTest::addRow("n=%d values=%d W=%g", n, values, window) << n << values << window;
    }
    void clusteringMatchesBruteForce()
    {
        QFETCH(int, n);
        QFETCH(int, values);
        QFETCH(double, windowS);
        const FailureLog log = randomLog(static_cast<std::size_t>(n), static_cast<unsigned>(n * 31 + values), 1000,
                                         values);
        FailureClusteringOptions options;
        options.windowS = windowS;
        options.permutations = 20;
        const FailureClustering result = clusterFailures(log, options);
        QCOMPARE(result.failures, static_cast<std::size_t>(n));
        QCOMPARE(result.levels.size(), std::size_t{3});
        for (std::size_t l = 0; l < 3; ++l) {
            std::size_t clustered = 0;
            std::vector<std::size_t> sizes(log.timesS.size(), 0);  // failures of i's domain
            for (std::size_t i = 0; i < log.timesS.size(); ++i) {
                bool near = false;
                for (std::size_t j = 0; j < log.timesS.size(); ++j) {
                    if (!sameDomain(log, i, j, l))
                        continue;
                    ++sizes[i];
                    near = near || (j != i && std::abs(log.timesS[i] - log.timesS[j]) <= windowS);
                }
                clustered += near ? 1 : 0;
            }
            std::size_t domains = 0;
            for (std::size_t i = 0; i < log.timesS.size(); ++i) {
                bool first = true;
                for (std::size_t j = 0; j < i && first; ++j)
                    first = !sameDomain(log, i, j, l);
                domains += first ? 1 : 0;
            }
            const FailureClusteringLevel& level = result.levels[l];
            QCOMPARE(level.name, log.levelNames[l]);
            QCOMPARE(level.domains, domains);
            const std::size_t most = sizes.empty() ? 0 : *std::max_element(sizes.begin(), sizes.end());
            QCOMPARE(level.mostHitFailures, most);
            QCOMPARE(level.observedShare, n == 0 ? 0.0 : double(clustered) / n);
            QVERIFY(level.baselineLow <= level.baselineMean + 1e-12);
            QVERIFY(level.baselineMean <= level.baselineHigh + 1e-12);
            QVERIFY(level.baselineLow >= 0.0 && level.baselineHigh <= 1.0);
            QCOMPARE(level.excessShare, level.observedShare - level.baselineMean);
        }
        if (n > 0)
            QCOMPARE(result.levels[0].mostHitDomain.substr(0, 2), std::string("a="));
    }

    // With a window longer than the log, clustering only needs a second failure in the domain, which no
    // permutation changes: the baseline is the observed share, without spread.
    void baselineIsExactForAnInfiniteWindow()
    {
        const FailureLog log = randomLog(500, 7, 1000, 4);
        FailureClusteringOptions options;
        options.windowS = 1e6;
        for (const FailureClusteringLevel& level : clusterFailures(log, options).levels) {
            QCOMPARE(level.baselineLow, level.observedShare);
            QCOMPARE(level.baselineHigh, level.observedShare);
            QVERIFY(std::abs(level.excessShare) < 1e-12);
        }
    }

    void baselineIsTheSameForAnyThreadCount()
    {
        const FailureLog log = randomLog(3000, 11, 200000, 5);
        FailureClusteringOptions options;
        options.control.threads = 1;
        const FailureClustering reference = clusterFailures(log, options);
        for (int threads : {0, 2, 3, 8}) {
            options.control.threads = threads;
            const FailureClustering other = clusterFailures(log, options);
            for (std::size_t l = 0; l < reference.levels.size(); ++l) {
                QCOMPARE(other.levels[l].baselineMean, reference.levels[l].baselineMean);
                QCOMPARE(other.levels[l].baselineLow, reference.levels[l].baselineLow);
                QCOMPARE(other.levels[l].baselineHigh, reference.levels[l].baselineHigh);
                QCOMPARE(other.levels[l].observedShare, reference.levels[l].observedShare);
            }
        }
        options.seed = 2;
        QVERIFY(clusterFailures(log, options).levels[2].baselineMean != reference.levels[2].baselineMean);
    }

    void rejectsBadClusteringInput()
    {
        const FailureLog log = randomLog(10, 3, 100, 2);
        FailureClusteringOptions options;
        options.windowS = 0.0;
        QVERIFY(inputErrorOf([&] { clusterFailures(log, options); }).contains(QStringLiteral("window 0 s")));
        options.windowS = 60.0;
        options.permutations = 0;
        QVERIFY(inputErrorOf([&] { clusterFailures(log, options); })
                    .contains(QStringLiteral("permutations 0 is out of range; allowed: 1 .. 100000")));
        FailureLog noLocations;
        noLocations.path = "plain.csv";
        noLocations.timesS = {1.0, 2.0};
        QVERIFY(inputErrorOf([&] { clusterFailures(noLocations); }).contains(QStringLiteral("no failure locations")));
        FailureLog unsorted = log;
        std::swap(unsorted.timesS.front(), unsorted.timesS.back());
        QVERIFY(inputErrorOf([&] { clusterFailures(unsorted); }).contains(QStringLiteral("not sorted")));
        const FailureClustering result = clusterFailures(log);
        QVERIFY(inputErrorOf([&] { suggestRackShare(result, "rack"); })
                    .contains(QStringLiteral("rack level 'rack' is not a level of the location pattern; allowed: a, b, c")));
    }

    // Bursts in a rack show as excess clustering at the rack level ("row" closes a rack); without
    // bursts the observed share is what permutations give.
    void findsBursts_data()
    {
        QTest::addColumn<double>("burstShare");
        QTest::newRow("no bursts") << 0.0;
        QTest::newRow("30% bursts") << 0.3;
    }
    void findsBursts()
    {
        QFETCH(double, burstShare);
        SyntheticFailureLogOptions options = quietOptions();
        options.days = 180.0;
        options.burstShare = burstShare;
        options.seed = 5;
        const FailureLog log = failureLogFromCsv(SyntheticFailureLog::generate(options).csv);
        const FailureClustering clustering = clusterFailures(log);
        const FailureClusteringLevel& rack = clustering.levels[1];
        QCOMPARE(rack.name, std::string("row"));
        QCOMPARE(rack.domains, std::size_t{32});
        const RackShareSuggestion suggestion = suggestRackShare(clustering, "row");
        const QString evidence = QString::fromStdString(suggestion.evidence);
        QVERIFY2(evidence.contains(QStringLiteral(" of failures fall within 1 h of another in the same rack against ")),
                 qPrintable(evidence));
        if (burstShare == 0.0) {
            QVERIFY2(std::abs(rack.excessShare) < 0.02, suggestion.evidence.c_str());
            QVERIFY(suggestion.share <= 0.02);
        } else {
            QVERIFY2(rack.excessShare > 0.2 && rack.excessShare < 0.35, suggestion.evidence.c_str());
            QVERIFY(rack.observedShare > rack.baselineHigh);
            QCOMPARE(suggestion.share, std::round(rack.excessShare * 100.0) / 100.0);
            // Bursts stay in a rack, so the excess fades at the node level.
            QVERIFY(clustering.levels[4].excessShare < rack.excessShare / 2.0);
        }
    }

    void generatorHasTheAskedMeanGap_data()
    {
        QTest::addColumn<int>("model");
        QTest::newRow("exponential") << int(GapDistribution::Exponential);
        QTest::newRow("weibull 0.7") << int(GapDistribution::Weibull);
        QTest::newRow("lognormal 1.0") << int(GapDistribution::Lognormal);
    }
    void generatorHasTheAskedMeanGap()
    {
        QFETCH(int, model);
        SyntheticFailureLogOptions options = quietOptions();
        options.model = static_cast<GapDistribution>(model);
        options.meanGapS = 600.0;
        options.days = 140.0;  // about 20000 gaps: the mean within 4% is about 4 standard errors
        const SyntheticFailureLog log = SyntheticFailureLog::generate(options);
        const std::vector<double>& times = log.failureTimesS;
        QVERIFY(times.size() > 15000);
        QVERIFY(std::is_sorted(times.begin(), times.end()));
        const double meanGap = (times.back() - static_cast<double>(options.startS)) / double(times.size());
        QVERIFY2(std::abs(meanGap / options.meanGapS - 1.0) < 0.04, qPrintable(QString::number(meanGap)));
        QCOMPARE(log.burstFailures, std::size_t{0});
    }

    // The file as written: every line accounted for, rows parse, the asked disorder is there, the time
    // formats agree, and a seed gives one log.
    void generatorRoundTrips()
    {
        SyntheticFailureLogOptions options;
        options.days = 60.0;
        options.burstShare = 0.1;
        options.unsortedRows = 6;
        options.blankLines = 4;
        options.seed = 9;
        const SyntheticFailureLog log = SyntheticFailureLog::generate(options);
        QCOMPARE(log.maintenanceRows, std::size_t{4 * 4});  // 60 / 14 events of 4 nodes
        QVERIFY(log.burstFailures > 0);
        const QString path = QDir::temp().filePath(QStringLiteral("spare-synthetic-log-%1.csv")
                                                        .arg(QCoreApplication::applicationPid()));
        log.write(str(path));
        std::ifstream in(str(path));
        std::string line;
        std::getline(in, line);
        QCOMPARE(line, std::string("time,location,cause,job_id"));
        const LocationPattern pattern = LocationPattern::parse(kRoomPattern);
        std::size_t blanks = 0, failures = 0, maintenance = 0, unsorted = 0;
        std::string previous;
        auto sortable = [](const std::string& mdy) {  // "MM/DD/YYYY HH:MM" -> "YYYYMMDDHHMM"
            return mdy.substr(6, 4) + mdy.substr(0, 2) + mdy.substr(3, 2) + mdy.substr(11, 2) + mdy.substr(14, 2);
        };
        std::vector<std::string> minutes;
        while (std::getline(in, line)) {
            if (line.empty()) {
                ++blanks;
                continue;
            }
            const std::vector<std::string> fields = split(line, ',');
            QCOMPARE(fields.size(), std::size_t{4});
            QCOMPARE(fields[0].size(), std::size_t{16});
            const auto location = pattern.match(fields[1]);
            QVERIFY(location);
            QVERIFY(std::stoi((*location)[0]) < 4 && std::stoi((*location)[1]) < 8 && std::stoi((*location)[4]) < 4);
            if (fields[2] == "Scheduled maintenance") {
                ++maintenance;
                QVERIFY(fields[3].empty());
                continue;
            }
            ++failures;
            const std::string key = sortable(fields[0]);
            unsorted += key < previous ? 1 : 0;
            previous = key;
            minutes.push_back(key);
        }
        QFile::remove(path);
        QCOMPARE(failures, log.failureTimesS.size());
        QCOMPARE(maintenance, log.maintenanceRows);
        QCOMPARE(blanks, std::size_t{4});
        QCOMPARE(unsorted, std::size_t{6});

        // The same draws in epoch format: each row's minute is its epoch time truncated to the minute.
        options.timeFormat = SyntheticTimeFormat::Epoch;
        const FailureLog epoch = failureLogFromCsv(SyntheticFailureLog::generate(options).csv);
        std::sort(minutes.begin(), minutes.end());
        QCOMPARE(epoch.timesS.size(), minutes.size());
        for (std::size_t i = 0; i < minutes.size(); ++i) {
            using namespace std::chrono;
            const sys_seconds time{seconds{static_cast<long long>(epoch.timesS[i])}};
            const sys_days day = floor<days>(time);
            const year_month_day date{day};
            const hh_mm_ss clock{time - day};
            char expected[40];
            std::snprintf(expected, sizeof expected, "%04d%02u%02u%02d%02d", int(date.year()), unsigned(date.month()),
                          unsigned(date.day()), int(clock.hours().count()), int(clock.minutes().count()));
            QCOMPARE(minutes[i], std::string(expected));
        }
        options.timeFormat = SyntheticTimeFormat::Iso8601;
        const std::string iso = SyntheticFailureLog::generate(options).csv;
        QVERIFY(iso.find("2025-01-") != std::string::npos && iso.find("Z,c") != std::string::npos);

        options.timeFormat = SyntheticTimeFormat::MdyMinute;
        QCOMPARE(SyntheticFailureLog::generate(options).csv, log.csv);
        options.seed = 10;
        QVERIFY(SyntheticFailureLog::generate(options).csv != log.csv);
    }

    void generatorRejectsBadOptions()
    {
        SyntheticFailureLogOptions options;
        options.shape = 0.05;
        QVERIFY(inputErrorOf([&] { SyntheticFailureLog::generate(options); })
                    .contains(QStringLiteral("shape 0.05 is out of range; allowed: 0.1 .. 10")));
        options = {};
        options.room.slotsPerCage = 0;
        QVERIFY(inputErrorOf([&] { SyntheticFailureLog::generate(options); })
                    .contains(QStringLiteral("machine room slots 0 is out of range; allowed: 1 .. 1000")));
        options = {};
        options.days = 1.0;
        options.unsortedRows = 1000;
        QVERIFY(inputErrorOf([&] { SyntheticFailureLog::generate(options); })
                    .contains(QStringLiteral("unsorted rows 1000 is out of range")));
        options = {};
        options.meanGapS = 1.0;
        options.days = 3650.0;
        QVERIFY(inputErrorOf([&] { SyntheticFailureLog::generate(options); }).contains(QStringLiteral("allowed: at most")));
    }
};

QTEST_GUILESS_MAIN(TestFailureClustering)
#include "test_failure_clustering.moc"
