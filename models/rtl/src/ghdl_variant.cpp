// The GHDL back end's build variant of fgtlm cosim's GHDL build: what it adds to the
// analysed design and how it patches the copies of dp_ram and streaming_multiprocessor.
#include "ghdl_variant.hpp"

#include <stdexcept>
#include <string>

#include "ghdl_texts.hpp"

namespace fgtlm::rtl::detail {

namespace {

std::string insert_before(std::string text, const std::string& anchor, const std::string& what, const char* file) {
    const auto pos = text.find(anchor);
    if (pos == std::string::npos)
        throw std::runtime_error(std::string("GHDL back end: cannot patch the build copy of ") + file + ": '" + anchor +
                                 "' not found (unexpected FlexGripPlus version?)");
    return text.insert(pos, what);
}

std::string insert_after(std::string text, const std::string& anchor, const std::string& what, const char* file) {
    const auto pos = text.find(anchor);
    if (pos == std::string::npos) return insert_before(text, anchor, what, file);  // throws
    return text.insert(pos + anchor.size(), what);
}

// dp_ram: the host process (dp_ram_host.vhd) for the global, constant and system memories,
// and their read ports made sensitive to fgtlm_mem_gen (a load must show at once).
std::string patch_dp_ram(std::string s) {
    s = insert_before(s, "entity dp_ram is", "use work.fgtlm_host.all;\n", "dp_ram.vhd");
    s = insert_after(s, "shared variable ram : mem_type := init_mem(mif_file_name => RAM_INIT_FILE);",
                     "\n\n\t-- fgtlm GHDL back end: which memory fgtlm loads and reads back (0 = none).\n"
                     "\tfunction fgtlm_mem_number return integer is\n\tbegin\n"
                     "\t\tif RAM_INIT_FILE = \"./global_mem.mif\" then return 1;\n"
                     "\t\telsif RAM_INIT_FILE = \"./constant_mem.mif\" then return 2;\n"
                     "\t\telsif RAM_INIT_FILE = \"./system_mem.mif\" then return 3;\n"
                     "\t\telse return 0; end if;\n\tend function;\n"
                     "\tconstant FGTLM_MEM_ID : integer := fgtlm_mem_number;\n"
                     "\tsignal fgtlm_mem_gen : natural := 0;  -- changes after a load (never < 0)\n",
                     "dp_ram.vhd");
    for (const char* port : {"a", "b"}) {
        const std::string old =
            std::string("dout_") + port + " <= (others => 'X') when to_integer(unsigned(addr_" + port + "))";
        s = insert_after(s, old.substr(0, old.find("when") + 5), "fgtlm_mem_gen < 0 or ", "dp_ram.vhd");
    }
    return insert_before(s, "end architecture dp_ram_archi", ghdl_text::kDpRamHost, "dp_ram.vhd");
}

std::string patch_sm(std::string s) {
    s = insert_before(s, "entity streaming_multiprocessor is", "use work.fgtlm_host.all;\n",
                      "streaming_multiprocessor.vhd");
    const auto pos = s.rfind("end arch");
    if (pos == std::string::npos) return insert_before(s, "end arch", "", "streaming_multiprocessor.vhd");
    return s.insert(pos, ghdl_text::kSmHostProbes);
}

}  // namespace

const cosim::RtlBuildVariant& ghdl_host_variant() {
    static const cosim::RtlBuildVariant v = [] {
        cosim::RtlBuildVariant r;
        r.name = "host";
        r.top = "fgtlm_host_top";
        r.packages = {{"fgtlm_host.vhd", ghdl_text::kHostPackage}};
        r.units = {{"fgtlm_host_top.vhd", ghdl_text::kHostTop}};
        r.c_sources = {{"fgtlm_host_shim.c", std::string(ghdl_text::kShared) + "\n" + ghdl_text::kShim}};
        // The texts inserted below and a version: bump it when patch_dp_ram / patch_sm change.
        r.patch_key = std::string(ghdl_text::kDpRamHost) + ghdl_text::kSmHostProbes + "patch-3";
        r.patch = [](const std::string& name, const std::string& text) -> std::optional<std::string> {
            if (name == "dp_ram.vhd") return patch_dp_ram(text);
            if (name == "streaming_multiprocessor.vhd") return patch_sm(text);
            return std::nullopt;
        };
        return r;
    }();
    return v;
}

}  // namespace fgtlm::rtl::detail
