// Re-admission of rejoining groups (ReorderController::onRejoin) in sequences mixed with failures,
// against exhaustive enumeration and LEMON's network simplex; the failure decisions that follow a
// re-admission against the from-scratch solvers.
#include "engine/layout/Layout.h"
#include "engine/reorder/GreedyStartReorderSolver.h"
#include "engine/reorder/ReorderController.h"
#include "tests/support/LemonReorderSolver.h"

#include <QtTest/QtTest>

#include <algorithm>
#include <cstdint>
#include <optional>
#include <random>
#include <set>
#include <stdexcept>
#include <tuple>
#include <utility>
#include <vector>

using namespace spare;

namespace {

size_t idx(int value) { return static_cast<size_t>(value); }

// What the test sees of the controller between two decisions.
struct ControllerView {
    int n = 0;
    int r = 0;
    int stackNumber = 1;
    std::vector<std::uint8_t> alive;
    std::vector<std::vector<int>> stacks;
    std::vector<int> contributors;

    int liveCount() const { return static_cast<int>(std::count(alive.begin(), alive.end(), std::uint8_t{1})); }
    int position(int g, int t) const
    {
        const auto& s = stacks[idx(g)];
        return static_cast<int>(std::find(s.begin(), s.end(), t) - s.begin());
    }
    std::vector<int> flatStacks() const
    {
        std::vector<int> flat;
        for (const auto& s : stacks)
            flat.insert(flat.end(), s.begin(), s.end());
        return flat;
    }
};

ControllerView view(const ReorderController& c)
{
    ControllerView v;
    v.n = c.layout().groups();
    v.r = c.layout().redundancy();
    v.stackNumber = c.stackNumber();
    for (int g = 0; g < v.n; ++g) {
        v.alive.push_back(c.alive(g) ? 1 : 0);
        v.stacks.emplace_back(c.stack(g).begin(), c.stack(g).end());
    }
    for (int t = 0; t < v.n; ++t)
        v.contributors.push_back(c.contributor(t));
    return v;
}

// The state a re-admission decides on: the rejoined groups alive again with their base stacks.
ControllerView withRejoined(const Layout& layout, ControllerView v, const std::vector<int>& groups)
{
    for (int g : groups) {
        v.alive[idx(g)] = 1;
        v.stacks[idx(g)].assign(layout.stack(g).begin(), layout.stack(g).end());
    }
    return v;
}

// Exhaustive oracle: depth-first over every assignment of types to live holders within `capacity`,
// returning the fewest types placed outside their holder's top `capacity` (nullopt: none fits).
class Enumeration {
public:
    Enumeration(const Layout& layout, const ControllerView& state, int capacity)
        : layout_(layout), state_(state), capacity_(capacity), load_(idx(state.n), 0)
    {
    }

    std::optional<int> minMoves()
    {
        visit(0, 0);
        return best_;
    }

private:
    void visit(int t, int moves)
    {
        if (best_ && moves >= *best_)
            return;
        if (t == state_.n) {
            best_ = moves;
            return;
        }
        for (int g : layout_.holders(t)) {
            if (!state_.alive[idx(g)] || load_[idx(g)] == capacity_)
                continue;
            ++load_[idx(g)];
            visit(t + 1, moves + (state_.position(g, t) < capacity_ ? 0 : 1));
            --load_[idx(g)];
        }
    }

