// The PTX interpreter's internals (ptx_interp.hpp has the contract): one Thread per PTX thread,
// the Machine holding memories and symbols, and the instruction groups' executors.
#pragma once

#include <fgtlm/compiler/ptx_interp.hpp>

#include <unordered_map>

namespace fgtlm::compiler::interp {

using ParamBlocks = std::map<std::string, std::vector<std::uint8_t>>;

// A caller's state while its callee runs (interp_call.cpp).
struct Frame {
    const PtxFunction* fn = nullptr;
    std::size_t pc = 0;
    std::unordered_map<std::string, std::uint64_t> regs;
    ParamBlocks params;
    std::vector<std::string> results;  // the call's result parameters (call-site names)
};

struct Thread {
    std::unordered_map<std::string, std::uint64_t> regs;
    std::array<std::uint32_t, 3> tid{};
    std::size_t pc = 0;
    bool done = false;
    std::vector<std::uint8_t> local;
    const PtxFunction* fn = nullptr;  // the function running (the kernel at first)
    // Named .param blocks of this frame: the call-site parameters of the calls it makes (param0, retval0) and, in a
    // callee, its own parameters and results. Kernel parameters are the Machine's.
    ParamBlocks params;
    std::vector<Frame> stack;
};

enum class Space : std::uint8_t { Global, Shared, Local, Param, Const };

class Machine {
public:
    Machine(const PtxModule& m, const PtxFunction& f, const InterpLaunch& l, std::vector<std::uint8_t>& g,
            std::string file);
    void run();

    // Operand access. Values are raw bits in the low `bits` of a word (zero-extended).
    std::uint64_t read(const Thread& t, const PtxOperand& o, std::uint32_t bits) const;
    void write(Thread& t, const PtxOperand& o, std::uint64_t v, std::uint32_t bits) const;
    std::uint64_t reg(const Thread& t, const std::string& name) const;
    std::uint64_t symbol_address(const PtxInst& in, const std::string& name) const;
    std::uint8_t* memory(Thread& t, Space s, std::uint64_t addr, std::uint32_t size, const PtxInst& in);
    [[noreturn]] void fail(const PtxInst& in, const std::string& why) const;
    // The bytes of a named parameter block of the running frame (a store grows it); nullptr for a kernel parameter.
    std::uint8_t* frame_param(Thread& t, const PtxInst& in, const std::string& name, std::uint64_t offset,
                              std::uint32_t size, bool store) const;
    const InterpLaunch& launch() const { return launch_; }
    std::array<std::uint32_t, 3> ctaid{};

private:
    void layout_variables();
    void run_block();
    bool step(Thread& t);  // false: the thread stopped (bar.sync or exit)
    void execute(Thread& t, const PtxInst& in);
    void call(Thread& t, const PtxInst& in);
    bool ret(Thread& t);  // false: the kernel returned
    const PtxFunction& running(const Thread& t) const { return t.fn != nullptr ? *t.fn : fn_; }

    const PtxModule& mod_;
    const PtxFunction& fn_;
    const InterpLaunch& launch_;
    std::vector<std::uint8_t>& global_;
    std::string file_;
    std::map<const PtxFunction*, std::unordered_map<std::string, std::size_t>> labels_;
    std::map<std::string, std::pair<Space, std::uint32_t>> vars_;  // shared/local/param offsets, global addresses
    std::vector<std::uint8_t> shared_, params_;
    std::uint32_t shared_size_ = 0, local_size_ = 0;
    std::uint64_t steps_ = 0;
};

std::uint32_t type_bits(const std::string& type);  // u32 -> 32, pred -> 1, "" -> 0
std::uint64_t mask(std::uint32_t bits);
std::int64_t sext(std::uint64_t v, std::uint32_t bits);

// Each returns false when `in` is not of its group.
bool exec_int(Machine& m, Thread& t, const PtxInst& in);
bool exec_bits(Machine& m, Thread& t, const PtxInst& in);
bool exec_compare(Machine& m, Thread& t, const PtxInst& in);
bool exec_float(Machine& m, Thread& t, const PtxInst& in);
bool exec_convert(Machine& m, Thread& t, const PtxInst& in);
bool exec_memory(Machine& m, Thread& t, const PtxInst& in);

// f32 helpers shared by the float, compare and convert groups.
float as_float(std::uint32_t u);
std::uint32_t as_bits(float f);        // NaN -> 0x7fffffff
std::uint32_t flush(std::uint32_t u);  // .ftz: a subnormal becomes a zero of its sign

// The host's rounding mode set to an instruction's .rn/.rz/.rm/.rp (nearest without one) while the object lives.
// The files computing under it are built with -frounding-math and pass operands and results through volatile objects
// inside its scope: GCC moves floating-point arithmetic across fesetround even with -frounding-math.
class HostRounding {
public:
    explicit HostRounding(const PtxInst& in);
    ~HostRounding();
    HostRounding(const HostRounding&) = delete;
    HostRounding& operator=(const HostRounding&) = delete;

private:
    int saved_;
};

inline PtxOperand reg_named(const std::string& name) {
    PtxOperand o;
    o.name = name;
    return o;
}

}  // namespace fgtlm::compiler::interp
