#pragma once

namespace spare {

// Where --run-until stops playback.
struct RunUntil {
    enum class Kind { None, Failures, Time, End };
    Kind kind = Kind::None;
    double value = 0.0;  // failures count or simulated seconds
};

}  // namespace spare