    const Layout& layout_;
    const ControllerView& state_;
    int capacity_;
    std::vector<int> load_;
    std::optional<int> best_;
};

// The re-admission optimum: the smallest capacity in [ceil(N / live) .. S] with a perfect assignment,
// and the fewest moves there. Enumeration on small instances, LEMON otherwise.
std::pair<int, int> readmissionOptimum(const Layout& layout, const ControllerView& state, bool enumerate)
{
    const int lowerBound = (state.n + state.liveCount() - 1) / state.liveCount();
    const std::vector<int> flat = state.flatStacks();
    for (int capacity = lowerBound; capacity <= state.stackNumber; ++capacity) {
        const std::optional<int> moves = enumerate ? Enumeration(layout, state, capacity).minMoves()
                                                   : LemonReorderSolver::minMoves(layout, state.alive, flat, capacity);
        if (moves)
            return {capacity, *moves};
    }
    return {-1, -1};  // the current assignment fits at S, so this is never reached by a correct controller
}

// The apply rule written from the header: assigned types already in the top S keep their positions,
// the other assigned types (ascending) take the free top positions in order, and the rest follow in
// their previous order.
std::vector<int> appliedStack(const std::vector<int>& previous, const std::set<int>& assigned, int stackNumber)
{
    std::vector<int> top(idx(stackNumber), -1);
    std::vector<int> risers;
    std::vector<int> others;
    for (size_t p = 0; p < previous.size(); ++p) {
        const int t = previous[p];
        if (!assigned.count(t))
            others.push_back(t);
        else if (p < idx(stackNumber))
            top[p] = t;
        else
            risers.push_back(t);
    }
    std::sort(risers.begin(), risers.end());
    auto riser = risers.begin();
    std::vector<int> result;
    for (size_t p = 0; p < previous.size(); ++p) {
        if (p < top.size() && top[p] >= 0)
            result.push_back(top[p]);
        else if (p < top.size() && riser != risers.end())
            result.push_back(*riser++);
        else
            result.push_back(-1);
    }
    auto other = others.begin();
    for (int& t : result)
        if (t < 0)
            t = *other++;
    return result;
}

// After every decision: each type has a live contributor that holds it at a position < S, every stack
// is a permutation of its base stack, and the stacks equal the previous ones with changedStacks
// applied; stackMoves lists exactly the position changes of the changed stacks.
void checkInvariants(const ReorderController& c, const ControllerView& before, const ReorderDecision& d)
{
    const Layout& layout = c.layout();
    const ControllerView after = view(c);
    QCOMPARE(after.stackNumber, d.stackNumber);
    for (int t = 0; t < after.n; ++t) {
        const int g = after.contributors[idx(t)];
        QVERIFY(g >= 0 && g < after.n && after.alive[idx(g)]);
        const int p = c.contributorPosition(t);
        QVERIFY(p >= 0 && p < after.stackNumber);
        QCOMPARE(after.stacks[idx(g)][idx(p)], t);
    }
    std::vector<std::vector<int>> expected = before.stacks;
    int previousGroup = -1;
    std::set<std::tuple<int, int, int, int>> expectedMoves;
    for (const StackUpdate& u : d.changedStacks) {
        QVERIFY(u.group > previousGroup);
        previousGroup = u.group;
        expected[idx(u.group)] = u.stack;
        for (int p = 0; p < after.r; ++p)
            if (u.stack[idx(p)] != before.stacks[idx(u.group)][idx(p)])
                expectedMoves.emplace(u.group, u.stack[idx(p)], before.position(u.group, u.stack[idx(p)]), p);
    }
    for (int g = 0; g < after.n; ++g) {
        QCOMPARE(after.stacks[idx(g)], expected[idx(g)]);
        std::vector<int> sorted = after.stacks[idx(g)];
        std::vector<int> base(layout.stack(g).begin(), layout.stack(g).end());
        std::sort(sorted.begin(), sorted.end());
        std::sort(base.begin(), base.end());
        QCOMPARE(sorted, base);
    }
    std::set<std::tuple<int, int, int, int>> moves;
    for (const StackMove& m : d.stackMoves)
        QVERIFY(moves.emplace(m.group, m.type, m.fromPosition, m.toPosition).second);
    QCOMPARE(moves, expectedMoves);
}

// A re-admission against the oracle: S' and the move count, the assignment's real cost, the apply rule
// on every live stack, and the S' == S case keeping the assignment.
void checkReadmission(const ReorderController& c, const ControllerView& before, const std::vector<int>& groups,
                      const ReorderDecision& d, bool enumerate)
{
    const Layout& layout = c.layout();
    QCOMPARE(d.phase, ReorderDecision::Phase::Readmit);
    QVERIFY(!d.wipeout && d.lostTypes.empty() && d.patches.empty());
    QCOMPARE(d.failedGroups, groups);
    QCOMPARE(d.previousStackNumber, before.stackNumber);
    const ControllerView state = withRejoined(layout, before, groups);
    const auto [stackNumber, moves] = readmissionOptimum(layout, state, enumerate);
    QCOMPARE(d.stackNumber, stackNumber);
    QCOMPARE(d.moves, moves);

    std::vector<std::set<int>> assigned(idx(state.n));
    int cost = 0;
    for (int t = 0; t < state.n; ++t) {
        const int g = c.contributor(t);
        assigned[idx(g)].insert(t);
        cost += state.position(g, t) < stackNumber ? 0 : 1;
    }
    QCOMPARE(cost, d.moves);
    for (int g = 0; g < state.n; ++g) {
        const std::vector<int> now(c.stack(g).begin(), c.stack(g).end());
        if (state.alive[idx(g)])
            QCOMPARE(now, appliedStack(state.stacks[idx(g)], assigned[idx(g)], stackNumber));
    }
    std::vector<int> listed;
    for (const StackUpdate& u : d.changedStacks)
        listed.push_back(u.group);
    for (int g : groups)
        QVERIFY(std::binary_search(listed.begin(), listed.end(), g));
    if (stackNumber == before.stackNumber) {
        QCOMPARE(d.moves, 0);
        QCOMPARE(view(c).contributors, before.contributors);
        QCOMPARE(listed, groups);
    }
}

// A failure decision against the from-scratch solvers (independent of the controller's state).
void checkFailure(const ReorderController& c, const ControllerView& before, const std::vector<int>& groups,
                  const ReorderDecision& d)
{
    ControllerView state = before;
    for (int g : groups)
        state.alive[idx(g)] = 0;
    const std::vector<int> flat = state.flatStacks();
    for (const ReorderSolution& solution :
         {GreedyStartReorderSolver::solve(c.layout(), state.alive, flat, before.stackNumber),
          LemonReorderSolver::solve(c.layout(), state.alive, flat, before.stackNumber)}) {
        QCOMPARE(d.wipeout, solution.wipeout);
        if (d.wipeout)
            continue;
        QCOMPARE(d.phase == ReorderDecision::Phase::FixedCheck, solution.covered);
        QCOMPARE(d.stackNumber, solution.stackNumber);
        QCOMPARE(d.moves, solution.moves);
    }
}

// A random layout: the consecutive one rewired by random exchanges of types between groups (each
// keeps r distinct types, each type r holders), optionally with every stack order shuffled.
Layout rewiredLayout(int n, int r, std::mt19937_64& rng, bool shuffleOrders)
{
    std::vector<std::vector<int>> stacks;
    for (int g = 0; g < n; ++g) {
        stacks.emplace_back();
        for (int j = 0; j < r; ++j)
            stacks.back().push_back((g + j) % n);
    }
    std::uniform_int_distribution<int> group(0, n - 1);
    std::uniform_int_distribution<int> slot(0, r - 1);
    for (int exchange = 0; exchange < 8 * n * r; ++exchange) {
        auto& a = stacks[idx(group(rng))];
        auto& b = stacks[idx(group(rng))];
        int& x = a[idx(slot(rng))];
        int& y = b[idx(slot(rng))];
        if (std::find(a.begin(), a.end(), y) == a.end() && std::find(b.begin(), b.end(), x) == b.end())
            std::swap(x, y);
    }
    if (shuffleOrders)
        for (auto& s : stacks)
            std::shuffle(s.begin(), s.end(), rng);
    return Layout::fromStacks(std::move(stacks), "rewired");
}

Layout layoutOfKind(const QString& kind, int n, int r, std::mt19937_64& rng)
{
    if (kind == QLatin1String("golomb"))
        return Layout::golomb(n, r);
    if (kind == QLatin1String("consecutive"))
        return Layout::consecutive(n, r);
    return rewiredLayout(n, r, rng, kind == QLatin1String("shuffled"));
}

// 1 .. maxSize distinct members of a non-empty pool, ascending.
std::vector<int> randomSubset(std::vector<int> pool, int maxSize, std::mt19937_64& rng)
{
    std::shuffle(pool.begin(), pool.end(), rng);
    const int largest = std::min<int>(maxSize, static_cast<int>(pool.size()));
    const int size = 1 + static_cast<int>(rng() % static_cast<unsigned>(largest));
    pool.resize(idx(size));
    std::sort(pool.begin(), pool.end());
    return pool;
}

// The other live holders of up to maxTypes of a random live group's types: that group is left their
// only holder, the clustered failure that pushes S above ceil(N / live).
std::vector<int> isolatingBatch(const Layout& layout, const std::vector<std::uint8_t>& alive, int maxTypes,
                                std::mt19937_64& rng)
{
    std::vector<int> live;
    for (size_t g = 0; g < alive.size(); ++g)
        if (alive[g])
            live.push_back(static_cast<int>(g));
    const int kept = live[rng() % live.size()];
    std::set<int> batch;
    for (int t : randomSubset(std::vector<int>(layout.stack(kept).begin(), layout.stack(kept).end()), maxTypes, rng))
        for (int g : layout.holders(t))
            if (g != kept && alive[idx(g)])
                batch.insert(g);
    if (batch.empty())
        return {kept};
    return {batch.begin(), batch.end()};
}

struct SequenceCounts {
    int readmissions = 0;
    int stackDrops = 0;
    int failuresAfterReadmission = 0;
};

// Random failures (up to maxBatch scattered groups, or an isolating batch) and re-admissions (up to
// maxBatch dead groups, sometimes all of them), biased towards failures so that S climbs; a wipe-out is
// followed by reset(). Every decision is checked.
void runSequence(const Layout& layout, int startS, int decisions, int maxBatch, bool enumerate, std::mt19937_64& rng,
                 SequenceCounts& counts)
{
    ReorderController c(layout, startS);
    bool readmitted = false;
    for (int step = 0; step < decisions && !QTest::currentTestFailed(); ++step) {
        const ControllerView before = view(c);
        std::vector<int> live;
        std::vector<int> dead;
        for (int g = 0; g < before.n; ++g)
            (before.alive[idx(g)] ? live : dead).push_back(g);
        if (!dead.empty() && rng() % 5 < 2) {
            const std::vector<int> groups = rng() % 8 == 0 ? dead : randomSubset(dead, maxBatch, rng);
            const ReorderDecision d = c.onRejoin(groups);
            checkInvariants(c, before, d);
            checkReadmission(c, before, groups, d, enumerate);
            ++counts.readmissions;
            counts.stackDrops += d.stackNumber < d.previousStackNumber ? 1 : 0;
            readmitted = true;
            continue;
        }
        const std::vector<int> groups = rng() % 3 == 0 ? isolatingBatch(layout, before.alive, maxBatch, rng)
                                                       : randomSubset(live, maxBatch, rng);
        const ReorderDecision d = c.onFailures(groups);
        checkFailure(c, before, groups, d);
        counts.failuresAfterReadmission += readmitted ? 1 : 0;
        if (d.wipeout) {
            QVERIFY_THROWS_EXCEPTION(std::logic_error, c.onRejoin(groups));
            c.reset();
            readmitted = false;
            continue;
        }
        checkInvariants(c, before, d);
    }
}

void addLayoutRows(const std::vector<int>& sizes, const std::vector<int>& redundancies)
{
    QTest::addColumn<QString>("kind");
    QTest::addColumn<int>("groups");
    QTest::addColumn<int>("redundancy");
    for (const char* kind : {"golomb", "consecutive", "rewired", "shuffled"})
        for (int n : sizes)
            for (int r : redundancies)
                if (r < n)
                    QTest::addRow("%s-N%d-r%d", kind, n, r) << QString::fromLatin1(kind) << n << r;
}

struct RowLayout {
    Layout layout;
    std::mt19937_64 rng;
};

// The current data row's layout, and a random stream seeded by the row.
RowLayout rowLayout()
{
    QFETCH(QString, kind);
    QFETCH(int, groups);
    QFETCH(int, redundancy);
    std::mt19937_64 rng(static_cast<unsigned>(kind.size() * 1000 + groups * 10 + redundancy));
    Layout layout = layoutOfKind(kind, groups, redundancy, rng);
    return {std::move(layout), rng};
}

}  // namespace

