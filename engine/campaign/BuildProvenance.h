#pragma once

#include <string>

namespace spare {

// "0.1.0": the project version the binaries were built from.
const char* buildVersion();
// The git revision the build was configured at ("" when unknown, e.g. built from a tarball).
const char* buildGitRevision();
// "0.1.0 (git abc123)" or "0.1.0".
std::string buildDescription();

}  // namespace spare
