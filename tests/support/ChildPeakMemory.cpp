#include "tests/support/ChildPeakMemory.h"

#include <fstream>
#include <sstream>
#include <string>

#include <malloc.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

namespace spare {

namespace {

// VmPeak of this process in bytes (0 when unreadable).
std::uint64_t addressSpacePeakBytes()
{
    std::ifstream status("/proc/self/status");
    std::string line;
    while (std::getline(status, line))
        if (line.rfind("VmPeak:", 0) == 0) {
            std::istringstream fields(line.substr(7));
            std::uint64_t kilobytes = 0;
            fields >> kilobytes;
            return kilobytes * 1024;
        }
    return 0;
}

}  // namespace

ChildPeakMemory childPeakMemory(const std::function<void()>& work)
{
    int channel[2];
    if (pipe(channel) != 0)
        return {};
    const pid_t pid = fork();
    if (pid < 0) {
        close(channel[0]);
        close(channel[1]);
        return {};
    }
    if (pid == 0) {
        // Fresh-process allocator behaviour: large blocks mapped on their own, no free heap pages
        // inherited from the caller left resident for the work to reuse unseen. Then the peak starts
        // from here (a child inherits its parent's resident size as its peak).
        close(channel[0]);
        mallopt(M_MMAP_THRESHOLD, 128 * 1024);
        malloc_trim(0);
        std::ofstream("/proc/self/clear_refs") << "5";
        work();
        const std::uint64_t addressSpace = addressSpacePeakBytes();
        const bool sent = write(channel[1], &addressSpace, sizeof addressSpace) == sizeof addressSpace;
        _exit(sent ? 0 : 1);
    }
    close(channel[1]);
    ChildPeakMemory peak;
    if (read(channel[0], &peak.addressSpaceBytes, sizeof peak.addressSpaceBytes) != sizeof peak.addressSpaceBytes)
        peak.addressSpaceBytes = 0;
    close(channel[0]);
    // The kernel's own account of the child's resident peak, exact once it has exited (a live
    // process's VmHWM can lag by the per-CPU counter batches).
    int status = 0;
    rusage usage{};
    if (wait4(pid, &status, 0, &usage) != pid || !WIFEXITED(status) || WEXITSTATUS(status) != 0)
        return {};
    peak.residentBytes = static_cast<std::uint64_t>(usage.ru_maxrss) * 1024;
    return peak;
}

}  // namespace spare
