#pragma once

#include "engine/base/InputError.h"

#include <CLI/CLI.hpp>

#include <functional>
#include <string>
#include <vector>

namespace spare::cli {

// A subcommand adds its options to `sub` and returns the action to run after parsing.
// The action returns the process exit code. Throw UsageError for bad values: it becomes one line
// on stderr and exit code 2.
using CommandAction = std::function<int()>;
using CommandSetup = CommandAction (*)(CLI::App& sub);

struct CommandInfo {
    std::string name;
    std::string description;
    CommandSetup setup;
};

// A bad flag or flag value, named with the value and the allowed range.
class UsageError : public InputError {
public:
    using InputError::InputError;
};

// Self-registration: each subcommand's file has
//   static const bool registered = spare::cli::registerCommand({"name", "what it does", &setup});
bool registerCommand(CommandInfo info);
const std::vector<CommandInfo>& commands();

}  // namespace spare::cli
