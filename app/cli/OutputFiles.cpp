#include "app/cli/OutputFiles.h"

#include "app/cli/CliCommand.h"

#include "engine/base/AtomicFile.h"

#include <fmt/core.h>

#include <filesystem>

#include <sys/stat.h>

namespace spare::cli {

namespace {

// Two spellings of one file compare equal (./a.json, a.json, a symlink to it). Device nodes and FIFOs
// are sinks that take any number of writers, so they never clash.
std::string identity(const std::string& path)
{
    struct stat info {};
    if (::stat(path.c_str(), &info) == 0 && !S_ISREG(info.st_mode))
        return {};
    std::error_code error;
    const auto canonical = std::filesystem::weakly_canonical(path, error);
    return error ? path : canonical.string();
}

// Whether two paths name one existing regular file.
bool sameFile(const std::string& a, const std::string& b)
{
    struct stat x {}, y {};
    return ::stat(a.c_str(), &x) == 0 && ::stat(b.c_str(), &y) == 0 && S_ISREG(x.st_mode) && x.st_dev == y.st_dev &&
           x.st_ino == y.st_ino;
}

}  // namespace

void OutputFiles::addInput(std::string flag, std::string path)
{
    if (!path.empty())
        inputs_.emplace_back(std::move(flag), std::move(path));
}

void OutputFiles::add(std::string flag, std::string path)
{
    if (!path.empty())
        files_.emplace_back(std::move(flag), std::move(path));
}

void OutputFiles::check() const
{
    for (std::size_t i = 0; i < files_.size(); ++i) {
        const auto& [flag, path] = files_[i];
        try {
            checkOutputPath(path);
        } catch (const OutputFileError& error) {
            rethrowWithFlag(error);
        }
        for (const auto& [inputFlag, input] : inputs_)
            if (sameFile(path, input))
                throw UsageError(fmt::format("{} {} and {} {} name the same file: writing would overwrite the input; "
                                             "allowed: an output that is not an input",
                                             flag, path, inputFlag, input));
        const std::string id = identity(path);
        for (std::size_t j = 0; j < i && !id.empty(); ++j)
            if (identity(files_[j].second) == id)
                throw UsageError(fmt::format("{} {} and {} {} name the same file; allowed: a different file for "
                                             "each output",
                                             files_[j].first, files_[j].second, flag, path));
    }
}

void OutputFiles::rethrowWithFlag(const OutputFileError& error) const
{
    for (const auto& [flag, path] : files_)
        if (path == error.path()) {
            if (error.deviceFailure())
                throw OutputFileError(fmt::format("{} {}", flag, path), error.reason(), error.errorNumber());
            throw UsageError(fmt::format("{} {}: {}", flag, path, error.reason()));
        }
    if (error.deviceFailure())
        throw error;
    throw UsageError(error.what());
}

}  // namespace spare::cli
