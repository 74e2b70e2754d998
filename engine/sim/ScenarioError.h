#pragma once

#include "io/InputError.h"

namespace spare {

// An invalid scenario file or document. The message holds one "origin: key.path: problem" line
// per problem found (every problem, not just the first).
class ScenarioError : public InputError {
public:
    using InputError::InputError;
};

}  // namespace spare
