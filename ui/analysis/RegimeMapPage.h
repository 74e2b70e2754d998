#pragma once

#include "engine/planning/RegimeMap.h"
#include "engine/sim/Scenario.h"

#include <QStringList>
#include <QWidget>

#include <functional>
#include <vector>

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QProgressBar;
class QPushButton;
class QSpinBox;
class QTableView;

namespace spare {

class RegimeMapModel;
class RegimeMapRunner;

// The Analysis tab's "Regime map" page: two numeric scenario keys as axes (their values in the CLI's form:
// "60,120,300" or "60:3600:7g"), 2 .. 6 contenders, seeds; Run computes the map on a worker (an estimate of
// how long first, then progress; Cancel), and the map is a table coloured by each cell's winner, lighter
// where the margin is small, hatched where the top two cannot be separated. Clicking a cell opens its
// scenario in the Race tab with the map's contenders (showRace).
class RegimeMapPage : public QWidget {
    Q_OBJECT
public:
    using ShowRace = std::function<void(const Scenario& scenario, const std::vector<RegimeContender>& lanes)>;

    explicit RegimeMapPage(QWidget* parent = nullptr);

    void setScenario(const Scenario& base);
    void setShowRace(ShowRace showRace) { showRace_ = std::move(showRace); }
    // The controls, as a user sets them: axis key and values ("KEY" and "V1,V2" or "LO:HI:N[g]").
    void setAxes(const QString& xKey, const QString& xValues, const QString& yKey, const QString& yValues);
    void setContenders(const QStringList& names);
    void setSeeds(int seeds);
    // Starts the map from the controls; false (nothing started) with the reason shown and in *error.
    bool run(QString* error = nullptr);
    void cancel();
    // The last complete map when it was computed on `scenario`, else nullptr (the report takes it).
    const RegimeMap* mapFor(const Scenario& scenario) const;
    // The scenario of a table cell: scenarioWithValue(scenarioWithValue(base, x, vx), y, vy).
    void openCell(const QModelIndex& index);

    RegimeMapRunner* runner() const { return runner_; }
    RegimeMapModel* model() const { return model_; }
    QTableView* table() const { return table_; }
    QString statusText() const;

private:
    RegimeMapOptions optionsFromControls() const;
    void exportMap();
    void updateLegend();

    Scenario base_;
    bool hasBase_ = false;
    ShowRace showRace_;
    QComboBox* xKey_ = nullptr;
    QLineEdit* xValues_ = nullptr;
    QComboBox* yKey_ = nullptr;
    QLineEdit* yValues_ = nullptr;
    std::vector<QCheckBox*> contenders_;
    QSpinBox* seeds_ = nullptr;
    QPushButton* run_ = nullptr;
    QPushButton* cancel_ = nullptr;
    QPushButton* export_ = nullptr;
    QProgressBar* progress_ = nullptr;
    QLabel* status_ = nullptr;
    QLabel* legend_ = nullptr;
    QTableView* table_ = nullptr;
    RegimeMapModel* model_ = nullptr;
    RegimeMapRunner* runner_ = nullptr;
};

}  // namespace spare
