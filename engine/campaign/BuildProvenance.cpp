#include "engine/campaign/BuildProvenance.h"

#include <fmt/core.h>

#ifndef SPARE_VERSION
#define SPARE_VERSION "unknown"
#endif
#ifndef SPARE_GIT_REVISION
#define SPARE_GIT_REVISION ""
#endif

namespace spare {

const char* buildVersion() { return SPARE_VERSION; }

const char* buildGitRevision() { return SPARE_GIT_REVISION; }

std::string buildDescription()
{
    const std::string revision = buildGitRevision();
    return revision.empty() ? std::string(buildVersion()) : fmt::format("{} (git {})", buildVersion(), revision);
}

}  // namespace spare
