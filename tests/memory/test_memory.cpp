// The TLM-2.0 memory target: b_transport (latency, byte enables, errors), DMI grant and
// invalidation, debug transport, and the Fanin router.
#include <gtest/gtest.h>

#include <cstring>

#include <systemc>
#include <tlm>
#include <tlm_utils/simple_initiator_socket.h>

#include <fgtlm/memory/fanin.hpp>
#include <fgtlm/memory/gpu_memory.hpp>

namespace {

using namespace sc_core;

struct Initiator : sc_module {
    tlm_utils::simple_initiator_socket<Initiator> socket;
    int invalidations = 0;
    explicit Initiator(sc_module_name n) : sc_module(n), socket("socket") {
        socket.register_invalidate_direct_mem_ptr(this, &Initiator::invalidate);
    }
    void invalidate(sc_dt::uint64, sc_dt::uint64) { ++invalidations; }

    tlm::tlm_response_status access(tlm::tlm_command cmd, std::uint64_t addr, void* data, unsigned len,
                                    sc_time& delay, const unsigned char* be = nullptr, unsigned be_len = 0,
                                    unsigned width = 0) {
        tlm::tlm_generic_payload t;
        t.set_command(cmd);
        t.set_address(addr);
        t.set_data_ptr(static_cast<unsigned char*>(data));
        t.set_data_length(len);
        t.set_streaming_width(width ? width : len);
        t.set_byte_enable_ptr(const_cast<unsigned char*>(be));
        t.set_byte_enable_length(be_len);
        t.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
        socket->b_transport(t, delay);
        return t.get_response_status();
    }
};

struct Bench {
    fgtlm::memory::GpuMemory mem{"mem", 1024, sc_time(5, SC_NS), sc_time(7, SC_NS)};
    Initiator direct{"direct"};
    fgtlm::memory::GpuMemory shared_mem{"shared_mem", 256};
    fgtlm::memory::Fanin fanin{"fanin"};
    Initiator a{"a"}, b{"b"};
    Bench() {
        direct.socket.bind(mem.socket);
        fanin.out.bind(shared_mem.socket);
        a.socket.bind(fanin.in);
        b.socket.bind(fanin.in);
    }
};
Bench* g = nullptr;

TEST(MemoryTarget, ReadWriteWithLatency) {
    sc_time d = SC_ZERO_TIME;
    std::uint32_t v = 0xdeadbeef, r = 0;
    EXPECT_EQ(g->direct.access(tlm::TLM_WRITE_COMMAND, 0x10, &v, 4, d), tlm::TLM_OK_RESPONSE);
    EXPECT_EQ(d, sc_time(7, SC_NS));
    EXPECT_EQ(g->direct.access(tlm::TLM_READ_COMMAND, 0x10, &r, 4, d), tlm::TLM_OK_RESPONSE);
    EXPECT_EQ(d, sc_time(12, SC_NS));
    EXPECT_EQ(r, 0xdeadbeefu);
    EXPECT_EQ(g->mem.data()[0x10], 0xef);  // little-endian byte array
}

TEST(MemoryTarget, MisalignedAccessIsAllowed) {
    sc_time d = SC_ZERO_TIME;
    std::uint32_t v = 0x11223344, r = 0;
    EXPECT_EQ(g->direct.access(tlm::TLM_WRITE_COMMAND, 0x21, &v, 4, d), tlm::TLM_OK_RESPONSE);
    EXPECT_EQ(g->direct.access(tlm::TLM_READ_COMMAND, 0x21, &r, 4, d), tlm::TLM_OK_RESPONSE);
    EXPECT_EQ(r, 0x11223344u);
}

TEST(MemoryTarget, ByteEnables) {
    sc_time d = SC_ZERO_TIME;
    std::uint32_t zero = 0, v = 0xaabbccdd, r = 0;
    g->direct.access(tlm::TLM_WRITE_COMMAND, 0x40, &zero, 4, d);
    const unsigned char be[2] = {TLM_BYTE_ENABLED, TLM_BYTE_DISABLED};
    EXPECT_EQ(g->direct.access(tlm::TLM_WRITE_COMMAND, 0x40, &v, 4, d, be, 2), tlm::TLM_OK_RESPONSE);
    g->direct.access(tlm::TLM_READ_COMMAND, 0x40, &r, 4, d);
    EXPECT_EQ(r, 0x00bb00ddu);
}

TEST(MemoryTarget, ErrorResponses) {
    sc_time d = SC_ZERO_TIME;
    std::uint32_t v = 0;
    EXPECT_EQ(g->direct.access(tlm::TLM_READ_COMMAND, 1022, &v, 4, d), tlm::TLM_ADDRESS_ERROR_RESPONSE);
    EXPECT_EQ(g->direct.access(tlm::TLM_READ_COMMAND, 4096, &v, 4, d), tlm::TLM_ADDRESS_ERROR_RESPONSE);
    EXPECT_EQ(g->direct.access(tlm::TLM_WRITE_COMMAND, 0, &v, 4, d, nullptr, 0, 2), tlm::TLM_BURST_ERROR_RESPONSE);
    EXPECT_EQ(g->direct.access(tlm::TLM_IGNORE_COMMAND, 0, &v, 4, d), tlm::TLM_OK_RESPONSE);
    EXPECT_GE(g->mem.errors, 3u);
}

TEST(MemoryTarget, DmiGrantAndInvalidate) {
    tlm::tlm_generic_payload t;
    tlm::tlm_dmi dmi;
    t.set_address(0);
    t.set_command(tlm::TLM_READ_COMMAND);
    ASSERT_TRUE(g->direct.socket->get_direct_mem_ptr(t, dmi));
    EXPECT_EQ(dmi.get_dmi_ptr(), g->mem.data());
    EXPECT_EQ(dmi.get_end_address(), 1023u);
    EXPECT_TRUE(dmi.is_read_write_allowed());
    EXPECT_EQ(dmi.get_read_latency(), sc_time(5, SC_NS));
    const int before = g->direct.invalidations;
    g->mem.set_dmi_enabled(false);
    EXPECT_EQ(g->direct.invalidations, before + 1);
    EXPECT_FALSE(g->direct.socket->get_direct_mem_ptr(t, dmi));
    sc_time d = SC_ZERO_TIME;
    std::uint32_t v = 0;
    tlm::tlm_generic_payload r;
    r.set_command(tlm::TLM_READ_COMMAND);
    r.set_address(0);
    r.set_data_ptr(reinterpret_cast<unsigned char*>(&v));
    r.set_data_length(4);
    r.set_streaming_width(4);
    g->direct.socket->b_transport(r, d);
    EXPECT_FALSE(r.is_dmi_allowed());
    g->mem.set_dmi_enabled(true);
    EXPECT_TRUE(g->direct.socket->get_direct_mem_ptr(t, dmi));
}

TEST(MemoryTarget, DebugTransportClipsAtTheEnd) {
    unsigned char buf[16];
    std::memset(buf, 0x5a, sizeof buf);
    tlm::tlm_generic_payload t;
    t.set_command(tlm::TLM_WRITE_COMMAND);
    t.set_address(1020);
    t.set_data_ptr(buf);
    t.set_data_length(16);
    EXPECT_EQ(g->direct.socket->transport_dbg(t), 4u);
    EXPECT_EQ(g->mem.data()[1023], 0x5a);
    t.set_address(5000);
    EXPECT_EQ(g->direct.socket->transport_dbg(t), 0u);
}

TEST(Fanin, ForwardsAndBroadcastsInvalidation) {
    sc_time d = SC_ZERO_TIME;
    std::uint32_t v = 0x1234, r = 0;
    EXPECT_EQ(g->a.access(tlm::TLM_WRITE_COMMAND, 8, &v, 4, d), tlm::TLM_OK_RESPONSE);
    EXPECT_EQ(g->b.access(tlm::TLM_READ_COMMAND, 8, &r, 4, d), tlm::TLM_OK_RESPONSE);
    EXPECT_EQ(r, 0x1234u);
    const int ia = g->a.invalidations, ib = g->b.invalidations;
    g->shared_mem.invalidate_dmi();
    EXPECT_EQ(g->a.invalidations, ia + 1);
    EXPECT_EQ(g->b.invalidations, ib + 1);
}

}  // namespace

int sc_main(int argc, char* argv[]) {
    ::testing::InitGoogleTest(&argc, argv);
    Bench bench;
    g = &bench;
    sc_start(SC_ZERO_TIME);  // finish elaboration (multi-socket binding)
    return RUN_ALL_TESTS();
}
