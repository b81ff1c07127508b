// HostInterface register map tests. One SystemC elaboration for the whole binary: the test
// bench (a timed kernel-engine fixture + HostInterface + an irq signal) is built once and each
// test drives it through TLM calls, advancing time with sc_start. CTRL.RESET isolates tests.
#include <fgtlm/host/host_interface.hpp>

#include <gtest/gtest.h>
#include <tlm_utils/simple_initiator_socket.h>

#include <memory>

using namespace sc_core;
using fgtlm::core::KernelErrorKind;

namespace {

// Test fixture engine: completes each launch after `duration`, with a scripted error.
struct TimedEngine : sc_module, fgtlm::host::KernelControl {
    sc_event done, finish_ev;
    fgtlm::core::KernelResult res, next;
    fgtlm::core::LaunchConfig last;
    std::uint32_t last_code_bytes = 0;
    bool running = false;
    int starts = 0, resets = 0;
    sc_time duration{1, SC_US};

    SC_HAS_PROCESS(TimedEngine);
    explicit TimedEngine(sc_module_name n) : sc_module(n) {
        SC_METHOD(finish);
        sensitive << finish_ev;
        dont_initialize();
    }
    void start(const fgtlm::core::LaunchConfig& c, std::uint32_t code_bytes) override {
        last = c;
        last_code_bytes = code_bytes;
        running = true;
        ++starts;
        res = next;
        res.cycles = 100ull * c.num_blocks() * c.threads_per_block();
        res.warp_instructions = 0x1'0000'0007ull;
        res.thread_instructions = 0x2'0000'0009ull;
        finish_ev.notify(duration);
    }
    void abort() override {
        finish_ev.cancel();
        res.error.kind = KernelErrorKind::Aborted;
        finish_ev.notify(10, SC_NS);
    }
    void reset() override { ++resets; finish_ev.cancel(); running = false; }
    bool busy() const override { return running; }
    const fgtlm::core::KernelResult& result() const override { return res; }
    const sc_event& done_event() const override { return done; }
    void finish() { running = false; done.notify(SC_ZERO_TIME); }
};

struct Initiator : sc_module {
    tlm_utils::simple_initiator_socket<Initiator> socket{"socket"};
    explicit Initiator(sc_module_name n) : sc_module(n) {}
};

struct Bench {
    TimedEngine engine{"engine"};
    fgtlm::host::HostInterface hi{"hi", engine, sc_time(7, SC_NS)};
    Initiator cpu{"cpu"};
    sc_signal<bool> irq{"irq"};
    Bench() { hi.irq(irq); cpu.socket.bind(hi.socket); }
};
Bench* bench = nullptr;

tlm::tlm_response_status access(tlm::tlm_command cmd, std::uint64_t addr, void* data, unsigned len,
                                sc_time* delay_out = nullptr, unsigned char* byte_enable = nullptr,
                                unsigned streaming_width = 0) {
    tlm::tlm_generic_payload t;
    t.set_command(cmd);
    t.set_address(addr);
    t.set_data_ptr(static_cast<unsigned char*>(data));
    t.set_data_length(len);
    t.set_streaming_width(streaming_width ? streaming_width : len);
    t.set_byte_enable_ptr(byte_enable);
    t.set_byte_enable_length(byte_enable ? len : 0);
    t.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
    sc_time delay = SC_ZERO_TIME;
    bench->cpu.socket->b_transport(t, delay);
    if (delay_out) *delay_out = delay;
    return t.get_response_status();
}

std::uint32_t rd(std::uint32_t off) {
    std::uint32_t v = 0xDEADBEEF;
    EXPECT_EQ(access(tlm::TLM_READ_COMMAND, off, &v, 4), tlm::TLM_OK_RESPONSE) << "offset 0x" << std::hex << off;
    return v;
}
tlm::tlm_response_status wr(std::uint32_t off, std::uint32_t v) { return access(tlm::TLM_WRITE_COMMAND, off, &v, 4); }
// Lets register side effects propagate (the irq line changes one delta after a write).
void settle(sc_time t = sc_time(1, SC_NS)) { sc_start(t); }

class HostInterfaceTest : public ::testing::Test {
protected:
    void SetUp() override {
        bench->engine.next = {};
        bench->engine.duration = sc_time(1, SC_US);
        ASSERT_EQ(wr(FGTLM_REG_CTRL, FGTLM_CTRL_RESET), tlm::TLM_OK_RESPONSE);
        settle(sc_time(100, SC_NS));
        ASSERT_FALSE(bench->irq.read());
    }
    // A small valid launch: 2x1 grid of 64 threads.
    void configure_valid() {
        EXPECT_EQ(wr(FGTLM_REG_GRID_X, 2), tlm::TLM_OK_RESPONSE);
        EXPECT_EQ(wr(FGTLM_REG_BLOCK_X, 64), tlm::TLM_OK_RESPONSE);
        EXPECT_EQ(wr(FGTLM_REG_CODE_BASE, 0x80001000), tlm::TLM_OK_RESPONSE);
        EXPECT_EQ(wr(FGTLM_REG_CODE_SIZE, 0x40), tlm::TLM_OK_RESPONSE);
    }
};

TEST_F(HostInterfaceTest, IdentificationRegisters) {
    EXPECT_EQ(rd(FGTLM_REG_ID), FGTLM_ID_MAGIC);
    EXPECT_EQ(rd(FGTLM_REG_VERSION), FGTLM_REGMAP_VERSION);
    EXPECT_EQ(rd(FGTLM_REG_CAPS), 16u | (8u << 16));
    EXPECT_EQ(rd(FGTLM_REG_STATUS), FGTLM_STATE_IDLE);
}

TEST_F(HostInterfaceTest, ResetValues) {
    EXPECT_EQ(rd(FGTLM_REG_BLOCKS_PER_CORE), 1u);
    EXPECT_EQ(rd(FGTLM_REG_GRID_X), 1u);
    EXPECT_EQ(rd(FGTLM_REG_REGS_PER_THREAD), 16u);
    EXPECT_EQ(rd(FGTLM_REG_PARAM_COUNT), 0u);
    EXPECT_EQ(rd(FGTLM_REG_IRQ_ENABLE), 0u);
    EXPECT_EQ(rd(FGTLM_REG_LAUNCHES), 0u);
    EXPECT_EQ(rd(FGTLM_REG_CTRL), 0u);
}

TEST_F(HostInterfaceTest, AccessDelayIsAnnotated) {
    std::uint32_t v;
    sc_time d;
    ASSERT_EQ(access(tlm::TLM_READ_COMMAND, FGTLM_REG_ID, &v, 4, &d), tlm::TLM_OK_RESPONSE);
    EXPECT_EQ(d, sc_time(7, SC_NS));
}

TEST_F(HostInterfaceTest, ConfigurationBecomesLaunchConfig) {
    const std::uint32_t regs[][2] = {
        {FGTLM_REG_BLOCKS_PER_CORE, 2}, {FGTLM_REG_GRID_X, 3}, {FGTLM_REG_GRID_Y, 4},
        {FGTLM_REG_PARAM_COUNT, 3}, {FGTLM_REG_DYN_SHARED_SIZE, 8}, {FGTLM_REG_BLOCK_X, 16},
        {FGTLM_REG_BLOCK_Y, 2}, {FGTLM_REG_BLOCK_Z, 2}, {FGTLM_REG_REGS_PER_THREAD, 12},
        {FGTLM_REG_SHARED_SIZE, 100}, {FGTLM_REG_PARAM(0), 0x11}, {FGTLM_REG_PARAM(1), 0x22},
        {FGTLM_REG_PARAM(2), 0x33}, {FGTLM_REG_PARAM(15), 0xFF}, {FGTLM_REG_CODE_BASE, 0x80002000},
        {FGTLM_REG_CODE_SIZE, 0x100}, {FGTLM_CONST_WINDOW + 8, 0xA1B2C3D4},
        {FGTLM_REG_TEX_TABLE, 0x80003000}, {FGTLM_REG_TEX_SLOTS, 5}};
    for (auto& r : regs) {
        ASSERT_EQ(wr(r[0], r[1]), tlm::TLM_OK_RESPONSE) << std::hex << r[0];
        EXPECT_EQ(rd(r[0]), r[1]) << std::hex << r[0];
    }
    ASSERT_EQ(wr(FGTLM_REG_CTRL, FGTLM_CTRL_START), tlm::TLM_OK_RESPONSE);
    const auto& c = bench->engine.last;
    EXPECT_EQ(c.blocks_per_sm, 2u);
    EXPECT_EQ(c.grid[0], 3); EXPECT_EQ(c.grid[1], 4);
    EXPECT_EQ(c.block[0], 16); EXPECT_EQ(c.block[1], 2); EXPECT_EQ(c.block[2], 2);
    EXPECT_EQ(c.regs_per_thread, 12u);
    EXPECT_EQ(c.shared_bytes, 108u);  // static + dynamic, as the RTL's stride computation
    ASSERT_EQ(c.params.size(), 3u);
    EXPECT_EQ(c.params[0], 0x11u); EXPECT_EQ(c.params[2], 0x33u);
    EXPECT_EQ(c.code_base, 0x80002000u);
    EXPECT_EQ(bench->engine.last_code_bytes, 0x100u);
    ASSERT_EQ(c.const_mem.size(), 8192u);
    EXPECT_EQ(c.const_mem[8], 0xD4); EXPECT_EQ(c.const_mem[11], 0xA1);
    EXPECT_EQ(c.texture_table, 0x80003000u);  // texture descriptor table (TEX)
    EXPECT_EQ(c.texture_slots, 5u);
    settle(sc_time(2, SC_US));
}

TEST_F(HostInterfaceTest, LaunchCompletesAndLatchesCounters) {
    configure_valid();
    ASSERT_EQ(wr(FGTLM_REG_IRQ_ENABLE, FGTLM_IRQ_ALL), tlm::TLM_OK_RESPONSE);
    ASSERT_EQ(wr(FGTLM_REG_CTRL, FGTLM_CTRL_START), tlm::TLM_OK_RESPONSE);
    EXPECT_EQ(rd(FGTLM_REG_STATUS), FGTLM_STATE_BUSY);
    settle(sc_time(500, SC_NS));
    EXPECT_FALSE(bench->irq.read());
    settle(sc_time(600, SC_NS));
    EXPECT_TRUE(bench->irq.read());
    EXPECT_EQ(rd(FGTLM_REG_STATUS), FGTLM_STATE_DONE);
    EXPECT_EQ(rd(FGTLM_REG_IRQ_STATUS), FGTLM_IRQ_DONE);
    EXPECT_EQ(rd(FGTLM_REG_CYCLES_LO), 12800u);
    EXPECT_EQ(rd(FGTLM_REG_CYCLES_HI), 0u);
    EXPECT_EQ(rd(FGTLM_REG_WARP_INSTR_LO), 7u);
    EXPECT_EQ(rd(FGTLM_REG_WARP_INSTR_HI), 1u);
    EXPECT_EQ(rd(FGTLM_REG_THREAD_INSTR_LO), 9u);
    EXPECT_EQ(rd(FGTLM_REG_THREAD_INSTR_HI), 2u);
    EXPECT_EQ(rd(FGTLM_REG_LAUNCHES), 1u);
    // Write-1-to-clear drops the line; writing 0 changes nothing.
    ASSERT_EQ(wr(FGTLM_REG_IRQ_STATUS, 0), tlm::TLM_OK_RESPONSE);
    settle();
    EXPECT_TRUE(bench->irq.read());
    ASSERT_EQ(wr(FGTLM_REG_IRQ_STATUS, FGTLM_IRQ_DONE), tlm::TLM_OK_RESPONSE);
    settle();
    EXPECT_FALSE(bench->irq.read());
    EXPECT_EQ(rd(FGTLM_REG_IRQ_STATUS), 0u);
}

TEST_F(HostInterfaceTest, InterruptLineFollowsEnable) {
    configure_valid();
    ASSERT_EQ(wr(FGTLM_REG_CTRL, FGTLM_CTRL_START), tlm::TLM_OK_RESPONSE);
    settle(sc_time(2, SC_US));
    EXPECT_EQ(rd(FGTLM_REG_IRQ_STATUS), FGTLM_IRQ_DONE);  // pending but masked
    EXPECT_FALSE(bench->irq.read());
    ASSERT_EQ(wr(FGTLM_REG_IRQ_ENABLE, FGTLM_IRQ_ERROR), tlm::TLM_OK_RESPONSE);
    settle();
    EXPECT_FALSE(bench->irq.read());
    ASSERT_EQ(wr(FGTLM_REG_IRQ_ENABLE, FGTLM_IRQ_DONE), tlm::TLM_OK_RESPONSE);
    settle();
    EXPECT_TRUE(bench->irq.read());
    ASSERT_EQ(wr(FGTLM_REG_IRQ_ENABLE, 0), tlm::TLM_OK_RESPONSE);
    settle();
    EXPECT_FALSE(bench->irq.read());
}

TEST_F(HostInterfaceTest, KernelErrorIsReported) {
    configure_valid();
    auto& e = bench->engine.next.error;
    e.kind = KernelErrorKind::OutOfRangeAccess;
    e.pc = 0x48; e.block = 1; e.warp = 1; e.sm = 0; e.address = 0x1'2345'6789ull;
    ASSERT_EQ(wr(FGTLM_REG_IRQ_ENABLE, FGTLM_IRQ_ERROR), tlm::TLM_OK_RESPONSE);
    ASSERT_EQ(wr(FGTLM_REG_CTRL, FGTLM_CTRL_START), tlm::TLM_OK_RESPONSE);
    settle(sc_time(2, SC_US));
    EXPECT_TRUE(bench->irq.read());
    EXPECT_EQ(rd(FGTLM_REG_STATUS), FGTLM_STATE_ERROR | (FGTLM_ERR_OUT_OF_RANGE << FGTLM_STATUS_ERROR_SHIFT));
    EXPECT_EQ(rd(FGTLM_REG_IRQ_STATUS), FGTLM_IRQ_ERROR);
    EXPECT_EQ(rd(FGTLM_REG_ERROR_PC), 0x48u);
    EXPECT_EQ(rd(FGTLM_REG_ERROR_BLOCK), 1u);
    EXPECT_EQ(rd(FGTLM_REG_ERROR_WARP), 1u);
    EXPECT_EQ(rd(FGTLM_REG_ERROR_ADDR_LO), 0x23456789u);
    EXPECT_EQ(rd(FGTLM_REG_ERROR_ADDR_HI), 1u);
    // A following good launch clears the error status.
    bench->engine.next = {};
    ASSERT_EQ(wr(FGTLM_REG_CTRL, FGTLM_CTRL_START), tlm::TLM_OK_RESPONSE);
    settle(sc_time(2, SC_US));
    EXPECT_EQ(rd(FGTLM_REG_STATUS), FGTLM_STATE_DONE);
    EXPECT_EQ(rd(FGTLM_REG_ERROR_PC), 0u);
}

TEST_F(HostInterfaceTest, StartWhileBusyIsRefused) {
    configure_valid();
    ASSERT_EQ(wr(FGTLM_REG_CTRL, FGTLM_CTRL_START), tlm::TLM_OK_RESPONSE);
    const int starts = bench->engine.starts;
    EXPECT_EQ(wr(FGTLM_REG_CTRL, FGTLM_CTRL_START), tlm::TLM_COMMAND_ERROR_RESPONSE);
    EXPECT_EQ(bench->engine.starts, starts);
    // Configuration is frozen while busy too.
    EXPECT_EQ(wr(FGTLM_REG_GRID_X, 5), tlm::TLM_COMMAND_ERROR_RESPONSE);
    EXPECT_EQ(rd(FGTLM_REG_GRID_X), 2u);
    EXPECT_EQ(wr(FGTLM_REG_CODE_SIZE, 0x80), tlm::TLM_COMMAND_ERROR_RESPONSE);
    // Parameters and the constant window were copied at START: writing them is harmless.
    EXPECT_EQ(wr(FGTLM_REG_PARAM(1), 0x77), tlm::TLM_OK_RESPONSE);
    EXPECT_EQ(rd(FGTLM_REG_PARAM(1)), 0x77u);
    settle(sc_time(2, SC_US));
    EXPECT_EQ(rd(FGTLM_REG_STATUS), FGTLM_STATE_DONE);
}

TEST_F(HostInterfaceTest, AbortEndsWithAbortedError) {
    configure_valid();
    ASSERT_EQ(wr(FGTLM_REG_IRQ_ENABLE, FGTLM_IRQ_ALL), tlm::TLM_OK_RESPONSE);
    ASSERT_EQ(wr(FGTLM_REG_CTRL, FGTLM_CTRL_START), tlm::TLM_OK_RESPONSE);
    settle(sc_time(100, SC_NS));
    ASSERT_EQ(wr(FGTLM_REG_CTRL, FGTLM_CTRL_ABORT), tlm::TLM_OK_RESPONSE);
    settle(sc_time(50, SC_NS));
    EXPECT_TRUE(bench->irq.read());
    EXPECT_EQ(rd(FGTLM_REG_STATUS), FGTLM_STATE_ERROR | (FGTLM_ERR_ABORTED << FGTLM_STATUS_ERROR_SHIFT));
    // Abort while idle is harmless.
    EXPECT_EQ(wr(FGTLM_REG_CTRL, FGTLM_CTRL_ABORT), tlm::TLM_OK_RESPONSE);
}

TEST_F(HostInterfaceTest, ResetWhileBusyReturnsToIdle) {
    configure_valid();
    ASSERT_EQ(wr(FGTLM_REG_IRQ_ENABLE, FGTLM_IRQ_ALL), tlm::TLM_OK_RESPONSE);
    ASSERT_EQ(wr(FGTLM_REG_CTRL, FGTLM_CTRL_START), tlm::TLM_OK_RESPONSE);
    const int resets = bench->engine.resets;
    ASSERT_EQ(wr(FGTLM_REG_CTRL, FGTLM_CTRL_RESET), tlm::TLM_OK_RESPONSE);
    // Until the aborted kernel stopped: BUSY | RESETTING, START and configuration refused.
    EXPECT_EQ(rd(FGTLM_REG_STATUS), FGTLM_STATE_BUSY | FGTLM_STATUS_RESETTING);
    EXPECT_EQ(wr(FGTLM_REG_CTRL, FGTLM_CTRL_START), tlm::TLM_COMMAND_ERROR_RESPONSE);
    EXPECT_EQ(wr(FGTLM_REG_GRID_X, 2), tlm::TLM_COMMAND_ERROR_RESPONSE);
    settle(sc_time(2, SC_US));
    EXPECT_EQ(bench->engine.resets, resets + 1);
    EXPECT_EQ(rd(FGTLM_REG_STATUS), FGTLM_STATE_IDLE);
    EXPECT_EQ(rd(FGTLM_REG_GRID_X), 1u);
    EXPECT_EQ(rd(FGTLM_REG_CODE_SIZE), 0u);
    EXPECT_FALSE(bench->irq.read());
}

struct BadConfig { std::uint32_t reg, value; };
class InvalidLaunchTest : public HostInterfaceTest, public ::testing::WithParamInterface<BadConfig> {};

TEST_P(InvalidLaunchTest, RejectedWithErrorStatusAndInterrupt) {
    configure_valid();
    ASSERT_EQ(wr(FGTLM_REG_IRQ_ENABLE, FGTLM_IRQ_ERROR), tlm::TLM_OK_RESPONSE);
    ASSERT_EQ(wr(GetParam().reg, GetParam().value), tlm::TLM_OK_RESPONSE);
    const int starts = bench->engine.starts;
    ASSERT_EQ(wr(FGTLM_REG_CTRL, FGTLM_CTRL_START), tlm::TLM_OK_RESPONSE);
    settle();
    EXPECT_EQ(bench->engine.starts, starts);
    EXPECT_EQ(rd(FGTLM_REG_STATUS), FGTLM_STATE_ERROR | (FGTLM_ERR_INVALID_LAUNCH << FGTLM_STATUS_ERROR_SHIFT));
    EXPECT_EQ(rd(FGTLM_REG_IRQ_STATUS), FGTLM_IRQ_ERROR);
    EXPECT_TRUE(bench->irq.read());
    EXPECT_NE(rd(FGTLM_REG_ERROR_ADDR_LO), 0u);  // names the offending register
}

INSTANTIATE_TEST_SUITE_P(AllChecks, InvalidLaunchTest, ::testing::Values(
    BadConfig{FGTLM_REG_GRID_X, 0}, BadConfig{FGTLM_REG_GRID_Y, 0x10000}, BadConfig{FGTLM_REG_BLOCK_X, 0},
    BadConfig{FGTLM_REG_BLOCK_X, 1025}, BadConfig{FGTLM_REG_BLOCK_Y, 0}, BadConfig{FGTLM_REG_BLOCK_Z, 65},
    BadConfig{FGTLM_REG_BLOCK_Y, 17},  // 64 x 17 threads > 1024
    BadConfig{FGTLM_REG_REGS_PER_THREAD, 0}, BadConfig{FGTLM_REG_REGS_PER_THREAD, 129},
    BadConfig{FGTLM_REG_PARAM_COUNT, 17}, BadConfig{FGTLM_REG_SHARED_SIZE, 16384},
    BadConfig{FGTLM_REG_BLOCKS_PER_CORE, 0}, BadConfig{FGTLM_REG_CODE_SIZE, 0},
    BadConfig{FGTLM_REG_CODE_SIZE, 6}, BadConfig{FGTLM_REG_CODE_BASE, 0x80000002},
    BadConfig{FGTLM_REG_TEX_SLOTS, 129}, BadConfig{FGTLM_REG_TEX_TABLE, 0x80000002},
    BadConfig{FGTLM_REG_LOCAL_BASE, 0x80000002}, BadConfig{FGTLM_REG_LOCAL_SIZE, 6}));

TEST_F(HostInterfaceTest, UnmappedOffsetsAreAddressErrors) {
    std::uint32_t v = 0;
    for (std::uint32_t off : {0x00Cu, 0x038u, 0x06Cu, 0x0FCu, 0x128u, 0x17Cu, 0x1C0u, 0x1FFCu})
        EXPECT_EQ(access(tlm::TLM_READ_COMMAND, off, &v, 4), tlm::TLM_ADDRESS_ERROR_RESPONSE) << std::hex << off;
    for (std::uint32_t off : {0x00Cu, 0x1C0u})
        EXPECT_EQ(access(tlm::TLM_WRITE_COMMAND, off, &v, 4), tlm::TLM_ADDRESS_ERROR_RESPONSE) << std::hex << off;
    EXPECT_EQ(access(tlm::TLM_READ_COMMAND, FGTLM_REGS_SIZE, &v, 4), tlm::TLM_ADDRESS_ERROR_RESPONSE);
    EXPECT_EQ(access(tlm::TLM_READ_COMMAND, 0xFFFFFFFCull, &v, 4), tlm::TLM_ADDRESS_ERROR_RESPONSE);
}

TEST_F(HostInterfaceTest, WrongShapeAccessesAreRejected) {
    std::uint64_t wide = 0;
    std::uint8_t byte = 0;
    std::uint32_t v = 0;
    EXPECT_EQ(access(tlm::TLM_READ_COMMAND, FGTLM_REG_ID, &byte, 1), tlm::TLM_BURST_ERROR_RESPONSE);
    // 64 bits: two registers, low word first; the second must be mapped too.
    EXPECT_EQ(access(tlm::TLM_READ_COMMAND, FGTLM_REG_ID, &wide, 8), tlm::TLM_OK_RESPONSE);
    EXPECT_EQ(wide, std::uint64_t(FGTLM_REGMAP_VERSION) << 32 | FGTLM_ID_MAGIC);
    EXPECT_EQ(access(tlm::TLM_READ_COMMAND, FGTLM_REG_CAPS, &wide, 8), tlm::TLM_ADDRESS_ERROR_RESPONSE);
    EXPECT_EQ(access(tlm::TLM_READ_COMMAND, FGTLM_REG_ID, &wide, 12), tlm::TLM_BURST_ERROR_RESPONSE);
    EXPECT_EQ(access(tlm::TLM_WRITE_COMMAND, FGTLM_REG_GRID_X, &byte, 2), tlm::TLM_BURST_ERROR_RESPONSE);
    EXPECT_EQ(access(tlm::TLM_READ_COMMAND, FGTLM_REG_VERSION + 2, &v, 4), tlm::TLM_ADDRESS_ERROR_RESPONSE);
    EXPECT_EQ(access(tlm::TLM_READ_COMMAND, FGTLM_REG_ID, &v, 0), tlm::TLM_BURST_ERROR_RESPONSE);
    unsigned char be[4] = {0xFF, 0, 0xFF, 0};
    EXPECT_EQ(access(tlm::TLM_WRITE_COMMAND, FGTLM_REG_GRID_X, &v, 4, nullptr, be),
              tlm::TLM_BYTE_ENABLE_ERROR_RESPONSE);
    unsigned char all[4] = {0xFF, 0xFF, 0xFF, 0xFF};  // every byte enabled: as without enables
    v = 1;
    EXPECT_EQ(access(tlm::TLM_WRITE_COMMAND, FGTLM_REG_GRID_X, &v, 4, nullptr, all), tlm::TLM_OK_RESPONSE);
    std::uint32_t two[2] = {};
    EXPECT_EQ(access(tlm::TLM_WRITE_COMMAND, FGTLM_CONST_WINDOW, two, 8, nullptr, nullptr, 4),
              tlm::TLM_BURST_ERROR_RESPONSE);
    EXPECT_EQ(rd(FGTLM_REG_GRID_X), 1u);
}

TEST_F(HostInterfaceTest, ReadOnlyRegistersRejectWrites) {
    for (std::uint32_t off : {FGTLM_REG_ID, FGTLM_REG_VERSION, FGTLM_REG_CAPS, FGTLM_REG_STATUS,
                              FGTLM_REG_ERROR_PC, FGTLM_REG_ERROR_BLOCK, FGTLM_REG_ERROR_WARP,
                              FGTLM_REG_ERROR_ADDR_LO, FGTLM_REG_ERROR_ADDR_HI, FGTLM_REG_ERROR_SM,
                              FGTLM_REG_CYCLES_LO, FGTLM_REG_CYCLES_HI, FGTLM_REG_WARP_INSTR_LO,
                              FGTLM_REG_WARP_INSTR_HI, FGTLM_REG_THREAD_INSTR_LO,
                              FGTLM_REG_THREAD_INSTR_HI, FGTLM_REG_LAUNCHES})
        EXPECT_EQ(wr(off, 1), tlm::TLM_COMMAND_ERROR_RESPONSE) << std::hex << off;
    EXPECT_EQ(rd(FGTLM_REG_ID), FGTLM_ID_MAGIC);
}

TEST_F(HostInterfaceTest, ConstantWindowBurstsAndDebugAccess) {
    std::uint32_t words[4] = {1, 2, 3, 4};
    ASSERT_EQ(access(tlm::TLM_WRITE_COMMAND, FGTLM_CONST_WINDOW + 0x10, words, 16), tlm::TLM_OK_RESPONSE);
    // Burst crossing the end of the window is an address error.
    EXPECT_EQ(access(tlm::TLM_WRITE_COMMAND, FGTLM_CONST_WINDOW + FGTLM_CONST_WINDOW_SIZE - 8, words, 16),
              tlm::TLM_ADDRESS_ERROR_RESPONSE);
    tlm::tlm_generic_payload t;
    std::uint8_t bytes[3] = {};
    t.set_command(tlm::TLM_READ_COMMAND);
    t.set_address(FGTLM_CONST_WINDOW + 0x14);
    t.set_data_ptr(bytes);
    t.set_data_length(3);
    EXPECT_EQ(bench->cpu.socket->transport_dbg(t), 3u);
    EXPECT_EQ(bytes[0], 2);
}

TEST_F(HostInterfaceTest, DebugAccessHasNoSideEffects) {
    configure_valid();
    ASSERT_EQ(wr(FGTLM_REG_CTRL, FGTLM_CTRL_START), tlm::TLM_OK_RESPONSE);
    settle(sc_time(2, SC_US));
    tlm::tlm_generic_payload t;
    std::uint32_t v[2] = {};
    t.set_command(tlm::TLM_READ_COMMAND);
    t.set_address(FGTLM_REG_CODE_BASE);
    t.set_data_ptr(reinterpret_cast<unsigned char*>(v));
    t.set_data_length(8);
    EXPECT_EQ(bench->cpu.socket->transport_dbg(t), 8u);
    EXPECT_EQ(v[0], 0x80001000u);
    EXPECT_EQ(v[1], 0x40u);
    // Debug writes cannot start kernels or clear interrupts.
    std::uint32_t go = FGTLM_CTRL_START;
    t.set_command(tlm::TLM_WRITE_COMMAND);
    t.set_address(FGTLM_REG_CTRL);
    t.set_data_ptr(reinterpret_cast<unsigned char*>(&go));
    t.set_data_length(4);
    const int starts = bench->engine.starts;
    EXPECT_EQ(bench->cpu.socket->transport_dbg(t), 0u);
    EXPECT_EQ(bench->engine.starts, starts);
    t.set_address(FGTLM_REG_IRQ_STATUS);
    EXPECT_EQ(bench->cpu.socket->transport_dbg(t), 0u);
    EXPECT_EQ(rd(FGTLM_REG_IRQ_STATUS), FGTLM_IRQ_DONE);
    // Debug writes to configuration registers work; unmapped ones fail.
    std::uint32_t grid = 9;
    t.set_address(FGTLM_REG_GRID_Y);
    t.set_data_ptr(reinterpret_cast<unsigned char*>(&grid));
    EXPECT_EQ(bench->cpu.socket->transport_dbg(t), 4u);
    EXPECT_EQ(rd(FGTLM_REG_GRID_Y), 9u);
    t.set_address(0x00C);
    EXPECT_EQ(bench->cpu.socket->transport_dbg(t), 0u);
    EXPECT_EQ(t.get_response_status(), tlm::TLM_ADDRESS_ERROR_RESPONSE);
}

TEST_F(HostInterfaceTest, IgnoreCommandIsHarmless) {
    std::uint32_t v = 0;
    EXPECT_EQ(access(tlm::TLM_IGNORE_COMMAND, 0x00C, &v, 4), tlm::TLM_OK_RESPONSE);
}

}  // namespace

int sc_main(int argc, char* argv[]) {
    ::testing::InitGoogleTest(&argc, argv);
    sc_core::sc_report_handler::set_actions(SC_WARNING, SC_DO_NOTHING);
    sc_core::sc_report_handler::set_actions("/IEEE_Std_1666/deprecated", SC_DO_NOTHING);
    auto owned = std::make_unique<Bench>();
    bench = owned.get();
    sc_start(SC_ZERO_TIME);
    return RUN_ALL_TESTS();
}
