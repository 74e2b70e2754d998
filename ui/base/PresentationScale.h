#pragma once

namespace spare {

// The one factor presentation mode (F11) scales everything by: the application font (so every text,
// menu, tour card, row label and legend), the cell numbers and legend swatches that follow the font,
// and the charts' fonts and line widths.
inline constexpr double kPresentationScale = 1.5;

}  // namespace spare
