#pragma once

#include "ui/layoutlab/LayoutCandidate.h"

#include <QWidget>

class QComboBox;
class QLabel;
class QLineEdit;
class QProgressBar;
class QPushButton;
class QSpinBox;
class QTableView;

namespace spare {

class BlockMatrixView;
class ChartPanel;
class DifferenceTableModel;
class LayoutComparisonModel;
class LayoutLab;
class RulerWidget;
struct Scenario;

// The Layout tab: for one (N, r), the shown layout's ruler (typed or dragged offsets), its pairwise
// differences, its overlap matrix and its groups x types grid; golomb, consecutive and the custom
// layout side by side (table, the mu vs S_bar chart and the trade in words), refined by the
// Monte-Carlo in the background with progress and Cancel.
class LayoutLabView : public QWidget {
    Q_OBJECT
public:
    explicit LayoutLabView(QWidget* parent = nullptr);

    LayoutLab* lab() const { return lab_; }
    void setScenario(const Scenario& scenario);
    // Which layout the ruler, differences and matrices show.
    void showRole(LayoutCandidate::Role role);
    LayoutCandidate::Role shownRole() const;

    RulerWidget* ruler() const { return ruler_; }
    BlockMatrixView* overlapView() const { return overlapView_; }
    BlockMatrixView* holdingView() const { return holdingView_; }
    QLineEdit* offsetsEdit() const { return offsetsEdit_; }
    QTableView* comparisonTable() const { return comparisonTable_; }
    DifferenceTableModel* differences() const { return differences_; }
    LayoutComparisonModel* comparison() const { return comparison_; }
    ChartPanel* tradeoffPanel() const { return tradeoffPanel_; }
    QString message() const;       // the last validation message, empty when the input is valid
    QString noticeText() const;    // the scenario layout's independence notice
    QString explanationText() const;
    QString differenceSummary() const;

private:
    void buildControls();
    void refreshStructure();
    void refreshFigures();
    void editFromRuler(const std::vector<int>& offsets);
    void applyShape();
    void setMessage(const QString& message);
    void showProgress(int permille, const QString& text);
    void exportChart(const QString& name);

    LayoutLab* lab_;
    DifferenceTableModel* differences_;
    LayoutComparisonModel* comparison_;
    QSpinBox* groups_ = nullptr;
    QSpinBox* redundancy_ = nullptr;
    QComboBox* shown_ = nullptr;
    QLineEdit* offsetsEdit_ = nullptr;
    QPushButton* load_ = nullptr;
    QProgressBar* progress_ = nullptr;
    QPushButton* cancel_ = nullptr;
    QLabel* message_ = nullptr;
    QLabel* notice_ = nullptr;
    RulerWidget* ruler_ = nullptr;
    QTableView* differenceTable_ = nullptr;
    QLabel* differenceSummary_ = nullptr;
    BlockMatrixView* overlapView_ = nullptr;
    BlockMatrixView* holdingView_ = nullptr;
    QTableView* comparisonTable_ = nullptr;
    ChartPanel* tradeoffPanel_ = nullptr;
    QLabel* explanation_ = nullptr;
    bool typing_ = false;  // the offsets field is the source of the change: leave its text alone
};

}  // namespace spare
