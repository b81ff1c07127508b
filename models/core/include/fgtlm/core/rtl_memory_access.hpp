// What a FlexGripPlus memory controller does with an access the model would refuse
// (RtlPolicy: *_address_bits, misaligned=bytes). memory_controller.vhd moves `size` bytes one
// at a time from the address itself (mem_addr_in + count), on an address bus of N bits
// (GMEM_ADDR_SIZE 18, SHMEM_ADDR_SIZE 14, CMEM_ADDR_SIZE 13: gpgpu_package.vhd,
// streaming_multiprocessor.vhd), so a misaligned word is the four bytes from its address and
// an address past the memory keeps its low N bits. Used only on the path that would
// otherwise stop the kernel.
#pragma once

#include <cstdint>

#include <fgtlm/core/launch.hpp>
#include <fgtlm/core/memory_port.hpp>

namespace fgtlm::core {

// The RTL's reading of one memory space (MemoryPorts, SmCore).
struct RtlSpace {
    std::uint64_t wrap_mask = 0;  // 2^N - 1, or 0: an address outside the memory stays a DUE
    bool misaligned_bytes = false;

    [[nodiscard]] bool enabled() const { return wrap_mask != 0 || misaligned_bytes; }
    static RtlSpace of(std::uint8_t address_bits, bool misaligned_bytes) {
        const std::uint64_t mask = address_bits == 0 ? 0 : address_bits >= 64 ? ~0ull : (1ull << address_bits) - 1;
        return {mask, misaligned_bytes};
    }
};

enum class RtlEventKind : std::uint8_t { GlobalWrap, SharedWrap, ConstantWrap, Misaligned };

// `size` bytes at `addr` byte by byte; a byte the port refuses is retried at its address's
// low bits ((addr + i) & wrap_mask, when the mask is not 0) and `wrapped` set. False when a
// byte is outside the memory either way.
bool rtl_byte_access(MemoryPort& port, std::uint64_t addr, std::uint8_t* bytes, std::uint32_t size, bool store,
                     std::uint64_t wrap_mask, bool& wrapped);

// Counts one event; the first of the kernel is kept in words.
void note_rtl_event(RtlEvents& ev, RtlEventKind kind, std::uint32_t pc, const char* what, std::uint64_t addr,
                    std::uint32_t size);

}  // namespace fgtlm::core
