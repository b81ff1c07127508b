// The semantic opcode's name, taken from the encoding table (format_table.cpp): the base
// mnemonic of the opcode's first row, without modifiers (CAL.NOINC -> CAL, BAR.ARV.WAIT -> BAR).
#include <fgtlm/isa/disassembler.hpp>

#include "format_table.hpp"

#include <array>
#include <string>

namespace fgtlm::isa {

namespace {

using NameTable = std::array<std::string, std::size_t(Opcode::Count)>;

NameTable build_names() {
    NameTable names;
    names[std::size_t(Opcode::Illegal)] = "ILLEGAL";
    for (const detail::Spec& s : detail::spec_table()) {
        std::string& n = names[std::size_t(s.opcode)];
        if (n.empty()) n = std::string(s.name.substr(0, s.name.find('.')));
    }
    return names;
}

}  // namespace

const char* opcode_name(Opcode op) {
    static const NameTable names = build_names();
    const auto i = std::size_t(op);
    return i < names.size() && !names[i].empty() ? names[i].c_str() : "?";
}

}  // namespace fgtlm::isa
