#pragma once

#include <chrono>
#include <mutex>
#include <string>
#include <string_view>

namespace spare {

// A shard's result file, opened for appending. Each append() is one write() of one complete line, so a
// killed process leaves whole lines plus at most one unterminated tail; opening drops such a tail (its run
// simply runs again). The kernel keeps written lines when the process dies; fdatasync at most once per
// kSyncInterval (and on close) bounds what a machine crash can lose without a disk flush per run.
// Thread-safe.
class CampaignShardFile {
public:
    explicit CampaignShardFile(std::string path);  // throws std::runtime_error naming the path
    ~CampaignShardFile();
    CampaignShardFile(const CampaignShardFile&) = delete;
    CampaignShardFile& operator=(const CampaignShardFile&) = delete;

    void append(std::string_view line);  // `line` ends with '\n'; throws std::runtime_error on I/O errors

    static constexpr std::chrono::milliseconds kSyncInterval{1000};

private:
    std::string path_;
    int fd_ = -1;
    std::mutex mutex_;
    std::chrono::steady_clock::time_point lastSync_{};
};

}  // namespace spare