class TestReorderRejoin : public QObject {
    Q_OBJECT

private slots:
    void readmissionLowersStackNumber()
    {
        // consecutive N=5 r=2: losing group 0 leaves type 0 only at position 1 of group 4 (S = 2);
        // group 0 back with its base stack (0, 1) makes every group's position 0 a perfect assignment.
        ReorderController c(Layout::consecutive(5, 2));
        QCOMPARE(c.onFailure(0).stackNumber, 2);
        const ReorderDecision d = c.onRejoin(std::vector<int>{0});
        QCOMPARE(d.phase, ReorderDecision::Phase::Readmit);
        QCOMPARE(d.previousStackNumber, 2);
        QCOMPARE(d.stackNumber, 1);
        QCOMPARE(d.moves, 0);
        QVERIFY(d.stackMoves.empty() && d.patches.empty());
        QCOMPARE(d.changedStacks.size(), size_t{1});
        QCOMPARE(d.changedStacks[0].group, 0);
        QCOMPARE(d.changedStacks[0].stack, (std::vector<int>{0, 1}));
        QCOMPARE(c.stackNumber(), 1);
        QCOMPARE(c.aliveCount(), 5);
        for (int t = 0; t < 5; ++t) {
            QCOMPARE(c.contributor(t), t);
            QCOMPARE(c.contributorPosition(t), 0);
        }
    }

