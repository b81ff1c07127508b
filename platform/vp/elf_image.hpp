// ElfImage: the loadable contents of a 32-bit RISC-V ELF executable (read with libelf).
// Errors (missing file, not an ELF, wrong class/machine, no loadable segment) throw
// std::runtime_error naming the file.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

namespace fgtlm::platform {

struct ElfSegment {
    std::uint32_t address = 0;          // physical load address (p_paddr)
    std::vector<std::uint8_t> bytes;    // file bytes followed by zeros up to p_memsz
};

struct ElfImage {
    std::string path;
    std::uint32_t entry = 0;
    std::vector<ElfSegment> segments;

    // Every segment must fit in `max_segment_bytes` (the DRAM): checked on the header's
    // p_memsz before anything is allocated (a crafted header asks for 4 GB).
    static ElfImage load(const std::string& path, std::uint64_t max_segment_bytes);
};

}  // namespace fgtlm::platform
