// Animation exports: MP4 and GIF written through FFmpeg, decoded back with the same libraries
// (libavformat + libavcodec, independent of the encoder's code) and checked for the frame count
// round(fps * (to - from) / speed), the frame size, and the stack view's slide of a reorder in the frames.
#include "ui/MainWindow.h"
#include "ui/export/AnimationExportDialog.h"
#include "ui/export/AnimationExporter.h"
#include "ui/export/AnimationFrameSource.h"
#include "ui/export/AnimationRequest.h"
#include "ui/playback/PlaybackClock.h"
#include "ui/playback/PlaybackCursor.h"
#include "ui/playback/RunSetup.h"
#include "ui/playback/SimulationWorker.h"
#include "ui/views/ClusterPalette.h"

#include <QDoubleSpinBox>
#include <QFileInfo>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

extern "C" {
#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <libswscale/swscale.h>
}

#include <cmath>
#include <cstdlib>

using namespace spare;

namespace {

// Every frame of a video file as RGB32 images, decoded with libavformat / libavcodec.
std::vector<QImage> decodeFrames(const QString& path)
{
    std::vector<QImage> images;
    AVFormatContext* format = nullptr;
    if (avformat_open_input(&format, QFile::encodeName(path).constData(), nullptr, nullptr) < 0)
        return images;
    const AVCodec* codec = nullptr;
    const int stream = avformat_find_stream_info(format, nullptr) >= 0
        ? av_find_best_stream(format, AVMEDIA_TYPE_VIDEO, -1, -1, &codec, 0)
        : -1;
    AVCodecContext* decoder = stream >= 0 ? avcodec_alloc_context3(codec) : nullptr;
    if (!decoder || avcodec_parameters_to_context(decoder, format->streams[stream]->codecpar) < 0
        || avcodec_open2(decoder, codec, nullptr) < 0) {
        avcodec_free_context(&decoder);
        avformat_close_input(&format);
        return images;
    }
    AVPacket* packet = av_packet_alloc();
    AVFrame* frame = av_frame_alloc();
    SwsContext* scaler = nullptr;
    const auto drain = [&] {
        while (avcodec_receive_frame(decoder, frame) == 0) {
            QImage image(frame->width, frame->height, QImage::Format_RGB32);
            scaler = sws_getCachedContext(scaler, frame->width, frame->height, static_cast<AVPixelFormat>(frame->format),
                                          frame->width, frame->height, AV_PIX_FMT_RGB32, SWS_BILINEAR, nullptr, nullptr, nullptr);
            uint8_t* target[] = {image.bits()};
            const int stride[] = {static_cast<int>(image.bytesPerLine())};
            sws_scale(scaler, frame->data, frame->linesize, 0, frame->height, target, stride);
            images.push_back(image);
        }
    };
    while (av_read_frame(format, packet) >= 0) {
        if (packet->stream_index == stream && avcodec_send_packet(decoder, packet) >= 0)
            drain();
        av_packet_unref(packet);
    }
    avcodec_send_packet(decoder, nullptr);
    drain();
    sws_freeContext(scaler);
    av_frame_free(&frame);
    av_packet_free(&packet);
    avcodec_free_context(&decoder);
    avformat_close_input(&format);
    return images;
}

// Mean absolute difference of the colour channels inside `area` (0 .. 255).
double meanDifference(const QImage& a, const QImage& b, const QRect& area)
{
    double sum = 0.0;
    for (int y = area.top(); y <= area.bottom(); ++y)
        for (int x = area.left(); x <= area.right(); ++x) {
            const QRgb p = a.pixel(x, y);
            const QRgb q = b.pixel(x, y);
            sum += std::abs(qRed(p) - qRed(q)) + std::abs(qGreen(p) - qGreen(q)) + std::abs(qBlue(p) - qBlue(q));
        }
    return sum / (3.0 * area.width() * area.height());
}

}  // namespace

class TestAnimationExport : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void requestFrames();
    void requestProblems_data();
    void requestProblems();
    void exportShowsTheReorderSlide_data();
    void exportShowsTheReorderSlide();
    void frameStripShowsTheSlide();
    void framesShowThePickedStackRange();
    void cancelLeavesNoFile();
    void dialogExportsInTheBackground();