    void readmissionKeepsAssignmentAtLowerBound()
    {
        // consecutive N=6 r=2 without groups 0 and 3: S = 2. With 5 live groups S cannot go below
        // ceil(6 / 5) = 2, so group 0 comes back with nothing to do.
        ReorderController c(Layout::consecutive(6, 2));
        QCOMPARE(c.onFailures(std::vector<int>{0, 3}).stackNumber, 2);
        const ControllerView before = view(c);
        const ReorderDecision d = c.onRejoin(std::vector<int>{0});
        QCOMPARE(d.stackNumber, 2);
        QCOMPARE(d.moves, 0);
        QCOMPARE(d.changedStacks.size(), size_t{1});
        QCOMPARE(view(c).contributors, before.contributors);
        QVERIFY(c.alive(0));
    }

    void clusteredFailuresReadmitInSteps()
    {
        // consecutive N=16 r=4 without 5, 6, 7, 9, 10, 11: group 8 is the only holder of types 8 .. 11,
        // so S = 4 while ceil(16 / 10) = 2. Group 0 back changes nothing (S stays above the bound);
        // group 11 back relieves type 11 (S = 3); group 9 back relieves types 9 and 10 (S = 2).
        ReorderController c(Layout::consecutive(16, 4));
        QCOMPARE(c.onFailures(std::vector<int>{5, 6, 7, 9, 10, 11}).stackNumber, 4);
        QCOMPARE(c.onFailure(0).stackNumber, 4);
        for (const auto& [group, stackNumber] : {std::pair{0, 4}, std::pair{11, 3}, std::pair{9, 2}}) {
            const ControllerView before = view(c);
            const std::vector<int> groups{group};
            const ReorderDecision d = c.onRejoin(groups);
            checkInvariants(c, before, d);
            checkReadmission(c, before, groups, d, false);
            QCOMPARE(d.stackNumber, stackNumber);
        }
    }

