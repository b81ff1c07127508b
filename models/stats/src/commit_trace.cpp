#include <fgtlm/stats/commit_trace.hpp>

#include <fgtlm/isa/disassembler.hpp>
#include <fgtlm/isa/instruction.hpp>

namespace fgtlm::stats {

void append_disassembly(fmt::memory_buffer& out, const isa::Instruction& inst) {
    const std::string text = isa::disassemble(inst);  // once per instruction: callers cache it
    out.append(text.data(), text.data() + text.size());
}

CommitTraceWriter::CommitTraceWriter(const std::string& path, const timing::TimingModel& timing)
    : out_(path), timing_(timing) {
    out_.write(
        "# fgtlm commit trace v1 (traces/commit-trace.md)\n"
        "# cycle sm block warp pc mask | disassembly | destination: 32 lane values, lane 0 first, '-' = inactive\n");
}

void CommitTraceWriter::on_commit(const core::IssueRecord& rec, const std::uint32_t* dst_values) {
    fmt::memory_buffer& line = line_;  // reused: no allocation per record
    line.clear();
    fmt::format_to(std::back_inserter(line), "{} {} {} {} {:04x} {:08x} | ", timing_.last().complete, rec.sm, rec.block,
                   rec.warp, rec.pc, rec.active_mask);
    if (rec.inst != nullptr) {
        auto it = text_.find(rec.inst);
        if (it == text_.end()) {
            fmt::memory_buffer text;
            append_disassembly(text, *rec.inst);
            it = text_.emplace(rec.inst, std::string(text.data(), text.size())).first;
        }
        line.append(it->second.data(), it->second.data() + it->second.size());
    }
    line.push_back(' ');
    line.push_back('|');
    if (rec.dst_reg != 0xff && dst_values != nullptr && rec.active_mask != 0) {
        // Name the destination as the instruction does (R3, R3L, R3H, A1, C0).
        // A half shows the 16 bits written (a unit may hand over a sign-extended result, e.g.
        // I2I.S16 of a negative value), as the RTL trace shows its write port's half.
        char prefix = 'R';
        const char* suffix = "";
        std::uint32_t written = 0xffffffffu;
        if (rec.inst != nullptr) {
            switch (rec.inst->dst.kind) {
                case isa::OperandKind::RegLo: suffix = "L"; written = 0xffffu; break;
                case isa::OperandKind::RegHi: suffix = "H"; written = 0xffffu; break;
                case isa::OperandKind::AddrReg: prefix = 'A'; break;
                case isa::OperandKind::Predicate: prefix = 'C'; break;
                default: break;
            }
        }
        fmt::format_to(std::back_inserter(line), " {}{}{} =", prefix, rec.dst_reg, suffix);
        for (std::uint32_t lane = 0; lane < 32; ++lane) {
            if (((rec.active_mask >> lane) & 1u) && rec.dst_dropped) {
                line.append(std::string_view(" nowrite"));  // as the RTL trace marks it
            } else if ((rec.active_mask >> lane) & 1u) {
                fmt::format_to(std::back_inserter(line), " {:08x}", dst_values[lane] & written);
            } else {
                line.append(std::string_view(" -"));
            }
        }
    }
    line.push_back('\n');
    out_.write(std::string_view(line.data(), line.size()));
}

}  // namespace fgtlm::stats
