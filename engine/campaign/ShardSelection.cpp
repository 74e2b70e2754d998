#include "engine/campaign/ShardSelection.h"

#include "engine/base/InputError.h"
#include "engine/base/WholeNumber.h"

#include <fmt/core.h>

namespace spare {

namespace {

std::optional<int> parseInt(std::string_view text) { return parseWholeNumber<int>(text); }

ShardSelection checked(std::optional<int> index, std::optional<int> count, std::string source,
                       const std::string& shown)
{
    if (!index || !count || *count < 1 || *count > ShardSelection::maxCount || *index < 0 || *index >= *count)
        throw InputError(fmt::format("--shard {} (from {}): not a shard; allowed: I/K with 0 <= I < K <= {}", shown,
                                     source, ShardSelection::maxCount));
    return {*index, *count, std::move(source)};
}

}  // namespace

ShardSelection ShardSelection::parse(const std::string& text, int countFlag,
                                     const std::function<std::optional<std::string>(const char*)>& env)
{
    if (text != "auto") {
        const auto slash = text.find('/');
        if (slash == std::string::npos)
            throw InputError(fmt::format("--shard {}: expected I/K (e.g. 0/4) or auto", text));
        return checked(parseInt(std::string_view(text).substr(0, slash)),
                       parseInt(std::string_view(text).substr(slash + 1)), "--shard", text);
    }
    const auto show = [](const std::optional<std::string>& a, const std::optional<std::string>& b) {
        return fmt::format("{}/{}", a.value_or("?"), b.value_or("?"));
    };
    if (const auto id = env("SLURM_ARRAY_TASK_ID")) {
        const auto count = env("SLURM_ARRAY_TASK_COUNT");
        const auto min = parseInt(env("SLURM_ARRAY_TASK_MIN").value_or("0"));
        const auto index = parseInt(*id);
        return checked(index && min ? std::optional<int>(*index - *min) : std::nullopt,
                       count ? parseInt(*count) : std::nullopt, "SLURM_ARRAY_TASK_ID/SLURM_ARRAY_TASK_COUNT",
                       show(id, count));
    }
    if (const auto id = env("JOB_COMPLETION_INDEX")) {
        if (countFlag <= 0)
            throw InputError("--shard auto: JOB_COMPLETION_INDEX is set; give the job's completions as --shard-count K");
        return checked(parseInt(*id), countFlag, "JOB_COMPLETION_INDEX/--shard-count",
                       show(id, std::to_string(countFlag)));
    }
    for (const auto& [rankName, sizeName] : {std::pair{"OMPI_COMM_WORLD_RANK", "OMPI_COMM_WORLD_SIZE"},
                                            std::pair{"PMI_RANK", "PMI_SIZE"}}) {
        if (const auto rank = env(rankName)) {
            const auto size = env(sizeName);
            return checked(parseInt(*rank), size ? parseInt(*size) : std::nullopt,
                           fmt::format("{}/{}", rankName, sizeName), show(rank, size));
        }
    }
    throw InputError("--shard auto: none of SLURM_ARRAY_TASK_ID, JOB_COMPLETION_INDEX, OMPI_COMM_WORLD_RANK, "
                     "PMI_RANK is set; give --shard I/K");
}

}  // namespace spare