private:
    AnimationRequest reorderRequest(const QString& path) const;

    QTemporaryDir dir_;
    PlaybackCursor cursor_;
    SimulationWorker worker_;
    double reorderTime_ = -1.0;
};

void TestAnimationExport::initTestCase()
{
    QVERIFY(dir_.isValid());
    const RunSetup setup = RunSetup::load(QStringLiteral(SPARE_SOURCE_DIR "/scenarios/teaching-12.json"));
    QVERIFY(setup.ok());
    cursor_.reset(setup.scenario, setup.run->layout);
    connect(&worker_, &SimulationWorker::chunkReady, &cursor_, &PlaybackCursor::append);
    worker_.start(*setup.run);
    QTRY_VERIFY_WITH_TIMEOUT(cursor_.recording().complete(), 60000);
    // The first reorder that moves cells: the stack view slides them for 500 ms.
    const auto index = cursor_.recording().findNext(0, [](const Event& e) {
        return e.kind == EventKind::Decision && e.decision && !e.decision->wipeout && !e.decision->stackMoves.empty();
    });
    QVERIFY(index.has_value());
    reorderTime_ = cursor_.recording().event(*index).time;
}

// 15 simulated seconds at 10x and 20 fps: 30 frames, one every 0.5 simulated seconds. The reorder
// falls 0.1 s after frame 9's time, so frame 10 is the first after it and its slide runs over
// frames 10 .. 20 (500 ms at 20 fps).
AnimationRequest TestAnimationExport::reorderRequest(const QString& path) const
{
    AnimationRequest r;
    r.path = path;
    r.format = *AnimationRequest::formatForPath(path);
    r.fromS = reorderTime_ - 4.6;
    r.toS = r.fromS + 15.0;
    r.size = QSize(480, 360);
    r.fps = 20;
    r.speed = 10.0;
    return r;
}

void TestAnimationExport::requestFrames()
{
    AnimationRequest r;
    r.path = QStringLiteral("a.mp4");
    r.fromS = 100.0;
    r.toS = 160.0;
    r.fps = 25;
    r.speed = 20.0;
    QCOMPARE(r.frameCount(), 75);  // 25 * 60 / 20
    QCOMPARE(r.frameTime(0), 100.0);
    QCOMPARE(r.frameTime(74), 100.0 + 74 * 20.0 / 25.0);
    QCOMPARE(r.frameAnimationMs(25), qint64(1000));
    QVERIFY(r.problem().isEmpty());
}

void TestAnimationExport::requestProblems_data()
{
    QTest::addColumn<QStringList>("values");  // path, from, to, size, fps, speed
    QTest::addColumn<QString>("message");
    const auto row = [](const char* name, QStringList values, const char* message) {
        QTest::newRow(name) << values << QString::fromLatin1(message);
    };
    row("extension", {QStringLiteral("a.avi"), QStringLiteral("0"), QStringLiteral("10"), {}, {}, {}},
        "--export-animation 'a.avi': allowed a file name ending in .mp4, .gif or .png (a strip of the frames)");
    row("negative from", {QStringLiteral("a.gif"), QStringLiteral("-1"), QStringLiteral("10"), {}, {}, {}},
        "--from '-1': allowed simulated seconds >= 0");
    row("to before from", {QStringLiteral("a.gif"), QStringLiteral("10"), QStringLiteral("10"), {}, {}, {}},
        "--to '10': allowed simulated seconds above --from (10)");
    row("odd size", {QStringLiteral("a.mp4"), QStringLiteral("0"), QStringLiteral("10"), QStringLiteral("641x360"), {}, {}},
        "--size '641x360': allowed WxH with W 160 .. 3840 and H 120 .. 2160, both even");
    row("fps", {QStringLiteral("a.mp4"), QStringLiteral("0"), QStringLiteral("10"), {}, QStringLiteral("61"), {}},
        "--fps '61': allowed an integer 1 .. 60");
    row("speed", {QStringLiteral("a.mp4"), QStringLiteral("0"), QStringLiteral("10"), {}, {}, QStringLiteral("0.5")},
        "--speed '0.5': allowed 1 .. 1000000 (simulated seconds per second of video)");
    row("strip frames", {QStringLiteral("a.png"), QStringLiteral("0"), QStringLiteral("10"), {}, QStringLiteral("5"), QStringLiteral("1")},
        "make 50 frames: allowed 1 .. 24");
    row("no frame", {QStringLiteral("a.mp4"), QStringLiteral("0"), QStringLiteral("10"), {}, {}, QStringLiteral("1000")},
        "make 0 frames: allowed 1 .. 36000");
}

