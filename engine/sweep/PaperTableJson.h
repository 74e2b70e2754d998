#pragma once

#include "engine/sweep/PaperTable.h"

#include <nlohmann/json_fwd.hpp>

namespace spare {

// What `spare-cli paper-table --json` prints: per N, the paper's numbers, ours (best r, r at the
// paper's r*, CKPT-only, gain) and every sweep row.
nlohmann::json paperTableToJson(const PaperTable& table);

}  // namespace spare
