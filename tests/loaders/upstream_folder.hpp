// Writes a conformance bundle back out as a FlexGripPlus application folder in the shape the
// upstream repository's folders have (the RTL's own RTL/TB/{configuration,TP} is one of them):
// pick_bench.vhd with library clauses, type declarations, a `string` constant (BENCH_APP),
// std_logic_vector constants in hex and binary, commented-out duplicates and comments in
// every position; TP_instructions.vhd as the entity/architecture with TP_INSTRUCTIONS and
// `when others => null;`; TP_configuration.vhd as the entity whose architecture builds
// kernel_regs_default / cmem_regs_default from BENCH_KREGn / BENCH_CMEMREGn.
#pragma once

#include <filesystem>

#include <fgtlm/loaders/kernel_image.hpp>

namespace fgtlm::test {

enum class UpstreamLayout {
    Flat,       // APP/{pick_bench,TP_instructions,TP_configuration}.vhd, global_mem.mif, gpgpu_rdata.log
    VhdlSub,    // APP/vhdl/... (the edge application)
    Testbench,  // APP/configuration/pick_bench.vhd, APP/TP/{TP_instructions,TP_configuration}.vhd ... (RTL/TB)
};

// Writes `b` into `app` (created). with_config: a TP_configuration.vhd is written (the
// parameters then come from its arrays); otherwise they are BENCH_KREGn / BENCH_CMEMREGn.
void write_upstream_folder(const loaders::KernelImage& b, const std::filesystem::path& app, UpstreamLayout layout,
                           bool with_config);

}  // namespace fgtlm::test
