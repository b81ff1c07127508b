#include "quantum_memory.hpp"

#include <cstring>

namespace fgtlm::gpu {

QuantumMemory::QuantumMemory(LineEpochs& epochs, core::MemoryPort& fallback)
    : epochs_(epochs), fallback_(fallback), read_bits_((epochs.stamp.size() + 63) / 64, 0) {}

void QuantumMemory::run_speculative() {
    discard();
    speculative_ = true;
    replay_ = false;
}

void QuantumMemory::discard() {
    overlay_.clear();
    for (const std::uint64_t line : read_lines_) read_bits_[line / 64] = 0;
    read_lines_.clear();
}

// The fallback's annotated latency is this port's: the core reads it here.
core::MemStatus QuantumMemory::passed(core::MemStatus status) {
    pending_cycles += fallback_.pending_cycles;
    fallback_.pending_cycles = 0;
    return status;
}

void QuantumMemory::note_read(std::uint64_t first_line, std::uint64_t last_line) {
    for (std::uint64_t line = first_line; line <= last_line; ++line) {
        std::uint64_t& word = read_bits_[line / 64];
        const std::uint64_t bit = std::uint64_t{1} << (line % 64);
        if ((word & bit) != 0) continue;
        word |= bit;
        read_lines_.push_back(line);
    }
}

core::MemStatus QuantumMemory::read(std::uint64_t addr, std::uint8_t* data, std::uint32_t len) {
    if (!inside(addr, len)) {
        if (!speculative_) return passed(fallback_.read(addr, data, len));
        replay_ = true;  // only the SystemC thread may reach other targets
        return core::MemStatus::GenericError;
    }
    const std::uint64_t off = addr - epochs_.start;
    std::memcpy(data, epochs_.base + off, len);
    if (!speculative_) return core::MemStatus::Ok;
    note_read(off / kLineBytes, (off + len - 1) / kLineBytes);
    if (overlay_.empty()) return core::MemStatus::Ok;
    for (std::uint32_t i = 0; i < len; ++i) {  // this quantum's own writes win
        const auto it = overlay_.find((off + i) / kLineBytes);
        const std::uint64_t at = (off + i) % kLineBytes;
        if (it != overlay_.end() && ((it->second.valid >> at) & 1u) != 0) data[i] = it->second.data[at];
    }
    return core::MemStatus::Ok;
}

core::MemStatus QuantumMemory::write(std::uint64_t addr, const std::uint8_t* data, std::uint32_t len) {
    if (!inside(addr, len)) {
        if (!speculative_) return passed(fallback_.write(addr, data, len));
        replay_ = true;
        return core::MemStatus::GenericError;
    }
    const std::uint64_t off = addr - epochs_.start;
    if (!speculative_) {
        std::memcpy(epochs_.base + off, data, len);
        for (std::uint64_t line = off / kLineBytes; line <= (off + len - 1) / kLineBytes; ++line)
            epochs_.stamp[line] = quantum_;
        return core::MemStatus::Ok;
    }
    for (std::uint32_t i = 0; i < len; ++i) {
        Line& line = overlay_[(off + i) / kLineBytes];
        const std::uint64_t at = (off + i) % kLineBytes;
        line.data[at] = data[i];
        line.valid |= std::uint64_t{1} << at;
    }
    return core::MemStatus::Ok;
}

bool QuantumMemory::reads_still_valid(std::uint32_t started) const {
    for (const std::uint64_t line : read_lines_)
        if (epochs_.stamp[line] > started) return false;
    return true;
}

void QuantumMemory::commit(std::uint32_t quantum) {
    for (const auto& [index, line] : overlay_) {
        std::uint8_t* dst = epochs_.base + index * kLineBytes;
        for (std::uint64_t at = 0; at < kLineBytes; ++at)
            if (((line.valid >> at) & 1u) != 0) dst[at] = line.data[at];
        epochs_.stamp[index] = quantum;
    }
    discard();
    speculative_ = false;
}

}  // namespace fgtlm::gpu
