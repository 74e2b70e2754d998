#pragma once

#include "engine/base/InputError.h"

namespace spare {

// An invalid campaign file or a results folder that does not belong to the campaign. The message holds
// one "origin: key.path: problem" line per problem found.
class CampaignError : public InputError {
public:
    using InputError::InputError;
};

}  // namespace spare
