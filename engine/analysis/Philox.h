#pragma once

// Philox4x32-10 (Salmon et al., "Parallel random numbers: as easy as 1, 2, 3", SC'11), written out so
// the same code runs on the host and in CUDA kernels. Kept C++17-compatible for nvcc.

#include <cstdint>

#if defined(__CUDACC__)
#define SPARE_HOST_DEVICE __host__ __device__
#define SPARE_HOST_DEVICE_INLINE __host__ __device__ __forceinline__
#else
#define SPARE_HOST_DEVICE
#define SPARE_HOST_DEVICE_INLINE inline
#endif

namespace spare {

struct PhiloxBlock {
    std::uint32_t v[4];
};

SPARE_HOST_DEVICE inline PhiloxBlock philox4x32_10(PhiloxBlock counter, std::uint32_t key0, std::uint32_t key1)
{
    constexpr std::uint32_t kMul0 = 0xD2511F53u;
    constexpr std::uint32_t kMul1 = 0xCD9E8D57u;
    constexpr std::uint32_t kWeyl0 = 0x9E3779B9u;
    constexpr std::uint32_t kWeyl1 = 0xBB67AE85u;
    std::uint32_t* c = counter.v;
    for (int round = 0; round < 10; ++round) {
        if (round > 0) {
            key0 += kWeyl0;
            key1 += kWeyl1;
        }
        const std::uint64_t p0 = static_cast<std::uint64_t>(kMul0) * c[0];
        const std::uint64_t p1 = static_cast<std::uint64_t>(kMul1) * c[2];
        const std::uint32_t hi0 = static_cast<std::uint32_t>(p0 >> 32);
        const std::uint32_t lo0 = static_cast<std::uint32_t>(p0);
        const std::uint32_t hi1 = static_cast<std::uint32_t>(p1 >> 32);
        const std::uint32_t lo1 = static_cast<std::uint32_t>(p1);
        const std::uint32_t n0 = hi1 ^ c[1] ^ key0;
        const std::uint32_t n2 = hi0 ^ c[3] ^ key1;
        c[0] = n0;
        c[1] = lo1;
        c[2] = n2;
        c[3] = lo0;
    }
    return counter;
}

// The random stream of one trial: key = seed, counter = (stream index, block index). Outputs are
// consumed in block order, v[0] first, so every consumer sees the same sequence on host and device.
class PhiloxStream {
public:
    SPARE_HOST_DEVICE PhiloxStream(std::uint64_t seed, std::uint64_t stream)
        : key0_(static_cast<std::uint32_t>(seed)), key1_(static_cast<std::uint32_t>(seed >> 32)),
          stream0_(static_cast<std::uint32_t>(stream)), stream1_(static_cast<std::uint32_t>(stream >> 32))
    {
    }

    SPARE_HOST_DEVICE std::uint32_t next()
    {
        if (used_ == 4) {
            const PhiloxBlock counter{{stream0_, stream1_, static_cast<std::uint32_t>(block_),
                                       static_cast<std::uint32_t>(block_ >> 32)}};
            buffer_ = philox4x32_10(counter, key0_, key1_);
            ++block_;
            used_ = 0;
        }
        // Selects instead of indexing so that the buffer stays in registers on the GPU.
        const int i = used_++;
        return i == 0 ? buffer_.v[0] : i == 1 ? buffer_.v[1] : i == 2 ? buffer_.v[2] : buffer_.v[3];
    }

    // Uniform in [0, range), range >= 1, unbiased (Lemire's multiply-shift with rejection).
    SPARE_HOST_DEVICE std::uint32_t uniform(std::uint32_t range)
    {
        std::uint64_t product = static_cast<std::uint64_t>(next()) * range;
        std::uint32_t low = static_cast<std::uint32_t>(product);
        if (low < range) {
            const std::uint32_t threshold = (0u - range) % range;
            while (low < threshold) {
                product = static_cast<std::uint64_t>(next()) * range;
                low = static_cast<std::uint32_t>(product);
            }
        }
        return static_cast<std::uint32_t>(product >> 32);
    }

private:
    std::uint32_t key0_;
    std::uint32_t key1_;
    std::uint32_t stream0_;
    std::uint32_t stream1_;
    std::uint64_t block_ = 0;
    PhiloxBlock buffer_{};
    int used_ = 4;
};

}  // namespace spare
