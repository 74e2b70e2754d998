#pragma once

#include <functional>
#include <optional>
#include <string>

namespace spare {

// Which shard a process runs: index in 0 .. count-1.
struct ShardSelection {
    int index = 0;
    int count = 1;
    std::string source;  // where it came from: "--shard", "SLURM_ARRAY_TASK_ID", ...

    // "I/K" (0 <= I < K <= maxCount), or "auto": Slurm array (SLURM_ARRAY_TASK_ID - SLURM_ARRAY_TASK_MIN of
    // SLURM_ARRAY_TASK_COUNT), a Kubernetes indexed job (JOB_COMPLETION_INDEX of `countFlag`), an MPI launcher
    // (OMPI_COMM_WORLD_RANK/_SIZE, then PMI_RANK/PMI_SIZE). `env` reads a variable (nullopt when unset).
    // Throws InputError naming --shard, the value and what is allowed.
    static ShardSelection parse(const std::string& text, int countFlag,
                                const std::function<std::optional<std::string>(const char*)>& env);
    static constexpr int maxCount = 1'000'000;
};

}  // namespace spare
