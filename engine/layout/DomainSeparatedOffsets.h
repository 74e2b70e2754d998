#pragma once

#include "engine/topology/DomainLevel.h"

#include <string>
#include <vector>

namespace spare {

class ClusterPlacement;

// The golomb-domain layout's construction: a cyclic layout on the groups listed in domain order
// (position i holds types (i + o_j) mod N, and order[i] is the group at position i). When every
// domain's groups fit in `gap` consecutive positions and any two offsets are at least `gap` apart
// (cyclically), no domain has two holders of one type.
struct DomainSeparatedOffsets {
    std::vector<int> order;
    std::vector<int> offsets;
    int gap = 1;             // positions spanned by the widest domain
    bool separated = false;  // the offsets keep every type's holders in distinct domains
    std::string note;        // how the offsets were found, or why separation is out of reach
};

// Offsets that separate at `level` and form a Sidon set modulo N (pairwise overlap <= 1) when such can be
// found: the optimal ruler scaled by the gap, else a unit multiple of golomb's Sidon set, else a bounded
// search, else evenly spread offsets (separated, not independent). Without separation (fewer domains than r, or a domain too large)
// golomb's offsets, with the reason in the note.
DomainSeparatedOffsets domainSeparatedOffsets(const ClusterPlacement& placement, DomainLevel level, int redundancy);

}  // namespace spare
