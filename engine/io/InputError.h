#pragma once

#include <stdexcept>

namespace spare {

// Base of every "the user gave us something invalid" error (layouts, scenarios, failure traces,
// flags). Its message names the field, the value and the allowed range; the CLI maps it to exit 2.
class InputError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

}  // namespace spare
