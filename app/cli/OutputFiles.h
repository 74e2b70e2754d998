#pragma once

#include "engine/base/OutputFileError.h"

#include <string>
#include <utility>
#include <vector>

namespace spare::cli {

// The files one command writes, by flag. check() runs before any work: every path must be writable,
// no two flags may name the same file, and no output may be one of the command's input files (the same
// device and inode: another spelling or a hard link counts). guard() turns an OutputFileError of one of
// them into a UsageError naming its flag and path (exit 2), or, from a failing device (a full disk), into
// an OutputFileError naming them (exit 1).
class OutputFiles {
public:
    void add(std::string flag, std::string path);  // an empty path (flag not given) is skipped
    void addInput(std::string flag, std::string path);  // a file the command reads; empty: skipped
    void check() const;

    template <typename Work>
    decltype(auto) guard(Work&& work) const
    {
        try {
            return work();
        } catch (const OutputFileError& error) {
            rethrowWithFlag(error);
        }
    }

private:
    [[noreturn]] void rethrowWithFlag(const OutputFileError& error) const;

    std::vector<std::pair<std::string, std::string>> files_;   // (flag, path)
    std::vector<std::pair<std::string, std::string>> inputs_;  // (flag, path)
};

}  // namespace spare::cli
