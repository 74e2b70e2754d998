#pragma once

#include <stdexcept>
#include <string>

namespace spare {

// An output file that cannot be written (missing or read-only folder, a directory in the way, a full
// disk). what() is "PATH: REASON"; the CLI names the flag in front of path() and reason().
class OutputFileError : public std::runtime_error {
public:
    OutputFileError(std::string path, std::string reason)
        : std::runtime_error(path + ": " + reason), path_(std::move(path)), reason_(std::move(reason))
    {
    }

    const std::string& path() const { return path_; }
    const std::string& reason() const { return reason_; }

private:
    std::string path_;
    std::string reason_;
};

}  // namespace spare
