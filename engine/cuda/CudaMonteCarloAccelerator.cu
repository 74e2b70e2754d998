#include "engine/analysis/DomainBursts.h"
#include "engine/analysis/FlatLayout.h"
#include "engine/analysis/MonteCarloAccelerator.h"
#include "engine/analysis/TrialKernel.h"

#include <cuda_runtime.h>

#include <algorithm>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

namespace spare {

namespace {

void check(cudaError_t status, const char* what)
{
    if (status != cudaSuccess)
        throw std::runtime_error(std::string("CUDA ") + what + ": " + cudaGetErrorString(status));
}

// Owns one device allocation.
template <typename T>
class DeviceArray {
public:
    explicit DeviceArray(std::size_t count) : count_(count)
    {
        if (count > 0)
            check(cudaMalloc(reinterpret_cast<void**>(&data_), count * sizeof(T)), "cudaMalloc");
    }
    DeviceArray(const DeviceArray&) = delete;
    DeviceArray& operator=(const DeviceArray&) = delete;
    ~DeviceArray() { cudaFree(data_); }

    T* data() const { return data_; }
    void upload(const T* host, std::size_t count)
    {
        if (count > 0)
            check(cudaMemcpy(data_, host, count * sizeof(T), cudaMemcpyHostToDevice), "cudaMemcpy to device");
    }
    void download(T* host, std::size_t count) const
    {
        if (count > 0)
            check(cudaMemcpy(host, data_, count * sizeof(T), cudaMemcpyDeviceToHost), "cudaMemcpy to host");
    }

private:
    T* data_ = nullptr;
    std::size_t count_ = 0;
};

// The layout's read-only arrays on the device.
class DeviceLayout {
public:
    explicit DeviceLayout(const FlatLayout& flat)
        : holders_(flat.holders().size()), stacks_(flat.stacks().size()), initialMatch_(flat.initialMatch().size())
    {
        holders_.upload(flat.holders().data(), flat.holders().size());
        stacks_.upload(flat.stacks().data(), flat.stacks().size());
        initialMatch_.upload(flat.initialMatch().data(), flat.initialMatch().size());
        arrays_.groups = flat.groups();
        arrays_.redundancy = flat.redundancy();
        arrays_.holders = holders_.data();
        arrays_.stacks = stacks_.data();
        arrays_.initialMatch = initialMatch_.data();
    }
    const LayoutArrays& arrays() const { return arrays_; }

private:
    DeviceArray<std::int32_t> holders_;
    DeviceArray<std::int32_t> stacks_;
    DeviceArray<std::int32_t> initialMatch_;
    LayoutArrays arrays_;
};

// The burst domains on the device; threshold 0 (no bursts) when constructed from null.
class DeviceBursts {
public:
    explicit DeviceBursts(const DomainBursts* bursts)
        : begin_(bursts ? bursts->domainBegin().size() : 0), groups_(bursts ? bursts->domainGroups().size() : 0)
    {
        if (bursts == nullptr)
            return;
        begin_.upload(bursts->domainBegin().data(), bursts->domainBegin().size());
        groups_.upload(bursts->domainGroups().data(), bursts->domainGroups().size());
        arrays_ = bursts->arrays();
        arrays_.domainBegin = begin_.data();
        arrays_.domainGroups = groups_.data();
    }
    const BurstArrays& arrays() const { return arrays_; }

private:
    DeviceArray<std::int32_t> begin_;
    DeviceArray<std::int32_t> groups_;
    BurstArrays arrays_;
};

// Workspaces of `slots` threads, each array interleaved by slot (stride = slots) for coalescing.
template <typename Index>
class DeviceWorkspaces {
public:
    DeviceWorkspaces(int groups, std::size_t slots)
        : indices_(static_cast<std::size_t>(groups) * slots * TrialWorkspace<Index>::kIndexArrays),
          stamps_(static_cast<std::size_t>(groups) * slots * TrialWorkspace<Index>::kStampArrays)
    {
        view_ = TrialWorkspace<Index>::carve(indices_.data(), stamps_.data(), static_cast<std::uint64_t>(groups), slots);
    }
    const TrialWorkspace<Index>& view() const { return view_; }

