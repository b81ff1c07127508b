// Global memory as one SM sees it while the GPU runs its SMs on host threads (HostThreads).
//
// Lines of kLineBytes carry the sequence number of the last quantum that wrote them
// (LineEpochs, owned by HostThreads, read and written only on the SystemC thread). An SM's
// QuantumMemory works in one of two ways:
//   direct      - on the SystemC thread: reads and writes the memory, stamping the lines it
//                 writes with the running quantum's number;
//   speculative - on a worker thread, for a quantum SystemC has not reached yet: writes go to
//                 a private overlay (other SMs do not see them), reads see the overlay over the
//                 memory and record their lines. When SystemC reaches the quantum the reads
//                 are valid iff no line they touched was stamped after the quantum started
//                 (reads_still_valid); then commit() writes the overlay in, stamping its lines.
// Accesses outside the granted window go to `fallback` (the SM's global-memory controller)
// in direct mode, and make a speculative quantum fail (needs_replay) in the other.
#pragma once

#include <cstdint>
#include <unordered_map>
#include <vector>

#include <fgtlm/core/memory_port.hpp>

namespace fgtlm::gpu {

inline constexpr std::uint64_t kLineBytes = 64;

struct LineEpochs {
    std::uint8_t* base = nullptr;  // global memory at address `start` (a DMI grant, zero latency)
    std::uint64_t start = 0, size = 0;
    std::vector<std::uint32_t> stamp;  // per line: quantum number of its last write
};

class QuantumMemory final : public core::MemoryPort {
public:
    QuantumMemory(LineEpochs& epochs, core::MemoryPort& fallback);

    core::MemStatus read(std::uint64_t addr, std::uint8_t* data, std::uint32_t len) override;
    core::MemStatus write(std::uint64_t addr, const std::uint8_t* data, std::uint32_t len) override;

    void run_direct(std::uint32_t quantum) { speculative_ = false, quantum_ = quantum; }
    void run_speculative();  // empty overlay and read set
    [[nodiscard]] bool needs_replay() const { return replay_; }
    [[nodiscard]] bool reads_still_valid(std::uint32_t started) const;
    void commit(std::uint32_t quantum);  // overlay into memory, its lines stamped
    void discard();                      // forget overlay and read set

private:
    struct Line {
        std::uint8_t data[kLineBytes];
        std::uint64_t valid = 0;  // bit i: data[i] was written in this quantum
    };
    [[nodiscard]] bool inside(std::uint64_t addr, std::uint32_t len) const {
        return addr >= epochs_.start && addr - epochs_.start + len <= epochs_.size;
    }
    void note_read(std::uint64_t first_line, std::uint64_t last_line);
    core::MemStatus passed(core::MemStatus status);

    LineEpochs& epochs_;
    core::MemoryPort& fallback_;
    bool speculative_ = false;
    bool replay_ = false;
    std::uint32_t quantum_ = 0;
    std::unordered_map<std::uint64_t, Line> overlay_;
    std::vector<std::uint64_t> read_bits_;   // one bit per line
    std::vector<std::uint64_t> read_lines_;  // the lines whose bit is set
};

}  // namespace fgtlm::gpu
