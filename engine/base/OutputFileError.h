#pragma once

#include <cerrno>
#include <stdexcept>
#include <string>

namespace spare {

// An output file that cannot be written (missing or read-only folder, a directory in the way, a full
// disk). what() is "PATH: REASON"; the CLI names the flag in front of path() and reason(). errorNumber()
// is the errno behind it (0 when none): a failing device (deviceFailure()) is not the user's input.
class OutputFileError : public std::runtime_error {
public:
    OutputFileError(std::string path, std::string reason, int errorNumber = 0)
        : std::runtime_error(path + ": " + reason), path_(std::move(path)), reason_(std::move(reason)),
          errorNumber_(errorNumber)
    {
    }

    const std::string& path() const { return path_; }
    const std::string& reason() const { return reason_; }
    int errorNumber() const { return errorNumber_; }
    // A full disk or quota, an I/O error or a read-only file system: spare-cli exits 1, not 2.
    bool deviceFailure() const
    {
        return errorNumber_ == ENOSPC || errorNumber_ == EIO || errorNumber_ == EDQUOT || errorNumber_ == EROFS;
    }

private:
    std::string path_;
    std::string reason_;
    int errorNumber_;
};

}  // namespace spare