    static std::size_t bytesPerSlot(int groups, std::size_t extra)
    {
        return static_cast<std::size_t>(groups)
                   * (TrialWorkspace<Index>::kIndexArrays * sizeof(Index)
                      + TrialWorkspace<Index>::kStampArrays * sizeof(std::uint32_t))
               + extra;
    }

private:
    DeviceArray<Index> indices_;
    DeviceArray<std::uint32_t> stamps_;
    TrialWorkspace<Index> view_;
};

// No __launch_bounds__: with it nvcc 13 capped the trial kernel at 40 registers and spilled; without
// it uses 64 and spills nothing (nvcc -Xptxas -v, sm_90).
constexpr int kThreadsPerBlock = 128;
constexpr std::size_t kMaxSlots = std::size_t{1} << 21;

// Without bursts the burst path folds away and the kernel keeps its registers (sm_90: 62 and 64 for 16-
// and 32-bit workspaces, against 64 and 72 with the burst path; no spills either way).
template <typename Index, bool WithBursts>
__global__ void trialsKernel(LayoutArrays layout, BurstArrays bursts, TrialWorkspace<Index> workspaces,
                             std::uint64_t seed, std::uint64_t firstTrial, std::uint32_t count, bool wipeoutOnly,
                             TrialOutcome* outcomes)
{
    const std::uint32_t slot = blockIdx.x * blockDim.x + threadIdx.x;
    if (slot >= count)
        return;
    outcomes[slot] = TrialKernel<Index>::runTrial(layout, workspaces.forSlot(slot), seed, firstTrial + slot,
                                                  wipeoutOnly, WithBursts ? bursts : BurstArrays());
}

template <typename Index>
__global__ void whatIfKernel(LayoutArrays layout, TrialWorkspace<Index> workspaces, const std::int32_t* failed,
                             const std::int64_t* offsets, std::uint32_t count, int* capacities)
{
    const std::uint32_t slot = blockIdx.x * blockDim.x + threadIdx.x;
    if (slot >= count)
        return;
    const std::int64_t begin = offsets[slot];
    capacities[slot] = TrialKernel<Index>::whatIf(layout, workspaces.forSlot(slot), failed + begin,
                                                  static_cast<int>(offsets[slot + 1] - begin));
}

// As many slots as fit in half the free memory, at most kMaxSlots and `wanted`.
std::size_t slotsFor(std::size_t bytesPerSlot, std::size_t wanted)
{
    std::size_t freeBytes = 0;
    std::size_t totalBytes = 0;
    check(cudaMemGetInfo(&freeBytes, &totalBytes), "cudaMemGetInfo");
    const std::size_t fit = std::max<std::size_t>(1, freeBytes / 2 / bytesPerSlot);
    return std::min({wanted, fit, kMaxSlots});
}

unsigned blocksFor(std::size_t threads)
{
    return static_cast<unsigned>((threads + kThreadsPerBlock - 1) / kThreadsPerBlock);
}

template <typename Index>
void runTrialsOnDevice(const FlatLayout& flat, const DomainBursts* bursts, std::uint64_t seed,
                       std::uint64_t firstTrial, std::size_t count, bool wipeoutOnly, TrialOutcome* outcomes)
{
    const DeviceLayout layout(flat);
    const DeviceBursts deviceBursts(bursts);
    const std::size_t slots = slotsFor(DeviceWorkspaces<Index>::bytesPerSlot(flat.groups(), sizeof(TrialOutcome)),
                                       count);
    DeviceWorkspaces<Index> workspaces(flat.groups(), slots);
    DeviceArray<TrialOutcome> deviceOutcomes(slots);
    for (std::size_t done = 0; done < count; done += slots) {
        const std::size_t batch = std::min(slots, count - done);
        auto* kernel = bursts ? trialsKernel<Index, true> : trialsKernel<Index, false>;
        kernel<<<blocksFor(batch), kThreadsPerBlock>>>(layout.arrays(), deviceBursts.arrays(), workspaces.view(), seed,
                                                       firstTrial + done, static_cast<std::uint32_t>(batch),
                                                       wipeoutOnly, deviceOutcomes.data());
        check(cudaGetLastError(), "trial kernel launch");
        deviceOutcomes.download(outcomes + done, batch);
    }
}

template <typename Index>
void whatIfOnDevice(const FlatLayout& flat, const std::int32_t* failedGroups, const std::int64_t* offsets,
                    std::size_t sets, int* capacities)
{
    const DeviceLayout layout(flat);
    const std::size_t ids = static_cast<std::size_t>(offsets[sets]);
    DeviceArray<std::int32_t> deviceIds(ids);
    deviceIds.upload(failedGroups, ids);
    DeviceArray<std::int64_t> deviceOffsets(sets + 1);
    deviceOffsets.upload(offsets, sets + 1);
    DeviceArray<int> deviceCapacities(sets);
    const std::size_t slots = slotsFor(DeviceWorkspaces<Index>::bytesPerSlot(flat.groups(), sizeof(int)), sets);
    DeviceWorkspaces<Index> workspaces(flat.groups(), slots);
    for (std::size_t done = 0; done < sets; done += slots) {
        const std::size_t batch = std::min(slots, sets - done);
        whatIfKernel<Index><<<blocksFor(batch), kThreadsPerBlock>>>(layout.arrays(), workspaces.view(),
                                                                    deviceIds.data(), deviceOffsets.data() + done,
                                                                    static_cast<std::uint32_t>(batch),
                                                                    deviceCapacities.data() + done);
        check(cudaGetLastError(), "what-if kernel launch");
    }
    check(cudaDeviceSynchronize(), "what-if kernel");
    deviceCapacities.download(capacities, sets);
}

class CudaMonteCarloAccelerator final : public MonteCarloAccelerator {
public:
    std::string unavailableReason() const override
    {
        int devices = 0;
        const cudaError_t status = cudaGetDeviceCount(&devices);
        if (status != cudaSuccess)
            return std::string("cudaGetDeviceCount failed: ") + cudaGetErrorString(status);
        if (devices == 0)
            return "cudaGetDeviceCount found no device";
        return {};
    }