    void invalidRejoinThrows()
    {
        ReorderController c(Layout::golomb(20, 3));
        c.onFailures(std::vector<int>{2, 5, 9});
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, c.onRejoin(std::vector<int>{3}));       // alive
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, c.onRejoin(std::vector<int>{2, 3}));    // one alive
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, c.onRejoin(std::vector<int>{20}));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, c.onRejoin(std::vector<int>{-1}));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, c.onRejoin(std::vector<int>{5, 2}));    // unsorted
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, c.onRejoin(std::vector<int>{5, 5}));    // duplicate
        QCOMPARE(c.aliveCount(), 17);  // rejected calls change nothing
        try {
            c.onRejoin(std::vector<int>{20});
            QFAIL("no exception for an out-of-range group");
        } catch (const std::invalid_argument& e) {
            QVERIFY(std::string(e.what()).find("20") != std::string::npos);
            QVERIFY(std::string(e.what()).find("0 .. 19") != std::string::npos);
        }
        QCOMPARE(c.onRejoin(std::vector<int>{2, 9}).failedGroups, (std::vector<int>{2, 9}));
        QCOMPARE(c.aliveCount(), 19);

        ReorderController w(Layout::consecutive(6, 2));
        QVERIFY(w.onFailures(std::vector<int>{2, 3}).wipeout);
        QVERIFY_THROWS_EXCEPTION(std::logic_error, w.onRejoin(std::vector<int>{2}));
        w.reset();
        QVERIFY(w.onFailure(2).stackNumber >= 1);
        QCOMPARE(w.onRejoin(std::vector<int>{2}).phase, ReorderDecision::Phase::Readmit);
    }

    void smallSequencesAgainstEnumeration_data() { addLayoutRows({3, 4, 5, 6, 7, 8, 9}, {2, 3}); }

    void smallSequencesAgainstEnumeration()
    {
        auto [layout, rng] = rowLayout();
        SequenceCounts counts;
        for (int startS = 1; startS <= layout.redundancy(); ++startS)
            for (int run = 0; run < 4; ++run)
                runSequence(layout, startS, 40, 2, true, rng, counts);
        QVERIFY(counts.readmissions > 0);
    }

    void longChainsAgainstLemonAndGreedy_data() { addLayoutRows({50, 120, 200}, {3, 5, 9}); }

    void longChainsAgainstLemonAndGreedy()
    {
        auto [layout, rng] = rowLayout();
        SequenceCounts counts;
        runSequence(layout, 1, 300, 3, false, rng, counts);
        QVERIFY(counts.stackDrops > 0);
        QVERIFY(counts.failuresAfterReadmission > 0);
    }
};

QTEST_APPLESS_MAIN(TestReorderRejoin)
#include "test_reorder_rejoin.moc"
