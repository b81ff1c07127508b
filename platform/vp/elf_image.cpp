#include "vp/elf_image.hpp"

#include <fcntl.h>
#include <gelf.h>
#include <libelf.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <memory>

namespace fgtlm::platform {

namespace {

struct FileCloser {
    int fd;
    ~FileCloser() { if (fd >= 0) ::close(fd); }
};
struct ElfCloser {
    void operator()(Elf* e) const { elf_end(e); }
};

[[noreturn]] void fail(const std::string& path, const std::string& why) {
    throw std::runtime_error(path + ": " + why);
}

}  // namespace

ElfImage ElfImage::load(const std::string& path, std::uint64_t max_segment_bytes) {
    if (elf_version(EV_CURRENT) == EV_NONE) fail(path, "libelf initialisation failed");
    // Opening a FIFO would block until a writer comes; a device is no firmware either.
    std::error_code ec;
    if (std::filesystem::exists(path, ec) && !std::filesystem::is_regular_file(path, ec))
        fail(path, "not a regular file (a FIFO, device, socket or directory is no firmware)");
    FileCloser file{::open(path.c_str(), O_RDONLY)};
    if (file.fd < 0) fail(path, std::string("cannot open firmware: ") + std::strerror(errno));
    std::unique_ptr<Elf, ElfCloser> elf(elf_begin(file.fd, ELF_C_READ, nullptr));
    if (!elf || elf_kind(elf.get()) != ELF_K_ELF) fail(path, "not an ELF file");
    GElf_Ehdr eh;
    if (gelf_getehdr(elf.get(), &eh) == nullptr) fail(path, std::string("bad ELF header: ") + elf_errmsg(-1));
    if (eh.e_ident[EI_CLASS] != ELFCLASS32) fail(path, "not a 32-bit ELF (the host CPU is RV32)");
    if (eh.e_machine != EM_RISCV) fail(path, "not a RISC-V ELF (e_machine " + std::to_string(eh.e_machine) + ")");
    if (eh.e_type != ET_EXEC) fail(path, "not an executable ELF");
    std::size_t count = 0;
    if (elf_getphdrnum(elf.get(), &count) != 0) fail(path, "cannot read program headers");

    // The whole file, for segment contents.
    std::size_t file_size = 0;
    const char* raw = elf_rawfile(elf.get(), &file_size);
    if (raw == nullptr) fail(path, "cannot read file contents");

    ElfImage image;
    image.path = path;
    image.entry = std::uint32_t(eh.e_entry);
    for (std::size_t i = 0; i < count; ++i) {
        GElf_Phdr ph;
        if (gelf_getphdr(elf.get(), int(i), &ph) == nullptr) fail(path, "bad program header " + std::to_string(i));
        if (ph.p_type != PT_LOAD || ph.p_memsz == 0) continue;
        if (ph.p_filesz > ph.p_memsz || ph.p_offset > file_size || ph.p_filesz > file_size - ph.p_offset)
            fail(path, "truncated or inconsistent segment " + std::to_string(i));
        if (ph.p_memsz > max_segment_bytes)
            fail(path, "segment " + std::to_string(i) + " needs " + std::to_string(ph.p_memsz) +
                           " bytes (p_memsz), more than the DRAM's " + std::to_string(max_segment_bytes));
        ElfSegment seg;
        seg.address = std::uint32_t(ph.p_paddr);
        seg.bytes.assign(ph.p_memsz, 0);
        std::memcpy(seg.bytes.data(), raw + ph.p_offset, ph.p_filesz);
        image.segments.push_back(std::move(seg));
    }
    if (image.segments.empty()) fail(path, "no loadable segment");
    return image;
}

}  // namespace fgtlm::platform
