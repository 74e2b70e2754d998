#pragma once

#include <string>

namespace spare {

// The hidden temp files that are being written right now, removed when SIGINT or SIGTERM ends the
// process (the signal's default action then runs as before). The handler is installed with the first
// registration and only where the signal still has its default action.
class TempFileCleanup {
public:
    // Returns a ticket for release(), or -1 when the path could not be registered (too long, or too
    // many live temp files): then the file is simply not cleaned up on a signal.
    static int track(const std::string& path);
    static void release(int ticket);
};

}  // namespace spare
