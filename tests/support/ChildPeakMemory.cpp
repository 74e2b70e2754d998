#include "ChildPeakMemory.h"

#include <fstream>

#include <malloc.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

namespace spare {

std::uint64_t childPeakMemoryBytes(const std::function<void()>& work)
{
    const pid_t pid = fork();
    if (pid < 0)
        return 0;
    if (pid == 0) {
        // Fresh-process allocator behaviour: large blocks mapped on their own, no free heap pages
        // inherited from the caller left resident for the work to reuse unseen. Then the peak starts
        // from here (a child inherits its parent's resident size as its peak).
        mallopt(M_MMAP_THRESHOLD, 128 * 1024);
        malloc_trim(0);
        std::ofstream("/proc/self/clear_refs") << "5";
        work();
        _exit(0);
    }
    // The kernel's own account of the child's peak, exact once it has exited (a live process's
    // VmHWM can lag by the per-CPU counter batches).
    int status = 0;
    rusage usage{};
    if (wait4(pid, &status, 0, &usage) != pid || !WIFEXITED(status) || WEXITSTATUS(status) != 0)
        return 0;
    return static_cast<std::uint64_t>(usage.ru_maxrss) * 1024;
}

}  // namespace spare
