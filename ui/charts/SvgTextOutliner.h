#pragma once

#include <QByteArray>

namespace spare {

// Replaces every <text> element of an SVG written by QSvgGenerator with a <path> of its glyph outlines,
// in the font Qt laid the chart out with. Browsers, Inkscape and rsvg then draw the same shapes at the
// same places: no font substitution moves a centred title or widens a legend.
class SvgTextOutliner {
public:
    // The SVG with text outlined, or an empty array when `svg` is not well-formed XML.
    static QByteArray outline(const QByteArray& svg);
};

}  // namespace spare
