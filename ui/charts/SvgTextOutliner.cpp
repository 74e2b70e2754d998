#include "ui/charts/SvgTextOutliner.h"

#include <QFont>
#include <QPainterPath>
#include <QTransform>
#include <QXmlStreamReader>
#include <QXmlStreamWriter>

namespace spare {
namespace {

constexpr int kOutlinePixelSize = 200;  // outlines are made at this size and scaled: whole-pixel sizes only

QString coordinate(double value)
{
    return QString::number(value, 'f', 2);
}

QString pathData(const QPainterPath& path)
{
    QString d;
    for (int i = 0; i < path.elementCount(); ++i) {
        const QPainterPath::Element e = path.elementAt(i);
        if (e.isMoveTo()) {
            d += QLatin1Char('M');
        } else if (e.isLineTo()) {
            d += QLatin1Char('L');
        } else if (e.isCurveTo() && i + 2 < path.elementCount()) {
            const QPainterPath::Element c1 = path.elementAt(i + 1);
            const QPainterPath::Element c2 = path.elementAt(i + 2);
            d += QLatin1Char('C') + coordinate(e.x) + QLatin1Char(' ') + coordinate(e.y) + QLatin1Char(' ')
                 + coordinate(c1.x) + QLatin1Char(' ') + coordinate(c1.y) + QLatin1Char(' ') + coordinate(c2.x)
                 + QLatin1Char(' ') + coordinate(c2.y);
            i += 2;
            continue;
        } else {
            continue;
        }
        d += coordinate(e.x) + QLatin1Char(' ') + coordinate(e.y);
    }
    return d;
}

QPainterPath glyphOutlines(const QXmlStreamAttributes& attributes, const QString& text)
{
    QFont font(attributes.value(QLatin1String("font-family")).toString());
    font.setPixelSize(kOutlinePixelSize);
    font.setWeight(static_cast<QFont::Weight>(attributes.value(QLatin1String("font-weight")).toInt()));
    font.setItalic(attributes.value(QLatin1String("font-style")) == QLatin1String("italic"));
    QPainterPath path;
    path.addText(QPointF(0, 0), font, text);
    const double scale = attributes.value(QLatin1String("font-size")).toDouble() / kOutlinePixelSize;
    const QPointF at(attributes.value(QLatin1String("x")).toDouble(), attributes.value(QLatin1String("y")).toDouble());
    return QTransform::fromTranslate(at.x(), at.y()).scale(scale, scale).map(path);
}

}  // namespace

QByteArray SvgTextOutliner::outline(const QByteArray& svg)
{
    QByteArray result;
    QXmlStreamReader reader(svg);
    reader.setNamespaceProcessing(false);  // written back with the names and xmlns attributes as they were
    QXmlStreamWriter writer(&result);
    while (!reader.atEnd()) {
        reader.readNext();
        if (reader.hasError())
            return {};
        if (reader.isStartElement() && reader.name() == QLatin1String("text")) {
            const QXmlStreamAttributes attributes = reader.attributes();
            const QString text = reader.readElementText(QXmlStreamReader::IncludeChildElements);
            writer.writeStartElement(QStringLiteral("path"));
            for (const char* copied : {"fill", "fill-opacity"})
                if (attributes.hasAttribute(QLatin1String(copied)))
                    writer.writeAttribute(QLatin1String(copied), attributes.value(QLatin1String(copied)).toString());
            writer.writeAttribute(QStringLiteral("stroke"), QStringLiteral("none"));
            writer.writeAttribute(QStringLiteral("d"), pathData(glyphOutlines(attributes, text)));
            writer.writeEndElement();
            continue;
        }
        writer.writeCurrentToken(reader);
    }
    return reader.hasError() ? QByteArray() : result;
}

}  // namespace spare
