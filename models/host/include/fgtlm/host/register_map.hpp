// The host interface's register map as one declarative table (the VCML way: each register is
// declared once with its offset, name, access, reset value, fields and behaviour).
//
// Everything else is derived from this table:
//   - HostInterface (host_interface.cpp) decodes offsets, checks access, stores values and
//     resets them from it, and calls a handler only where a register has one;
//   - the firmware's C header fgtlm/host/registers.h is generated from it (`fgtlm regmap
//     --c-header`; the test RegisterDocs.HeaderIsCurrent fails when the checked-in copy is stale);
//   - the register table in models/host/README.md (`fgtlm regmap --markdown`, checked the same way).
//
// No SystemC here: the table is plain constexpr data, and C++ code names registers, fields and
// values by their table names through consteval look-ups (a typo fails to compile).
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string_view>

namespace fgtlm::host::regmap {

// How software may access a register (the "Access" column of the map).
enum class Access : std::uint8_t {
    RO,   // read-only: writes get TLM_COMMAND_ERROR_RESPONSE
    RW,   // read/write: stored (masked to the register's fields, if it has any)
    WO,   // write-only action register: reads return 0, nothing is stored
    W1C,  // read / write-1-to-clear
};

// What a write does beyond storing the value. Debug writes (transport_dbg) never act: they are
// refused for WO and W1C registers and store without the handler for RW ones.
enum class Handler : std::uint8_t {
    None,
    Control,    // CTRL: start / abort / reset the engine
    Interrupt,  // the interrupt line follows IRQ_STATUS & IRQ_ENABLE
};

// Writes that the hardware refuses while a kernel runs (its launch configuration).
enum class Lock : std::uint8_t { None, WhileBusy };

// A named value of a field (an enumeration), e.g. STATUS.STATE = BUSY.
struct Value {
    std::string_view name;
    std::uint32_t value;
    std::string_view doc;
};

// A bit field [lsb + width - 1 : lsb] of a register.
struct Field {
    std::string_view name;
    unsigned lsb;
    unsigned width;
    std::string_view doc;
    std::string_view value_prefix = {};  // C macro prefix of the values (FGTLM_<prefix>_<value>)
    std::span<const Value> values = {};

    [[nodiscard]] constexpr std::uint32_t width_mask() const { return width >= 32 ? 0xFFFFFFFFu : (1u << width) - 1u; }
    [[nodiscard]] constexpr std::uint32_t mask() const { return width_mask() << lsb; }
    [[nodiscard]] constexpr std::uint32_t get(std::uint32_t reg) const { return (reg >> lsb) & width_mask(); }
    [[nodiscard]] constexpr std::uint32_t put(std::uint32_t v) const { return (v & width_mask()) << lsb; }
};

// The fields of one or more registers (IRQ_ENABLE and IRQ_STATUS share theirs). `prefix` names
// them in C: FGTLM_<prefix>_<field> for a one-bit field, _SHIFT and _MASK for a wider one.
struct FieldSet {
    std::string_view prefix;
    std::span<const Field> fields;

    [[nodiscard]] constexpr std::uint32_t mask() const {
        std::uint32_t m = 0;
        for (const Field& f : fields) m |= f.mask();
        return m;
    }
    [[nodiscard]] constexpr bool all_single_bits() const {
        for (const Field& f : fields)
            if (f.width != 1) return false;
        return true;
    }
};

// A register, or an array of `count` consecutive 32-bit registers (PARAM(i)).
struct Register {
    std::uint32_t offset;
    std::string_view name;
    Access access;
    std::uint32_t reset;
    std::string_view doc;
    const FieldSet* fields = nullptr;
    Handler handler = Handler::None;
    Lock lock = Lock::None;
    unsigned count = 1;

