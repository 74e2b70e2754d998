#pragma once

#include "io/InputError.h"

namespace spare {

// An invalid scenario file or document: one issue per problem found (every problem, not just the
// first), each with its origin and key path; what() has one "origin: key.path: problem" line each.
class ScenarioError : public InputError {
public:
    using InputError::InputError;
};

}  // namespace spare
