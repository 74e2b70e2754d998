#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace spare {

// How many problems an input-error message lists before "... and K more problems": enough to fix a
// file in one go, short enough that a file of 200k bad keys does not flood the terminal.
inline constexpr std::size_t kMaxListedProblems = 50;

// One "ORIGIN: problem" line per problem (at most kMaxListedProblems), then
// "ORIGIN: ... and K more problems" when some were left out.
std::string problemListMessage(const std::string& origin, const std::vector<std::string>& problems);

}  // namespace spare