    [[nodiscard]] constexpr std::uint32_t write_mask() const { return fields ? fields->mask() : 0xFFFFFFFFu; }
    [[nodiscard]] constexpr std::uint32_t end() const { return offset + 4 * count; }
};

// A named constant of the map that is not a register (sizes, magic numbers).
struct Constant {
    std::string_view name;
    std::uint32_t value;
    std::string_view doc;
};

// ---- constants -------------------------------------------------------------------------------

inline constexpr Constant kConstants[] = {
    {"ID_MAGIC", 0x4C544746u, "ID register: bytes \"FGTL\" little-endian"},
    {"REGMAP_VERSION", 0x00010200u, "(major << 16) | (minor << 8) | patch of this register map"},
    {"MAX_PARAMS", 16u, "kernel parameter words (PARAM(0..15))"},
    {"CONST_WINDOW", 0x2000u, "offset of the constant memory window"},
    {"CONST_WINDOW_SIZE", 0x2000u, "bytes of constant memory the window shows (0..8191)"},
    {"REGS_SIZE", 0x4000u, "total size of the register block"},
};

consteval std::uint32_t constant(std::string_view name) {
    for (const Constant& c : kConstants)
        if (c.name == name) return c.value;
    throw "regmap::constant: no such constant";  // not a constant expression: compile error
}

// ---- fields ----------------------------------------------------------------------------------

inline constexpr Field kCapsFields[] = {
    {"MAX_PARAMS", 0, 8, "max parameter words"},
    {"CONST_KIB", 16, 16, "constant window KiB"},
};
inline constexpr FieldSet kCaps{"CAPS", kCapsFields};

inline constexpr Field kCtrlFields[] = {
    {"START", 0, 1, "launch with the current configuration"},
    {"ABORT", 1, 1, "stop the running kernel; it finishes with error ABORTED"},
    {"RESET", 2, 1, "abort, then reset status, counters, IRQ and configuration (busy: see RESETTING)"},
};
inline constexpr FieldSet kCtrl{"CTRL", kCtrlFields};

inline constexpr Value kStates[] = {
    {"IDLE", 0, "no kernel since reset"},
    {"BUSY", 1, "a kernel runs"},
    {"DONE", 2, "the last kernel finished without error"},
    {"ERROR", 3, "the last kernel (or launch) ended with an error"},
};
// Numeric values of fgtlm::core::KernelErrorKind (host_interface.cpp checks that they agree).
inline constexpr Value kErrorKinds[] = {
    {"NONE", 0, "none"},
    {"ILLEGAL_INSTR", 1, "illegal instruction"},
    {"MISALIGNED", 2, "misaligned access"},
    {"OUT_OF_RANGE", 3, "out-of-range access"},
    {"STACK_OVERFLOW", 4, "stack overflow"},
    {"STACK_UNDERFLOW", 5, "stack underflow"},
    {"BARRIER_DEADLOCK", 6, "barrier deadlock"},
    {"WATCHDOG", 7, "watchdog"},
    {"INVALID_LAUNCH", 8, "invalid launch"},
    {"ABORTED", 9, "aborted"},
    {"STALLED", 10, "pipeline stall (a unit never finishes the instruction)"},
};
inline constexpr Field kStatusFields[] = {
    {"STATE", 0, 2, "state", "STATE", kStates},
    {"RESETTING", 2, 1, "RESET waits for the kernel to stop (STATE BUSY, START refused; then IDLE)"},
    {"ERROR", 8, 8, "error kind", "ERR", kErrorKinds},
};
inline constexpr FieldSet kStatus{"STATUS", kStatusFields};

inline constexpr Field kIrqFields[] = {
    {"DONE", 0, 1, "kernel finished without error"},
    {"ERROR", 1, 1, "kernel finished with an error, or the launch was rejected"},
};
inline constexpr FieldSet kIrq{"IRQ", kIrqFields};

// ---- registers -------------------------------------------------------------------------------
// Offsets from the interface's base address. The launch configuration block mirrors
// FlexGripPlus's configuration registers: offset = 0x100 + 4 x (RTL configuration register).

inline constexpr Register kRegisters[] = {
    // identification
    {0x000, "ID", Access::RO, constant("ID_MAGIC"), "\"FGTL\""},
    {0x004, "VERSION", Access::RO, constant("REGMAP_VERSION"), "register-map version (major<<16 | minor<<8 | patch)"},
    {0x008, "CAPS", Access::RO, constant("MAX_PARAMS") | (constant("CONST_WINDOW_SIZE") / 1024u) << 16, "capabilities",
     &kCaps},
    // control / status
    {0x010, "CTRL", Access::WO, 0, "actions", &kCtrl, Handler::Control},
    {0x014, "STATUS", Access::RO, 0, "state and error kind", &kStatus},
    {0x018, "ERROR_PC", Access::RO, 0, "byte PC of the faulting instruction"},
    {0x01C, "ERROR_BLOCK", Access::RO, 0, "linear block index of the fault"},
    {0x020, "ERROR_WARP", Access::RO, 0, "warp within the block"},
    {0x024, "ERROR_ADDR_LO", Access::RO, 0,
     "memory address involved; for a rejected launch: offset of the offending register"},
    {0x028, "ERROR_ADDR_HI", Access::RO, 0, "bits 63..32 of the address"},
    {0x02C, "ERROR_SM", Access::RO, 0, "SM index of the fault"},
    // interrupt
    {0x030, "IRQ_ENABLE", Access::RW, 0, "interrupt enables", &kIrq, Handler::Interrupt},
    {0x034, "IRQ_STATUS", Access::W1C, 0, "pending interrupts; write 1 to clear", &kIrq, Handler::Interrupt},
    // code and counters
    {0x040, "CODE_BASE", Access::RW, 0, "bus address of instruction 0 (4-byte aligned)", nullptr, Handler::None,
     Lock::WhileBusy},
    {0x044, "CODE_SIZE", Access::RW, 0, "code bytes (non-zero multiple of 4); copied to instruction memory at START",
     nullptr, Handler::None, Lock::WhileBusy},
    {0x050, "CYCLES_LO", Access::RO, 0, "SM cycles of the last kernel, START to interrupt (= stats kernel_cycles)"},
    {0x054, "CYCLES_HI", Access::RO, 0, "bits 63..32 of CYCLES"},
    {0x058, "WARP_INSTR_LO", Access::RO, 0, "warp instructions issued by the last kernel"},
    {0x05C, "WARP_INSTR_HI", Access::RO, 0, "bits 63..32 of WARP_INSTR"},
    {0x060, "THREAD_INSTR_LO", Access::RO, 0, "thread instructions of the last kernel"},
    {0x064, "THREAD_INSTR_HI", Access::RO, 0, "bits 63..32 of THREAD_INSTR"},
    {0x068, "LAUNCHES", Access::RO, 0, "kernels completed (ok, error or rejected) since reset"},
    // texture unit (beyond the RTL): descriptor table in global memory (models/core/README.md)
    {0x070, "TEX_TABLE", Access::RW, 0,
     "bus address of the texture descriptor table (32 bytes per slot, 4-byte aligned)", nullptr, Handler::None,
     Lock::WhileBusy},
    {0x074, "TEX_SLOTS", Access::RW, 0, "descriptors in the table, TEX texture field = slot (0..128; 0 = no textures)",
     nullptr, Handler::None, Lock::WhileBusy},
    // local memory (LLD/LST): per-thread windows in global memory (models/core/README.md)
    {0x078, "LOCAL_BASE", Access::RW, 0, "bus address of local memory (LLD/LST), 4-byte aligned", nullptr,
     Handler::None, Lock::WhileBusy},
    {0x07C, "LOCAL_SIZE", Access::RW, 0, "local memory bytes per thread (multiple of 4)", nullptr, Handler::None,
     Lock::WhileBusy},
    // launch configuration (FlexGripPlus configuration registers)
    {0x100, "BLOCKS_PER_CORE", Access::RW, 1, "RTL reg 0: blocks resident per SM (1..32)", nullptr, Handler::None,
     Lock::WhileBusy},
    {0x104, "GRID_X", Access::RW, 1, "RTL reg 1: gridDim.x (1..65535)", nullptr, Handler::None, Lock::WhileBusy},
    {0x108, "GRID_Y", Access::RW, 1, "RTL reg 2: gridDim.y (1..65535)", nullptr, Handler::None, Lock::WhileBusy},
    {0x10C, "PARAM_COUNT", Access::RW, 0, "RTL reg 3: parameter words (0..16)", nullptr, Handler::None,
     Lock::WhileBusy},
    {0x110, "DYN_SHARED_SIZE", Access::RW, 0,
     "RTL reg 4: dynamic shared bytes (added to SHARED_SIZE, as in the RTL's block stride)", nullptr, Handler::None,
     Lock::WhileBusy},
    {0x114, "BLOCK_X", Access::RW, 1, "RTL reg 5: blockDim.x", nullptr, Handler::None, Lock::WhileBusy},
    {0x118, "BLOCK_Y", Access::RW, 1, "RTL reg 6: blockDim.y", nullptr, Handler::None, Lock::WhileBusy},
    {0x11C, "BLOCK_Z", Access::RW, 1, "RTL reg 7: blockDim.z (1..64)", nullptr, Handler::None, Lock::WhileBusy},
    {0x120, "REGS_PER_THREAD", Access::RW, 16, "RTL reg 8: GPRs per thread (1..128)", nullptr, Handler::None,
     Lock::WhileBusy},
    {0x124, "SHARED_SIZE", Access::RW, 0, "RTL reg 9: static shared bytes of the kernel", nullptr, Handler::None,
     Lock::WhileBusy},
    // Parameters are copied at START, so (unlike the registers above) a write while busy is accepted.
    {0x180, "PARAM", Access::RW, 0, "RTL reg 0x20+i: parameter word i, at shared byte 16+4i", nullptr, Handler::None,
     Lock::None, constant("MAX_PARAMS")},
};

// ---- look-ups --------------------------------------------------------------------------------

// Registers are stored in slots: one per register, `count` for an array.
inline constexpr std::size_t kSlotCount = [] {
    std::size_t n = 0;
    for (const Register& r : kRegisters) n += r.count;
    return n;
}();

consteval const Register& reg(std::string_view name) {
    for (const Register& r : kRegisters)
        if (r.name == name) return r;
    throw "regmap::reg: no such register";
}

consteval std::uint32_t offset(std::string_view name) { return reg(name).offset; }

// Slot of a register (of element 0 of an array).
consteval std::size_t slot(std::string_view name) {
    std::size_t s = 0;
    for (const Register& r : kRegisters) {
        if (r.name == name) return s;
        s += r.count;
    }
    throw "regmap::slot: no such register";
}

consteval const Field& field(std::string_view reg_name, std::string_view field_name) {
    const Register& r = reg(reg_name);
    // No `if (r.fields)`: GCC with -fsanitize=undefined does not constant-evaluate an address
    // compared with null (the sanitizer build failed). A register without fields still fails to
    // compile here, through the null dereference, as it should.
    for (const Field& f : r.fields->fields)
        if (f.name == field_name) return f;
    throw "regmap::field: no such field";
}

consteval std::uint32_t value(std::string_view reg_name, std::string_view field_name, std::string_view value_name) {
    for (const Value& v : field(reg_name, field_name).values)
        if (v.name == value_name) return v.value;
    throw "regmap::value: no such value";
}

// Register of a slot, and the slot's offset.
struct SlotInfo {
    const Register* reg;
    std::uint32_t offset;
};
inline constexpr std::array<SlotInfo, kSlotCount> kSlots = [] {
    std::array<SlotInfo, kSlotCount> slots{};
    std::size_t s = 0;
    for (const Register& r : kRegisters)
        for (unsigned i = 0; i < r.count; ++i) slots[s++] = {&r, r.offset + 4 * i};
    return slots;
}();

// Slot of each word offset below the first register-free offset (-1: unmapped), so that an
// access decodes with one array look-up.
inline constexpr std::uint32_t kDecodedEnd = 0x200;
inline constexpr std::array<std::int16_t, kDecodedEnd / 4> kSlotOfWord = [] {
    std::array<std::int16_t, kDecodedEnd / 4> map{};
    map.fill(-1);
    for (std::size_t s = 0; s < kSlotCount; ++s) {
        const std::uint32_t off = kSlots[s].offset;
        // Either failure makes this initialiser a non-constant expression: the map does not compile.
        if (off >= kDecodedEnd || off >= constant("CONST_WINDOW")) throw "regmap: register beyond the decoded range";
        if (map[off / 4] != -1) throw "regmap: two registers at one offset";
        map[off / 4] = std::int16_t(s);
    }
    return map;
}();

// Slot of the register at byte offset `off`, or -1 (unmapped or misaligned).
constexpr int slot_at(std::uint32_t off) {
    if (off % 4 != 0 || off >= kDecodedEnd) return -1;
    return kSlotOfWord[off / 4];
}

// Reset value of every slot.
inline constexpr std::array<std::uint32_t, kSlotCount> kResetValues = [] {
    std::array<std::uint32_t, kSlotCount> v{};
    for (std::size_t s = 0; s < kSlotCount; ++s) v[s] = kSlots[s].reg->reset;
    return v;
}();

}  // namespace fgtlm::host::regmap
