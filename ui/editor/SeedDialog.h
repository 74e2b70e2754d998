#pragma once

#include <QDialog>

#include <cstdint>

class QLineEdit;

namespace spare {

// Simulation > Seed: the seed checked as it is typed; OK only for a seed the engine accepts.
class SeedDialog : public QDialog {
    Q_OBJECT
public:
    SeedDialog(std::uint64_t seed, QWidget* parent = nullptr);

    // The accepted text, as run.seed takes it.
    QString seedText() const;

private:
    QLineEdit* line_;
};

}  // namespace spare
