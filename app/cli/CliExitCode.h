#pragma once

#include <exception>
#include <string>

namespace spare::cli {

// spare-cli's exit codes (README, "Exit codes").
enum ExitCode : int {
    kExitOk = 0,
    kExitFailure = 1,        // out of memory, a failing file system or device, another runtime error
    kExitBadInput = 2,       // a bad flag, file or value: the message says what to change
    kExitInternalError = 3,  // a broken contract inside spare-cli (std::logic_error): a bug to report
};

// What spare-cli does with an exception that ends a command: its exit code and the text for stderr.
struct CliFailure {
    int exitCode = kExitFailure;
    std::string message;
};

CliFailure cliFailure(const std::exception_ptr& error);

}  // namespace spare::cli
