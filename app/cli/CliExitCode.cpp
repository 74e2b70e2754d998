#include "app/cli/CliExitCode.h"

#include "engine/base/InputError.h"
#include "engine/base/OutputFileError.h"

#include <fmt/core.h>

#include <new>
#include <stdexcept>

namespace spare::cli {

namespace {

CliFailure internalError(const std::string& what)
{
    return {kExitInternalError,
            fmt::format("spare-cli: internal error: {}\nThis is a bug in spare-cli, not in your input; please report "
                        "it with the command line and this message.\n",
                        what)};
}

}  // namespace

CliFailure cliFailure(const std::exception_ptr& error)
{
    try {
        std::rethrow_exception(error);
    } catch (const std::bad_alloc&) {
        return {kExitFailure, "spare-cli: out of memory; try a smaller input (simulate, sweep and paper-table "
                              "estimate their need first: see --memory-limit)\n"};
    } catch (const InputError& e) {  // UsageError too
        return {kExitBadInput, fmt::format("spare-cli: {}\n", e.what())};
    } catch (const OutputFileError& e) {
        return {e.deviceFailure() ? kExitFailure : kExitBadInput, fmt::format("spare-cli: {}\n", e.what())};
    } catch (const std::logic_error& e) {
        return internalError(e.what());
    } catch (const std::exception& e) {
        return {kExitFailure, fmt::format("spare-cli: error: {}\n", e.what())};
    } catch (...) {
        return internalError("an exception of unknown type");
    }
}

}  // namespace spare::cli
