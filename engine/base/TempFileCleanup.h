#pragma once

#include <string>

namespace spare {

// The hidden temp files that are being written right now, removed when SIGINT or SIGTERM ends the
// process (the signal's default action then runs as before). The handler is installed with the first
// file and only where the signal still has its default action.
class TempFileCleanup {
public:
    struct TempFile {
        int fd = -1;       // open for writing; -1 on failure, with errno set
        std::string path;
        int ticket = -1;   // for release(); -1 when the path could not be registered (too long, or
                           // too many live temp files): then it is simply not removed on a signal
    };

    // Creates a new file `prefix` + "<pid>-<counter>". Its name is registered before the file is
    // created, so a signal at any moment after creation removes it.
    static TempFile create(const std::string& prefix);
    static void release(int ticket);
};

}  // namespace spare
