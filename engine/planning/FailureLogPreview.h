#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace spare {

// The first rows of a CSV failure log as text, split by the reader's CSV rules, for choosing columns
// and formats before reading the whole file.
struct FailureLogPreview {
    std::vector<std::string> columns;            // the header
    std::vector<std::vector<std::string>> rows;  // up to the asked number of data rows
    std::vector<std::size_t> rowLines;           // the line each row starts on
};

// Throws InputError for a file that cannot be read or has no header.
FailureLogPreview previewFailureLog(const std::string& path, std::size_t rows);

}  // namespace spare