    std::string deviceName() const override
    {
        cudaDeviceProp properties{};
        int device = 0;
        if (cudaGetDevice(&device) != cudaSuccess || cudaGetDeviceProperties(&properties, device) != cudaSuccess)
            return "cuda";
        return std::string("cuda (") + properties.name + ")";
    }

    void runTrials(const FlatLayout& layout, const DomainBursts* bursts, std::uint64_t seed, std::uint64_t firstTrial,
                   std::size_t count, bool wipeoutOnly, TrialOutcome* outcomes) override
    {
        if (count == 0)
            return;
        if (layout.compactIndex())
            runTrialsOnDevice<std::uint16_t>(layout, bursts, seed, firstTrial, count, wipeoutOnly, outcomes);
        else
            runTrialsOnDevice<std::uint32_t>(layout, bursts, seed, firstTrial, count, wipeoutOnly, outcomes);
    }

    void whatIf(const FlatLayout& layout, const std::int32_t* failedGroups, const std::int64_t* offsets,
                std::size_t sets, int* capacities) override
    {
        if (sets == 0)
            return;
        if (layout.compactIndex())
            whatIfOnDevice<std::uint16_t>(layout, failedGroups, offsets, sets, capacities);
        else
            whatIfOnDevice<std::uint32_t>(layout, failedGroups, offsets, sets, capacities);
    }
};

CudaMonteCarloAccelerator accelerator;

const bool installed = [] {
    MonteCarloAccelerator::install(&accelerator);
    return true;
}();

}  // namespace

}  // namespace spare

// Referenced by spare_cuda's link options so the linker keeps this object (and its installer).
extern "C" {
int spare_cuda_backend_anchor = 0;
}