void TestAnimationExport::requestProblems()
{
    QFETCH(QStringList, values);
    QFETCH(QString, message);
    QString error;
    QVERIFY(!AnimationRequest::parse(values[0], values[1], values[2], values[3], values[4], values[5], &error));
    QVERIFY2(error.contains(message), qPrintable(error));
}

void TestAnimationExport::exportShowsTheReorderSlide_data()
{
    QTest::addColumn<QString>("name");
    QTest::newRow("mp4") << QStringLiteral("reorder.mp4");
    QTest::newRow("gif") << QStringLiteral("reorder.gif");
}

void TestAnimationExport::exportShowsTheReorderSlide()
{
    QFETCH(QString, name);
    const AnimationRequest request = reorderRequest(dir_.filePath(name));
    AnimationExporter exporter(&cursor_, request);
    QSignalSpy finished(&exporter, &AnimationExporter::finished);
    exporter.start();
    QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, 60000);
    QVERIFY2(finished.front().at(0).toBool(), qPrintable(finished.front().at(1).toString()));

    const std::vector<QImage> frames = decodeFrames(request.path);
    QCOMPARE(static_cast<int>(frames.size()), 30);  // round(20 fps * 15 s / 10x)
    for (const QImage& frame : frames)
        QCOMPARE(frame.size(), QSize(480, 360));

    // Frame 9: before the reorder; 15: half-way through the slide; 22: after it. The half-way frame
    // matches neither end: the moved cells are between their two positions.
    const QRect stack = AnimationFrameSource(cursor_, request.size).stackViewRect();
    const double toBefore = meanDifference(frames[15], frames[9], stack);
    const double toAfter = meanDifference(frames[15], frames[22], stack);
    const double settled = meanDifference(frames[22], frames[23], stack);
    QVERIFY2(toBefore > 4 * settled + 0.2 && toAfter > 4 * settled + 0.2,
             qPrintable(QStringLiteral("half-way vs before %1, vs after %2, two settled frames %3").arg(toBefore).arg(toAfter).arg(settled)));
}

// A .png export: the frames in one image, 4 to a row for 14 frames, each under its label. 0.1
// simulated seconds and 50 ms of animation apart from just before the reorder: tile 0 is before it,
// tile 7 half-way through the slide, tiles 12 and 13 after it.
void TestAnimationExport::frameStripShowsTheSlide()
{
    AnimationRequest request = reorderRequest(dir_.filePath(QStringLiteral("reorder-strip.png")));
    QCOMPARE(request.format, AnimationRequest::Format::FrameStrip);
    request.fromS = reorderTime_ - 0.15;
    request.toS = request.fromS + 1.4;
    request.fps = 20;
    request.speed = 2.0;
    QCOMPARE(request.frameCount(), 14);
    AnimationExporter exporter(&cursor_, request);
    QSignalSpy finished(&exporter, &AnimationExporter::finished);
    exporter.start();
    QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, 60000);
    QVERIFY2(finished.front().at(0).toBool(), qPrintable(finished.front().at(1).toString()));
    QVERIFY2(finished.front().at(1).toString().contains(QStringLiteral("14 frames")), qPrintable(finished.front().at(1).toString()));

    const QImage strip(request.path);
    constexpr int kGap = 8;
    QCOMPARE(strip.width(), 4 * 480 + 5 * kGap);
    QCOMPARE((strip.height() - 5 * kGap) % 4, 0);
    const int tileHeight = (strip.height() - 5 * kGap) / 4;
    const int label = tileHeight - 360;
    QVERIFY(label > 10);
    const auto tile = [&](int i) {
        return strip.copy(kGap + (i % 4) * (480 + kGap), kGap + (i / 4) * (tileHeight + kGap) + label, 480, 360);
    };
    const QRect stack = AnimationFrameSource(cursor_, request.size).stackViewRect();
    const double toBefore = meanDifference(tile(7), tile(0), stack);
    const double toAfter = meanDifference(tile(7), tile(13), stack);
    const double settled = meanDifference(tile(12), tile(13), stack);
    QVERIFY2(toBefore > 4 * settled + 0.2 && toAfter > 4 * settled + 0.2,
             qPrintable(QStringLiteral("half-way vs before %1, vs after %2, two settled tiles %3").arg(toBefore).arg(toAfter).arg(settled)));
    // The last row holds the two frames left over; the rest of it is background.
    QCOMPARE(QColor(strip.pixel(strip.width() - kGap - 10, strip.height() - kGap - 10)), QColor(Qt::white));
}

