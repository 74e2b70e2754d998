#pragma once

#include "engine/sim/Scenario.h"
#include "ui/compare/CompareSetup.h"

#include <QWidget>

#include <array>

class QComboBox;
class QLineEdit;
class QSpinBox;
class QStackedWidget;

namespace spare {

// The Compare tab's bar: what differs (kind) and its value for run A and run B, one pair of editors
// per kind (r spin boxes, interval spin boxes with "auto", layout combos, file pickers, seed fields).
// Emits setupChanged when the user settles a value (Enter, focus out, arrows, a choice), not per
// keystroke. The ranges follow the base scenario; what the editors cannot rule out (a seed's text, a
// file's contents) CompareSetup::build checks.
class CompareChooser : public QWidget {
    Q_OBJECT
public:
    explicit CompareChooser(QWidget* parent = nullptr);

    CompareSetup setup() const;
    // Shows `setup` in the editors (no setupChanged).
    void setSetup(const CompareSetup& setup);
    // The base scenario: spin-box ranges (r up to min(N, 64), T_c up to the steps) and the values a
    // kind starts from when first chosen.
    void setBase(const Scenario& base);

signals:
    void setupChanged(const spare::CompareSetup& setup);

private:
    struct Pair {
        std::array<QSpinBox*, 2> spins{};
        std::array<QComboBox*, 2> combos{};
        std::array<QLineEdit*, 2> lines{};
    };
    QWidget* buildPage(CompareSetup::Kind kind, Pair& pair);
    void showValues(const CompareSetup& setup);
    void emitSetup();

    QComboBox* kind_ = nullptr;
    QStackedWidget* pages_ = nullptr;
    std::array<Pair, CompareSetup::kKinds.size()> pairs_;
    bool hasBase_ = false;
};

}  // namespace spare
