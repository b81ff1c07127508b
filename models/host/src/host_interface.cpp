// HostInterface: register decode (from the table in register_map.hpp), launch validation,
// completion latching, interrupt line.
#include <fgtlm/host/host_interface.hpp>

#include <algorithm>
#include <cstring>
#include <string>

namespace fgtlm::host {

namespace {

constexpr std::uint32_t kMaxThreadsPerBlock = 1024;  // FlexGripPlus: 32 resident warps (real G80: 512)
constexpr std::uint32_t kMaxRegsPerThread = 128;
constexpr std::uint32_t kMaxSharedBytes = 16384;  // shared memory of one SM

using regmap::Access;
using regmap::Handler;
using regmap::slot;

constexpr std::uint32_t kMaxParams = regmap::constant("MAX_PARAMS");
constexpr std::uint32_t kWindow = regmap::constant("CONST_WINDOW");
constexpr std::uint32_t kWindowSize = regmap::constant("CONST_WINDOW_SIZE");
constexpr std::uint32_t kRegsSize = regmap::constant("REGS_SIZE");

constexpr regmap::Field kStateField = regmap::field("STATUS", "STATE");
constexpr regmap::Field kErrorField = regmap::field("STATUS", "ERROR");
constexpr std::uint32_t kResetting = regmap::field("STATUS", "RESETTING").mask();
constexpr std::uint32_t kStateBusy = regmap::value("STATUS", "STATE", "BUSY");
constexpr std::uint32_t kStateDone = regmap::value("STATUS", "STATE", "DONE");
constexpr std::uint32_t kStateError = regmap::value("STATUS", "STATE", "ERROR");
constexpr std::uint32_t kCtrlStart = regmap::field("CTRL", "START").mask();
constexpr std::uint32_t kCtrlAbort = regmap::field("CTRL", "ABORT").mask();
constexpr std::uint32_t kCtrlReset = regmap::field("CTRL", "RESET").mask();
constexpr std::uint32_t kIrqDone = regmap::field("IRQ_STATUS", "DONE").mask();
constexpr std::uint32_t kIrqError = regmap::field("IRQ_STATUS", "ERROR").mask();

// STATUS.ERROR shows core::KernelErrorKind as a number: the table's values must be its values.
constexpr bool error_kinds_match() {
    using K = core::KernelErrorKind;
    constexpr K kinds[] = {
        K::None,           K::IllegalInstruction, K::MisalignedAccess, K::OutOfRangeAccess, K::StackOverflow,
        K::StackUnderflow, K::BarrierDeadlock,    K::Watchdog,         K::InvalidLaunch,    K::Aborted,
        K::Stalled};
    const auto values = kErrorField.values;
    if (values.size() != std::size(kinds)) return false;
    for (std::size_t i = 0; i < values.size(); ++i)
        if (values[i].value != std::uint32_t(kinds[i])) return false;
    return true;
}
static_assert(error_kinds_match(), "register_map.hpp error kinds differ from core::KernelErrorKind");

bool in_const_window(std::uint64_t addr, std::uint64_t len) {
    return addr >= kWindow && addr + len <= kWindow + kWindowSize;
}

std::uint32_t load_le32(const unsigned char* p) {
    return std::uint32_t(p[0]) | std::uint32_t(p[1]) << 8 | std::uint32_t(p[2]) << 16 | std::uint32_t(p[3]) << 24;
}

void store_le32(unsigned char* p, std::uint32_t v) {
    p[0] = std::uint8_t(v);
    p[1] = std::uint8_t(v >> 8);
    p[2] = std::uint8_t(v >> 16);
    p[3] = std::uint8_t(v >> 24);
}

// Byte enables are accepted when they enable every byte (the same as none); a partial word
// cannot be written to a register, so any disabled byte is a byte-enable error.
bool all_bytes_enabled(const tlm::tlm_generic_payload& trans) {
    const unsigned char* be = trans.get_byte_enable_ptr();
    if (be == nullptr) return true;
    const unsigned n = trans.get_byte_enable_length();
    if (n == 0) return false;
    for (unsigned i = 0; i < trans.get_data_length(); ++i)
        if (be[i % n] != TLM_BYTE_ENABLED) return false;
    return true;
}

}  // namespace

HostInterface::HostInterface(sc_core::sc_module_name name, KernelControl& control, const sc_core::sc_time& access_delay)
    : sc_module(name), socket("socket"), irq("irq"), control_(control), access_delay_(access_delay) {
    socket.register_b_transport(this, &HostInterface::b_transport);
    socket.register_transport_dbg(this, &HostInterface::transport_dbg);
    SC_METHOD(on_kernel_done);  // first run at initialisation arms the dynamic sensitivity
    SC_METHOD(drive_irq);
    sensitive << irq_changed_;
    dont_initialize();
}

// ---------------------------------------------------------------------------------------------
// TLM front end

tlm::tlm_response_status HostInterface::check_shape(const tlm::tlm_generic_payload& trans) {
    const std::uint64_t addr = trans.get_address();
    const unsigned len = trans.get_data_length();
    if (!all_bytes_enabled(trans)) return tlm::TLM_BYTE_ENABLE_ERROR_RESPONSE;
    if (trans.get_streaming_width() != 0 && trans.get_streaming_width() < len) return tlm::TLM_BURST_ERROR_RESPONSE;
    if (len == 0 || len % 4 != 0) return tlm::TLM_BURST_ERROR_RESPONSE;
    if (addr % 4 != 0) return tlm::TLM_ADDRESS_ERROR_RESPONSE;
    // Registers: one word, or two (a 64-bit access: the register at addr, then at addr + 4).
    // Constant window: aligned word bursts (a memcpy).
    if (len != 4 && len != 8 && !in_const_window(addr, len)) {
        // A burst that starts in the window but runs past its end is an address error.
        const bool starts_in_window = in_const_window(addr, 4);
        return (addr < kRegsSize && !starts_in_window) ? tlm::TLM_BURST_ERROR_RESPONSE
                                                       : tlm::TLM_ADDRESS_ERROR_RESPONSE;
    }
    if (addr + len > kRegsSize) return tlm::TLM_ADDRESS_ERROR_RESPONSE;
    return tlm::TLM_OK_RESPONSE;
}

void HostInterface::b_transport(tlm::tlm_generic_payload& trans, sc_core::sc_time& delay) {
    delay += access_delay_;
    const tlm::tlm_command cmd = trans.get_command();
    if (cmd == tlm::TLM_IGNORE_COMMAND) {
        trans.set_response_status(tlm::TLM_OK_RESPONSE);
        return;
    }
    if (const auto shape = check_shape(trans); shape != tlm::TLM_OK_RESPONSE) {
        trans.set_response_status(shape);
        return;
    }
    const auto addr = std::uint32_t(trans.get_address());
    unsigned char* data = trans.get_data_ptr();
    const unsigned len = trans.get_data_length();
    tlm::tlm_response_status status = tlm::TLM_OK_RESPONSE;
    for (unsigned i = 0; i < len && status == tlm::TLM_OK_RESPONSE; i += 4) {
        if (cmd == tlm::TLM_READ_COMMAND) {
            std::uint32_t value = 0;
            status = read_register(addr + i, value);
            if (status == tlm::TLM_OK_RESPONSE) store_le32(data + i, value);
        } else {
            status = write_register(addr + i, load_le32(data + i), /*debug=*/false);
        }
    }
    trans.set_response_status(status);
}

unsigned HostInterface::transport_dbg(tlm::tlm_generic_payload& trans) {
    const std::uint64_t addr = trans.get_address();
    const unsigned len = trans.get_data_length();
    unsigned char* data = trans.get_data_ptr();
    const bool is_read = trans.get_command() == tlm::TLM_READ_COMMAND;
    if (trans.get_command() == tlm::TLM_IGNORE_COMMAND) return 0;
    // The constant window is plain memory: any byte range.
    if (in_const_window(addr, len)) {
        auto* mem = const_mem_.data() + (addr - kWindow);
        if (is_read)
            std::memcpy(data, mem, len);
        else
            std::memcpy(mem, data, len);
        trans.set_response_status(tlm::TLM_OK_RESPONSE);
        return len;
    }
    if (addr % 4 != 0 || len % 4 != 0) {
        trans.set_response_status(tlm::TLM_ADDRESS_ERROR_RESPONSE);
        return 0;
    }
    unsigned done = 0;
    for (; done < len; done += 4) {
        std::uint32_t value = 0;
        tlm::tlm_response_status status;
        if (is_read) {
            status = read_register(std::uint32_t(addr + done), value);
            if (status == tlm::TLM_OK_RESPONSE) store_le32(data + done, value);
        } else {
            status = write_register(std::uint32_t(addr + done), load_le32(data + done), /*debug=*/true);
        }
        if (status != tlm::TLM_OK_RESPONSE) {
            trans.set_response_status(status);
            return done;
        }
    }
    trans.set_response_status(tlm::TLM_OK_RESPONSE);
    return done;
}

bool HostInterface::peek(std::uint32_t offset, std::uint32_t& value) const {
    if (offset % 4 != 0) return false;
    return read_register(offset, value) == tlm::TLM_OK_RESPONSE;
}

// ---------------------------------------------------------------------------------------------
// Register file: decode and access rules come from the table; handlers only where it names one.

tlm::tlm_response_status HostInterface::read_register(std::uint32_t off, std::uint32_t& v) const {
    if (in_const_window(off, 4)) {
        v = load_le32(const_mem_.data() + (off - kWindow));
        return tlm::TLM_OK_RESPONSE;
    }
    const int s = regmap::slot_at(off);
    if (s < 0) return tlm::TLM_ADDRESS_ERROR_RESPONSE;
    v = regmap::kSlots[s].reg->access == Access::WO ? 0 : regs_[s];
    return tlm::TLM_OK_RESPONSE;
}

tlm::tlm_response_status HostInterface::write_register(std::uint32_t off, std::uint32_t v, bool debug) {
    if (in_const_window(off, 4)) {
        store_le32(const_mem_.data() + (off - kWindow), v);
        return tlm::TLM_OK_RESPONSE;
    }
    const int s = regmap::slot_at(off);
    if (s < 0) return tlm::TLM_ADDRESS_ERROR_RESPONSE;
    const regmap::Register& r = *regmap::kSlots[s].reg;
    if (r.access == Access::RO) return tlm::TLM_COMMAND_ERROR_RESPONSE;
    // WO and W1C writes are actions: a debugger must not start kernels or acknowledge interrupts.
    if (debug && (r.access == Access::WO || r.access == Access::W1C)) return tlm::TLM_COMMAND_ERROR_RESPONSE;
    if (r.lock == regmap::Lock::WhileBusy && !debug && engine_busy()) return tlm::TLM_COMMAND_ERROR_RESPONSE;
    if (r.access == Access::W1C)
        regs_[s] &= ~v;
    else if (r.access == Access::RW)
        regs_[s] = v & r.write_mask();
    return debug ? tlm::TLM_OK_RESPONSE : run_handler(r.handler, v);
}

tlm::tlm_response_status HostInterface::run_handler(Handler handler, std::uint32_t value) {
    switch (handler) {
        case Handler::None: break;
        case Handler::Control: return control_write(value);
        case Handler::Interrupt: update_irq(); break;
    }
    return tlm::TLM_OK_RESPONSE;
}

// What STATUS shows decides, not only the engine: a completion (or a reset) is not over
// until STATUS left BUSY, so a START is never accepted while STATUS still reads BUSY.
bool HostInterface::engine_busy() const { return control_.busy() || state() == kStateBusy; }

std::uint32_t HostInterface::state() const { return kStateField.get(regs_[slot("STATUS")]); }

void HostInterface::set_state(std::uint32_t state) {
    auto& status = regs_[slot("STATUS")];
    status = (status & ~kStateField.mask()) | kStateField.put(state);
}

// ERROR_* and STATUS.ERROR describe `error` (all zero for no error).
void HostInterface::set_error(const core::KernelError& error) {
    auto& status = regs_[slot("STATUS")];
    status = (status & ~kErrorField.mask()) | kErrorField.put(std::uint32_t(error.kind));
    regs_[slot("ERROR_PC")] = error.pc;
    regs_[slot("ERROR_BLOCK")] = error.block;
    regs_[slot("ERROR_WARP")] = error.warp;
    set_u64(slot("ERROR_ADDR_LO"), slot("ERROR_ADDR_HI"), error.address);
    regs_[slot("ERROR_SM")] = error.sm;
}

void HostInterface::set_u64(std::size_t lo_slot, std::size_t hi_slot, std::uint64_t value) {
    regs_[lo_slot] = std::uint32_t(value);
    regs_[hi_slot] = std::uint32_t(value >> 32);
}

// ---------------------------------------------------------------------------------------------
// Actions

tlm::tlm_response_status HostInterface::control_write(std::uint32_t v) {
    if ((v & kCtrlStart) && engine_busy() && !(v & (kCtrlAbort | kCtrlReset)))
        return tlm::TLM_COMMAND_ERROR_RESPONSE;  // start while busy: refused, kernel keeps running
    if (v & kCtrlReset) {
        if (control_.busy()) {
            // The kernel stops at its next instruction: until then STATUS says BUSY | RESETTING
            // (START and configuration writes are refused), then the reset completes.
            control_.abort();
            reset_state();
            regs_[slot("STATUS")] = kStateField.put(kStateBusy) | kResetting;
        } else {
            control_.reset();
            reset_state();
        }
    } else if (v & kCtrlAbort) {
        if (control_.busy()) control_.abort();  // ABORT|START: the abort wins, nothing is started
    } else if (v & kCtrlStart) {
        start_launch();
    }
    return tlm::TLM_OK_RESPONSE;
}

core::LaunchConfig HostInterface::launch_config() const {
    core::LaunchConfig cfg;
    cfg.code_base = reg(slot("CODE_BASE"));
    cfg.grid[0] = std::uint16_t(reg(slot("GRID_X")));
    cfg.grid[1] = std::uint16_t(reg(slot("GRID_Y")));
    cfg.block[0] = std::uint16_t(reg(slot("BLOCK_X")));
    cfg.block[1] = std::uint16_t(reg(slot("BLOCK_Y")));
    cfg.block[2] = std::uint16_t(reg(slot("BLOCK_Z")));
    cfg.regs_per_thread = reg(slot("REGS_PER_THREAD"));
    // The RTL adds the dynamic size to the static one when it computes the block stride.
    cfg.shared_bytes = reg(slot("SHARED_SIZE")) + reg(slot("DYN_SHARED_SIZE"));
    cfg.blocks_per_sm = reg(slot("BLOCKS_PER_CORE"));
    const std::uint32_t n = std::min<std::uint32_t>(reg(slot("PARAM_COUNT")), kMaxParams);
    const auto* params = regs_.data() + slot("PARAM");
    cfg.params.assign(params, params + n);
    cfg.const_mem.assign(const_mem_.begin(), const_mem_.end());
    cfg.texture_table = reg(slot("TEX_TABLE"));
    cfg.texture_slots = reg(slot("TEX_SLOTS"));
    cfg.local_base = reg(slot("LOCAL_BASE"));
    cfg.local_bytes_per_thread = reg(slot("LOCAL_SIZE"));
    return cfg;
}

// The first configuration register the hardware could not run, and why (nullptr: none).
const char* HostInterface::invalid_launch_reason(std::uint32_t& offending_register) const {
    auto in = [](std::uint32_t v, std::uint32_t lo, std::uint32_t hi) { return v >= lo && v <= hi; };
    const std::uint32_t bx = reg(slot("BLOCK_X")), by = reg(slot("BLOCK_Y")), bz = reg(slot("BLOCK_Z"));
    const std::uint32_t params = reg(slot("PARAM_COUNT"));
    const std::uint32_t code_size = reg(slot("CODE_SIZE"));
    struct Check {
        bool ok;
        std::uint32_t offset;
        const char* why;
    };
    const Check checks[] = {
        {in(reg(slot("GRID_X")), 1, 0xFFFF), regmap::offset("GRID_X"), "GRID_X must be 1..65535"},
        {in(reg(slot("GRID_Y")), 1, 0xFFFF), regmap::offset("GRID_Y"), "GRID_Y must be 1..65535"},
        {in(bx, 1, kMaxThreadsPerBlock), regmap::offset("BLOCK_X"), "BLOCK_X must be 1..1024"},
        {in(by, 1, kMaxThreadsPerBlock), regmap::offset("BLOCK_Y"), "BLOCK_Y must be 1..1024"},
        {in(bz, 1, 64), regmap::offset("BLOCK_Z"), "BLOCK_Z must be 1..64"},
        {std::uint64_t(bx) * by * bz <= kMaxThreadsPerBlock, regmap::offset("BLOCK_X"),
         "more than 1024 threads per block"},
        {in(reg(slot("REGS_PER_THREAD")), 1, kMaxRegsPerThread), regmap::offset("REGS_PER_THREAD"),
         "REGS_PER_THREAD must be 1..128"},
        {params <= kMaxParams, regmap::offset("PARAM_COUNT"), "PARAM_COUNT must be 0..16"},
        {std::uint64_t(reg(slot("SHARED_SIZE"))) + reg(slot("DYN_SHARED_SIZE")) + 16 + 4ull * params <= kMaxSharedBytes,
         regmap::offset("SHARED_SIZE"), "shared memory of a block exceeds 16 KiB"},
        {in(reg(slot("BLOCKS_PER_CORE")), 1, 32), regmap::offset("BLOCKS_PER_CORE"), "BLOCKS_PER_CORE must be 1..32"},
        {code_size != 0 && code_size % 4 == 0, regmap::offset("CODE_SIZE"),
         "CODE_SIZE must be a non-zero multiple of 4"},
        {reg(slot("CODE_BASE")) % 4 == 0, regmap::offset("CODE_BASE"), "CODE_BASE must be 4-byte aligned"},
        {reg(slot("TEX_SLOTS")) <= 128, regmap::offset("TEX_SLOTS"), "TEX_SLOTS must be 0..128"},
        {reg(slot("TEX_TABLE")) % 4 == 0, regmap::offset("TEX_TABLE"), "TEX_TABLE must be 4-byte aligned"},
        {reg(slot("LOCAL_BASE")) % 4 == 0, regmap::offset("LOCAL_BASE"), "LOCAL_BASE must be 4-byte aligned"},
        {reg(slot("LOCAL_SIZE")) % 4 == 0, regmap::offset("LOCAL_SIZE"), "LOCAL_SIZE must be a multiple of 4"},
    };
    for (const Check& c : checks) {
        if (c.ok) continue;
        offending_register = c.offset;
        return c.why;
    }
    return nullptr;
}

void HostInterface::start_launch() {
    // Validate what the hardware could not run; reject with a documented error status.
    std::uint32_t offending = 0;
    if (const char* why = invalid_launch_reason(offending)) return reject_launch(offending, why);
    set_error({});
    set_state(kStateBusy);
    control_.start(launch_config(), reg(slot("CODE_SIZE")));
}

void HostInterface::reject_launch(std::uint32_t offending_register, const char* why) {
    core::KernelError error;
    error.kind = core::KernelErrorKind::InvalidLaunch;
    error.address = offending_register;
    set_error(error);
    set_state(kStateError);
    ++regs_[slot("LAUNCHES")];
    regs_[slot("IRQ_STATUS")] |= kIrqError;
    update_irq();
    SC_REPORT_WARNING(name(), (std::string("launch rejected: ") + why).c_str());
}

void HostInterface::on_kernel_done() {
    next_trigger(control_.done_event());
    if (state() != kStateBusy) return;         // initialisation run
    if (regs_[slot("STATUS")] & kResetting) {  // the kernel a RESET aborted has stopped
        control_.reset();
        reset_state();
        return;
    }
    const core::KernelResult& r = control_.result();
    set_error(r.error);
    set_u64(slot("CYCLES_LO"), slot("CYCLES_HI"), r.cycles);
    set_u64(slot("WARP_INSTR_LO"), slot("WARP_INSTR_HI"), r.warp_instructions);
    set_u64(slot("THREAD_INSTR_LO"), slot("THREAD_INSTR_HI"), r.thread_instructions);
    ++regs_[slot("LAUNCHES")];
    set_state(r.error.ok() ? kStateDone : kStateError);
    regs_[slot("IRQ_STATUS")] |= r.error.ok() ? kIrqDone : kIrqError;
    update_irq();
}

void HostInterface::reset_state() {
    regs_ = regmap::kResetValues;
    const_mem_.fill(0);
    update_irq();
}

void HostInterface::update_irq() {
    const bool level = (regs_[slot("IRQ_STATUS")] & regs_[slot("IRQ_ENABLE")]) != 0;
    if (level != irq_level_) {
        irq_level_ = level;
        // Register writes arrive from the initiator's process; the line changes one delta later.
        irq_changed_.notify(sc_core::SC_ZERO_TIME);
    }
}

void HostInterface::drive_irq() { irq.write(irq_level_); }

}  // namespace fgtlm::host
