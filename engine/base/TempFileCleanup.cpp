#include "engine/base/TempFileCleanup.h"

#include <array>
#include <atomic>
#include <csignal>
#include <cerrno>
#include <cstring>
#include <mutex>

#include <fmt/core.h>

#include <fcntl.h>
#include <unistd.h>

namespace spare {

namespace {

constexpr std::size_t kSlots = 64;
constexpr std::size_t kMaxPath = 4096;

enum SlotState : int { Free = 0, Filling = 1, Live = 2 };

// Plain static storage: the signal handler may only read memory and call async-signal-safe functions.
struct Slot {
    std::atomic<int> state{Free};
    char path[kMaxPath];
};
std::array<Slot, kSlots> slots;

extern "C" void removeTempFilesAndReraise(int signal)
{
    for (Slot& slot : slots)
        if (slot.state.load() == Live)
            ::unlink(slot.path);
    // SA_RESETHAND restored the default action; it runs once this handler returns.
    ::raise(signal);
}

void installHandlers()
{
    for (const int signal : {SIGINT, SIGTERM}) {
        struct sigaction current {};
        if (::sigaction(signal, nullptr, &current) != 0 || current.sa_handler != SIG_DFL)
            continue;  // ignored, or handled by someone else: leave it alone
        struct sigaction action {};
        action.sa_handler = &removeTempFilesAndReraise;
        sigemptyset(&action.sa_mask);
        action.sa_flags = SA_RESETHAND;
        ::sigaction(signal, &action, nullptr);
    }
}

int track(const std::string& path)
{
    if (path.size() >= kMaxPath)
        return -1;
    for (std::size_t i = 0; i < kSlots; ++i) {
        int expected = Free;
        if (!slots[i].state.compare_exchange_strong(expected, Filling))
            continue;
        std::memcpy(slots[i].path, path.c_str(), path.size() + 1);
        slots[i].state.store(Live);
        return static_cast<int>(i);
    }
    return -1;
}

}  // namespace

TempFileCleanup::TempFile TempFileCleanup::create(const std::string& prefix)
{
    static std::once_flag installed;
    std::call_once(installed, installHandlers);
    static std::atomic<unsigned long> counter{0};
    // The pid makes the name ours alone: an existing file of that name can only be left over by a dead
    // process with the same pid, and a signal removing it while we try the next name loses nothing.
    for (int attempt = 0; attempt < 100; ++attempt) {
        TempFile file;
        file.path = fmt::format("{}{}-{}", prefix, ::getpid(), counter.fetch_add(1));
        file.ticket = track(file.path);
        file.fd = ::open(file.path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
        if (file.fd >= 0)
            return file;
        const int error = errno;
        release(file.ticket);
        if (error != EEXIST) {
            errno = error;
            return {};
        }
    }
    errno = EEXIST;
    return {};
}

void TempFileCleanup::release(int ticket)
{
    if (ticket >= 0 && static_cast<std::size_t>(ticket) < kSlots)
        slots[static_cast<std::size_t>(ticket)].state.store(Free);
}

}  // namespace spare
