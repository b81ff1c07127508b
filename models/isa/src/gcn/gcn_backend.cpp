// The three GCN back ends (1.0/1.1, 1.2, 1.4): SOP2 only, as seed 002 documents it.
#include "../common/backends.hpp"
#include "sop2_codec.hpp"

namespace fgtlm::isa {
namespace {

class GcnBackend final : public IsaBackend {
public:
    GcnBackend(gcn::Version v, std::string_view name, std::string_view title) : v_(v), name_(name), title_(title) {}
    std::string_view name() const override { return name_; }
    std::string_view title() const override { return title_; }
    std::string_view seed() const override { return "002_97a1509900cfa0f2.txt"; }
    std::string_view coverage() const override {
        return "SOP2 scalar ALU: every opcode, operand codes, inline constants, literal; executed "
               "(fgtlm::isa::gcn::run)";
    }

    IsaDecoded disassemble_one(std::span<const std::uint32_t> words, std::uint32_t) const override {
        IsaDecoded d;
        const gcn::Sop2Decode r = gcn::decode_sop2(v_, words);
        if (!r.error.empty()) {
            d.error = r.error;
            return d;
        }
        d.words = r.inst.words();
        d.text = gcn::format_sop2(v_, r.inst);
        return d;
    }

    IsaEncoded assemble_one(std::string_view text) const override {
        IsaEncoded e;
        const gcn::Sop2Parse p = gcn::parse_sop2(v_, text);
        if (!p.error.empty()) {
            e.error = p.error;
            e.column = p.column;
            return e;
        }
        e.words = gcn::encode_sop2(v_, p.inst);
        return e;
    }

private:
    gcn::Version v_;
    std::string_view name_, title_;
};

}  // namespace

const IsaBackend& gcn10_backend() {
    static const GcnBackend b(gcn::Version::Gcn10, "gcn1.0", "AMD GCN 1.0/1.1 SOP2 scalar instructions, AMD syntax");
    return b;
}
const IsaBackend& gcn12_backend() {
    static const GcnBackend b(gcn::Version::Gcn12, "gcn1.2", "AMD GCN 1.2 SOP2 scalar instructions, AMD syntax");
    return b;
}
const IsaBackend& gcn14_backend() {
    static const GcnBackend b(gcn::Version::Gcn14, "gcn1.4", "AMD GCN 1.4 SOP2 scalar instructions, AMD syntax");
    return b;
}

}  // namespace fgtlm::isa
