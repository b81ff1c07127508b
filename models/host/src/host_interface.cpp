// HostInterface: register decode, launch validation, completion latching, interrupt line.
#include <fgtlm/host/host_interface.hpp>

#include <algorithm>
#include <cstring>
#include <string>

namespace fgtlm::host {

namespace {

constexpr std::uint32_t kMaxThreadsPerBlock = 1024;  // FlexGripPlus: 32 resident warps (real G80: 512)
constexpr std::uint32_t kMaxRegsPerThread = 128;
constexpr std::uint32_t kMaxSharedBytes = 16384;    // shared memory of one SM

bool in_const_window(std::uint64_t addr, std::uint64_t len) {
    return addr >= FGTLM_CONST_WINDOW && addr + len <= FGTLM_CONST_WINDOW + FGTLM_CONST_WINDOW_SIZE;
}

std::uint32_t load_le32(const unsigned char* p) {
    return std::uint32_t(p[0]) | std::uint32_t(p[1]) << 8 | std::uint32_t(p[2]) << 16 |
           std::uint32_t(p[3]) << 24;
}

void store_le32(unsigned char* p, std::uint32_t v) {
    p[0] = std::uint8_t(v);
    p[1] = std::uint8_t(v >> 8);
    p[2] = std::uint8_t(v >> 16);
    p[3] = std::uint8_t(v >> 24);
}

}  // namespace

HostInterface::HostInterface(sc_core::sc_module_name name, KernelControl& control,
                             sc_core::sc_time access_delay)
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
    if (trans.get_byte_enable_ptr() != nullptr) return tlm::TLM_BYTE_ENABLE_ERROR_RESPONSE;
    if (trans.get_streaming_width() != 0 && trans.get_streaming_width() < len)
        return tlm::TLM_BURST_ERROR_RESPONSE;
    if (len == 0 || len % 4 != 0) return tlm::TLM_BURST_ERROR_RESPONSE;
    if (addr % 4 != 0) return tlm::TLM_ADDRESS_ERROR_RESPONSE;
    // Registers: one word per access. Constant window: aligned word bursts (a memcpy).
    if (len != 4 && !in_const_window(addr, len)) {
        // A burst that starts in the window but runs past its end is an address error.
        const bool starts_in_window = in_const_window(addr, 4);
        return (addr < FGTLM_REGS_SIZE && !starts_in_window) ? tlm::TLM_BURST_ERROR_RESPONSE
                                                             : tlm::TLM_ADDRESS_ERROR_RESPONSE;
    }
    if (addr + len > FGTLM_REGS_SIZE) return tlm::TLM_ADDRESS_ERROR_RESPONSE;
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
        auto* mem = const_mem_.data() + (addr - FGTLM_CONST_WINDOW);
        if (is_read) std::memcpy(data, mem, len); else std::memcpy(mem, data, len);
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
// Register file

tlm::tlm_response_status HostInterface::read_register(std::uint32_t off, std::uint32_t& v) const {
    if (off >= FGTLM_CONST_WINDOW && off < FGTLM_CONST_WINDOW + FGTLM_CONST_WINDOW_SIZE) {
        v = load_le32(const_mem_.data() + (off - FGTLM_CONST_WINDOW));
        return tlm::TLM_OK_RESPONSE;
    }
    if (off >= FGTLM_REG_PARAM(0) && off < FGTLM_REG_PARAM(FGTLM_MAX_PARAMS)) {
        v = params_[(off - FGTLM_REG_PARAM(0)) / 4];
        return tlm::TLM_OK_RESPONSE;
    }
    switch (off) {
    case FGTLM_REG_ID: v = FGTLM_ID_MAGIC; break;
    case FGTLM_REG_VERSION: v = FGTLM_REGMAP_VERSION; break;
    case FGTLM_REG_CAPS: v = FGTLM_MAX_PARAMS | ((FGTLM_CONST_WINDOW_SIZE / 1024u) << 16); break;
    case FGTLM_REG_CTRL: v = 0; break;
    case FGTLM_REG_STATUS: v = state_ | (std::uint32_t(error_.kind) << FGTLM_STATUS_ERROR_SHIFT); break;
    case FGTLM_REG_ERROR_PC: v = error_.pc; break;
    case FGTLM_REG_ERROR_BLOCK: v = error_.block; break;
    case FGTLM_REG_ERROR_WARP: v = error_.warp; break;
    case FGTLM_REG_ERROR_ADDR_LO: v = std::uint32_t(error_.address); break;
    case FGTLM_REG_ERROR_ADDR_HI: v = std::uint32_t(error_.address >> 32); break;
    case FGTLM_REG_ERROR_SM: v = error_.sm; break;
    case FGTLM_REG_IRQ_ENABLE: v = irq_enable_; break;
    case FGTLM_REG_IRQ_STATUS: v = irq_status_; break;
    case FGTLM_REG_CODE_BASE: v = code_base_; break;
    case FGTLM_REG_CODE_SIZE: v = code_size_; break;
    case FGTLM_REG_CYCLES_LO: v = std::uint32_t(cycles_); break;
    case FGTLM_REG_CYCLES_HI: v = std::uint32_t(cycles_ >> 32); break;
    case FGTLM_REG_WARP_INSTR_LO: v = std::uint32_t(warp_instr_); break;
    case FGTLM_REG_WARP_INSTR_HI: v = std::uint32_t(warp_instr_ >> 32); break;
    case FGTLM_REG_THREAD_INSTR_LO: v = std::uint32_t(thread_instr_); break;
    case FGTLM_REG_THREAD_INSTR_HI: v = std::uint32_t(thread_instr_ >> 32); break;
    case FGTLM_REG_LAUNCHES: v = launches_; break;
    case FGTLM_REG_BLOCKS_PER_CORE: v = blocks_per_core_; break;
    case FGTLM_REG_GRID_X: v = grid_x_; break;
    case FGTLM_REG_GRID_Y: v = grid_y_; break;
    case FGTLM_REG_PARAM_COUNT: v = param_count_; break;
    case FGTLM_REG_DYN_SHARED_SIZE: v = dyn_shared_; break;
    case FGTLM_REG_BLOCK_X: v = block_x_; break;
    case FGTLM_REG_BLOCK_Y: v = block_y_; break;
    case FGTLM_REG_BLOCK_Z: v = block_z_; break;
    case FGTLM_REG_REGS_PER_THREAD: v = regs_per_thread_; break;
    case FGTLM_REG_SHARED_SIZE: v = shared_size_; break;
    default: return tlm::TLM_ADDRESS_ERROR_RESPONSE;
    }
    return tlm::TLM_OK_RESPONSE;
}

tlm::tlm_response_status HostInterface::write_register(std::uint32_t off, std::uint32_t v, bool debug) {
    if (off >= FGTLM_CONST_WINDOW && off < FGTLM_CONST_WINDOW + FGTLM_CONST_WINDOW_SIZE) {
        store_le32(const_mem_.data() + (off - FGTLM_CONST_WINDOW), v);
        return tlm::TLM_OK_RESPONSE;
    }
    if (off >= FGTLM_REG_PARAM(0) && off < FGTLM_REG_PARAM(FGTLM_MAX_PARAMS)) {
        params_[(off - FGTLM_REG_PARAM(0)) / 4] = v;
        return tlm::TLM_OK_RESPONSE;
    }
    switch (off) {
    // Read-only registers: writes are command errors.
    case FGTLM_REG_ID: case FGTLM_REG_VERSION: case FGTLM_REG_CAPS: case FGTLM_REG_STATUS:
    case FGTLM_REG_ERROR_PC: case FGTLM_REG_ERROR_BLOCK: case FGTLM_REG_ERROR_WARP:
    case FGTLM_REG_ERROR_ADDR_LO: case FGTLM_REG_ERROR_ADDR_HI: case FGTLM_REG_ERROR_SM:
    case FGTLM_REG_CYCLES_LO: case FGTLM_REG_CYCLES_HI: case FGTLM_REG_WARP_INSTR_LO:
    case FGTLM_REG_WARP_INSTR_HI: case FGTLM_REG_THREAD_INSTR_LO: case FGTLM_REG_THREAD_INSTR_HI:
    case FGTLM_REG_LAUNCHES:
        return tlm::TLM_COMMAND_ERROR_RESPONSE;
    case FGTLM_REG_CTRL:
        if (debug) return tlm::TLM_COMMAND_ERROR_RESPONSE;  // debug writes never launch
        if ((v & FGTLM_CTRL_START) && control_.busy() && !(v & (FGTLM_CTRL_ABORT | FGTLM_CTRL_RESET)))
            return tlm::TLM_COMMAND_ERROR_RESPONSE;  // start while busy: refused, kernel keeps running
        control_write(v);
        return tlm::TLM_OK_RESPONSE;
    case FGTLM_REG_IRQ_ENABLE:
        irq_enable_ = v & FGTLM_IRQ_ALL;
        if (!debug) update_irq();
        return tlm::TLM_OK_RESPONSE;
    case FGTLM_REG_IRQ_STATUS:
        if (debug) return tlm::TLM_COMMAND_ERROR_RESPONSE;  // clearing is a side effect
        irq_status_ &= ~v;
        update_irq();
        return tlm::TLM_OK_RESPONSE;
    default: break;
    }
    // Configuration registers may not change under a running kernel.
    if (control_.busy() && !debug) return tlm::TLM_COMMAND_ERROR_RESPONSE;
    switch (off) {
    case FGTLM_REG_CODE_BASE: code_base_ = v; break;
    case FGTLM_REG_CODE_SIZE: code_size_ = v; break;
    case FGTLM_REG_BLOCKS_PER_CORE: blocks_per_core_ = v; break;
    case FGTLM_REG_GRID_X: grid_x_ = v; break;
    case FGTLM_REG_GRID_Y: grid_y_ = v; break;
    case FGTLM_REG_PARAM_COUNT: param_count_ = v; break;
    case FGTLM_REG_DYN_SHARED_SIZE: dyn_shared_ = v; break;
    case FGTLM_REG_BLOCK_X: block_x_ = v; break;
    case FGTLM_REG_BLOCK_Y: block_y_ = v; break;
    case FGTLM_REG_BLOCK_Z: block_z_ = v; break;
    case FGTLM_REG_REGS_PER_THREAD: regs_per_thread_ = v; break;
    case FGTLM_REG_SHARED_SIZE: shared_size_ = v; break;
    default: return tlm::TLM_ADDRESS_ERROR_RESPONSE;
    }
    return tlm::TLM_OK_RESPONSE;
}

// ---------------------------------------------------------------------------------------------
// Actions

void HostInterface::control_write(std::uint32_t v) {
    if (v & FGTLM_CTRL_RESET) {
        if (control_.busy()) control_.abort();
        control_.reset();
        reset_state();
        return;
    }
    if (v & FGTLM_CTRL_ABORT) {
        if (control_.busy()) control_.abort();
        return;  // ABORT|START: the abort wins, nothing is started
    }
    if (v & FGTLM_CTRL_START) start_launch();
}

core::LaunchConfig HostInterface::launch_config() const {
    core::LaunchConfig cfg;
    cfg.code_base = code_base_;
    cfg.grid[0] = std::uint16_t(grid_x_);
    cfg.grid[1] = std::uint16_t(grid_y_);
    cfg.block[0] = std::uint16_t(block_x_);
    cfg.block[1] = std::uint16_t(block_y_);
    cfg.block[2] = std::uint16_t(block_z_);
    cfg.regs_per_thread = regs_per_thread_;
    // The RTL adds the dynamic size to the static one when it computes the block stride.
    cfg.shared_bytes = shared_size_ + dyn_shared_;
    cfg.blocks_per_sm = blocks_per_core_;
    const std::uint32_t n = std::min<std::uint32_t>(param_count_, FGTLM_MAX_PARAMS);
    cfg.params.assign(params_.begin(), params_.begin() + n);
    cfg.const_mem.assign(const_mem_.begin(), const_mem_.end());
    return cfg;
}

void HostInterface::start_launch() {
    // Validate what the hardware could not run; reject with a documented error status.
    auto in = [](std::uint32_t v, std::uint32_t lo, std::uint32_t hi) { return v >= lo && v <= hi; };
    if (!in(grid_x_, 1, 0xFFFF)) return reject_launch(FGTLM_REG_GRID_X, "GRID_X must be 1..65535");
    if (!in(grid_y_, 1, 0xFFFF)) return reject_launch(FGTLM_REG_GRID_Y, "GRID_Y must be 1..65535");
    if (!in(block_x_, 1, kMaxThreadsPerBlock)) return reject_launch(FGTLM_REG_BLOCK_X, "BLOCK_X must be 1..1024");
    if (!in(block_y_, 1, kMaxThreadsPerBlock)) return reject_launch(FGTLM_REG_BLOCK_Y, "BLOCK_Y must be 1..1024");
    if (!in(block_z_, 1, 64)) return reject_launch(FGTLM_REG_BLOCK_Z, "BLOCK_Z must be 1..64");
    if (std::uint64_t(block_x_) * block_y_ * block_z_ > kMaxThreadsPerBlock)
        return reject_launch(FGTLM_REG_BLOCK_X, "more than 1024 threads per block");
    if (!in(regs_per_thread_, 1, kMaxRegsPerThread))
        return reject_launch(FGTLM_REG_REGS_PER_THREAD, "REGS_PER_THREAD must be 1..128");
    if (param_count_ > FGTLM_MAX_PARAMS) return reject_launch(FGTLM_REG_PARAM_COUNT, "PARAM_COUNT must be 0..16");
    if (std::uint64_t(shared_size_) + dyn_shared_ + 16 + 4ull * param_count_ > kMaxSharedBytes)
        return reject_launch(FGTLM_REG_SHARED_SIZE, "shared memory of a block exceeds 16 KiB");
    if (!in(blocks_per_core_, 1, 32)) return reject_launch(FGTLM_REG_BLOCKS_PER_CORE, "BLOCKS_PER_CORE must be 1..32");
    if (code_size_ == 0 || code_size_ % 4 != 0)
        return reject_launch(FGTLM_REG_CODE_SIZE, "CODE_SIZE must be a non-zero multiple of 4");
    if (code_base_ % 4 != 0) return reject_launch(FGTLM_REG_CODE_BASE, "CODE_BASE must be 4-byte aligned");

    error_ = {};
    state_ = FGTLM_STATE_BUSY;
    control_.start(launch_config(), code_size_);
}

void HostInterface::reject_launch(std::uint32_t offending_register, const char* why) {
    error_ = {};
    error_.kind = core::KernelErrorKind::InvalidLaunch;
    error_.address = offending_register;
    state_ = FGTLM_STATE_ERROR;
    ++launches_;
    irq_status_ |= FGTLM_IRQ_ERROR;
    update_irq();
    SC_REPORT_WARNING(name(), (std::string("launch rejected: ") + why).c_str());
}

void HostInterface::on_kernel_done() {
    next_trigger(control_.done_event());
    if (state_ != FGTLM_STATE_BUSY) return;  // initialisation run, or a completion after RESET
    const core::KernelResult& r = control_.result();
    error_ = r.error;
    cycles_ = r.cycles;
    warp_instr_ = r.warp_instructions;
    thread_instr_ = r.thread_instructions;
    ++launches_;
    state_ = r.error.ok() ? FGTLM_STATE_DONE : FGTLM_STATE_ERROR;
    irq_status_ |= r.error.ok() ? FGTLM_IRQ_DONE : FGTLM_IRQ_ERROR;
    update_irq();
}

void HostInterface::reset_state() {
    blocks_per_core_ = 1; grid_x_ = 1; grid_y_ = 1; param_count_ = 0; dyn_shared_ = 0;
    block_x_ = 1; block_y_ = 1; block_z_ = 1; regs_per_thread_ = 16; shared_size_ = 0;
    params_.fill(0);
    code_base_ = 0; code_size_ = 0;
    const_mem_.fill(0);
    state_ = FGTLM_STATE_IDLE;
    error_ = {};
    cycles_ = warp_instr_ = thread_instr_ = 0;
    launches_ = 0;
    irq_enable_ = 0;
    irq_status_ = 0;
    update_irq();
}

void HostInterface::update_irq() {
    const bool level = (irq_status_ & irq_enable_) != 0;
    if (level != irq_level_) {
        irq_level_ = level;
        // Register writes arrive from the initiator's process; the line changes one delta later.
        irq_changed_.notify(sc_core::SC_ZERO_TIME);
    }
}

void HostInterface::drive_irq() { irq.write(irq_level_); }

}  // namespace fgtlm::host