// A range picked in the window goes into the export: the frames' cluster view brackets only those
// groups (the magenta bar is shorter than the whole-cluster one) and the stack view shows other columns.
void TestAnimationExport::framesShowThePickedStackRange()
{
    const QSize size(480, 360);
    AnimationFrameSource following(cursor_, size);
    following.seek(reorderTime_ - 5.0);
    const QImage all = following.frame(reorderTime_ - 5.0, 0);
    AnimationFrameSource picked(cursor_, size);
    picked.seek(reorderTime_ - 5.0);
    picked.pickStackRange(6, 8);
    const QImage some = picked.frame(reorderTime_ - 5.0, 0);
    const auto markedRows = [&](const QImage& frame) {  // rows of the cluster view with the mark's colour
        int n = 0;
        for (int y = 0; y < picked.stackViewRect().top(); ++y) {
            const auto* line = reinterpret_cast<const QRgb*>(frame.constScanLine(y));
            n += std::any_of(line, line + frame.width(), [](QRgb p) {
                return (p & 0xffffff) == (ClusterPalette::stackRange() & 0xffffff);
            }) ? 1 : 0;
        }
        return n;
    };
    // Following shows all 12 groups: only the legend's swatch has the mark's colour.
    QVERIFY2(markedRows(some) > markedRows(all) + 10, qPrintable(QStringLiteral("%1 vs %2").arg(markedRows(some)).arg(markedRows(all))));
    QVERIFY(meanDifference(some, all, picked.stackViewRect()) > 5.0);
}

void TestAnimationExport::cancelLeavesNoFile()
{
    const AnimationRequest request = reorderRequest(dir_.filePath(QStringLiteral("cancelled.mp4")));
    AnimationExporter exporter(&cursor_, request);
    QSignalSpy finished(&exporter, &AnimationExporter::finished);
    exporter.start();
    QVERIFY(exporter.running());
    exporter.cancel();
    QCOMPARE(finished.size(), 1);
    QVERIFY(!finished.front().at(0).toBool());
    QTest::qWait(200);
    QCOMPARE(finished.size(), 1);
    QVERIFY(!QFileInfo::exists(request.path));
}

void TestAnimationExport::dialogExportsInTheBackground()
{
    MainWindow window;
    QTRY_VERIFY_WITH_TIMEOUT(window.cursor()->recording().endTime() > 300.0, 60000);
    AnimationExportDialog dialog(&window, window.cursor(), window.clock(), window.viewState());
    const QString path = dir_.filePath(QStringLiteral("dialog.gif"));
    dialog.findChild<QLineEdit*>(QStringLiteral("animationPath"))->setText(path);
    dialog.findChild<QDoubleSpinBox*>(QStringLiteral("animationFrom"))->setValue(0.0);
    dialog.findChild<QDoubleSpinBox*>(QStringLiteral("animationTo"))->setValue(300.0);
    dialog.findChild<QDoubleSpinBox*>(QStringLiteral("animationSpeed"))->setValue(100.0);  // 3 s of video
    dialog.startExport();
    QVERIFY(dialog.exporter());
    QVERIFY(dialog.exporter()->running());
    // The event loop keeps turning while it exports: the window's clock goes on.
    const double clockBefore = window.clock()->time();
    QTRY_VERIFY_WITH_TIMEOUT(!dialog.exporter(), 60000);
    QVERIFY(window.clock()->time() > clockBefore || window.cursor()->atEnd());
    QCOMPARE(static_cast<int>(decodeFrames(path).size()), 90);  // round(30 fps * 300 s / 100x)
}

QTEST_MAIN(TestAnimationExport)
#include "test_animation_export.moc"
