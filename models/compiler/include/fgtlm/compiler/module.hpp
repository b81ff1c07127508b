// The compiler's output: a MODULE (models/compiler/README.md, "MODULE file"), and the entry
// point that makes one from PTX text.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <fgtlm/compiler/ptx.hpp>

namespace fgtlm::compiler {

enum class Target : std::uint8_t {
    FlexGrip,  // only the forms the FlexGripPlus RTL implements (README ISA table)
    G80,       // every form the model executes
};

struct CompileOptions {
    Target target = Target::FlexGrip;
    std::uint32_t data_base = 0x3c000;  // global address of .global/.const data
    std::uint32_t max_regs = 64;        // GPRs a kernel may use (R0 holds the thread index)
    std::string file = "<input>";       // for messages
    bool demote_f64 = false;            // compute .f64 in f32 (demote_f64.cpp), one warning
    bool fpu_f32 = false;               // f32 add/sub/mul/fma on FADD/FMUL/FMAD as nvcc for sm_1x (fpu_f32.cpp)
    // Software float functions (div.rn, fma.rn, add/sub/mul fallbacks, ...) as CAL/RET subroutines shared by the
    // kernel instead of inlined at every use; Target::G80 only (FlexGripPlus' RET, compile.cpp), where a kernel whose
    // inlined code outgrows the instruction memory is compiled this way anyway.
    bool float_subroutines = false;
};

struct ParamInfo {
    std::string name;
    std::string type;          // u32, u64, f32, ...
    std::uint32_t offset = 0;  // byte offset in the parameter block (shared byte 16 + offset)
    std::uint32_t size = 4;
};

struct LineMapEntry {
    std::uint32_t pc = 0;    // byte address
    std::uint32_t line = 0;  // PTX line
};

struct KernelCode {
    std::string name;                 // mangled (PTX) name
    std::vector<std::uint32_t> code;  // instruction words from byte address 0
    std::vector<std::string> sass;    // the assembly the words came from
    std::vector<ParamInfo> params;
    std::uint32_t regs = 1;                 // registers per thread
    std::uint32_t shared_bytes = 0;         // launch shared size: parameters + static shared
    std::uint32_t static_shared_base = 0;   // window offset of the first __shared__ byte
    std::uint32_t dynamic_shared_base = 0;  // window offset of extern __shared__ arrays
    // .local data: `local_bytes` per thread, thread t's window in shared memory at
    // local_shared_base + t * local_bytes (t linear in the block); the launch adds them.
    std::uint32_t local_bytes = 0;
    std::uint32_t local_shared_base = 0;
    std::vector<LineMapEntry> line_map;
};

struct SymbolInfo {
    std::string name;
    std::string space;  // global, const, shared
    std::uint32_t address = 0;
    std::uint32_t size = 0;
};

struct Module {
    Target target = Target::FlexGrip;
    std::uint32_t address_size = 32;
    std::uint32_t data_base = 0;
    std::vector<std::uint8_t> data;  // initial bytes of .global/.const variables at data_base
    std::vector<SymbolInfo> symbols;
    std::vector<KernelCode> kernels;
    std::vector<std::string> warnings;
};

// PTX text -> module. Throws CompileError naming the line and the instruction.
Module compile_ptx(const std::string& ptx, const CompileOptions& opts);

// MODULE file (JSON) I/O. read_module throws std::runtime_error naming the file and field.
std::string module_to_json(const Module& m);
Module module_from_json(const std::string& text, const std::string& file);
// The C++ name of a mangled kernel name: _Z4vaddPKiS0_Pii -> vadd (plain "extern C" names stay).
std::string plain_kernel_name(const std::string& mangled);

// The kernel a name selects: the mangled name, or a plain C++ name if it is unambiguous;
// "" picks the only kernel. Throws std::runtime_error listing the kernels otherwise.
const KernelCode& find_kernel(const Module& m, const std::string& name);

}  // namespace fgtlm::compiler
