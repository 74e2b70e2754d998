#pragma once

#include "engine/base/RunControl.h"

#include <string>
#include <vector>

namespace spare {

// One published figure of a real training run (or of a published optimum) beside the product's value
// for the same setting: docs/validation.md is this table, and a test holds every row.
struct ValidationRow {
    std::string id;         // "llama3-unexpected": `spare-cli validate --row ID` reproduces the row
    std::string source;     // title and venue
    std::string figure;     // what was published
    std::string published;  // as published: "419", "about 0.7", "> 90%"
    double low = 0.0;       // the band a value must reach: value +- halfWidth meets [low, high]
    double high = 0.0;
    double value = 0.0;     // the product's value: the mean over seeds, or a closed form
    double halfWidth = 0.0; // 95% interval over seeds (0 for a closed form)
    int seeds = 0;          // 0: a closed form
    std::string check;      // an independent check and its value
    std::string scenario;   // the shipped scenario it runs ("" for a closed form)
    std::string runFlags;   // what `spare-cli simulate` needs beside the scenario ("--until 4665600")

    bool passes() const { return value + halfWidth >= low && value - halfWidth <= high; }
};

struct ValidationOptions {
    std::string scenariosDir = "scenarios";
    int seeds = 10;                  // seeds 1 .. seeds for every simulated row
    std::vector<std::string> rows;   // ids to run; empty: all
    RunControl control;              // progress: runs
};

// The ids of every row, in table order.
std::vector<std::string> validationRowIds();

// Runs the rows (fixed seeds: the same table on every machine and thread count). Throws InputError
// for an unknown row id or a shipped scenario that cannot be read.
std::vector<ValidationRow> runPublishedRunValidation(const ValidationOptions& options);

// The rows as the Markdown table of docs/validation.md.
std::string validationMarkdown(const std::vector<ValidationRow>& rows);

}  // namespace spare
