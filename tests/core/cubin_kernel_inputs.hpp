// Launches, inputs and hand-computed results for the cubin kernels a generic launch cannot run
// (test_cubin_kernels.cpp): their loops and addresses depend on the cubin's constant banks and
// on real input data.
#pragma once

#include "core_harness.hpp"

#include <fgtlm/loaders/cubin_loader.hpp>

namespace fgtlm::test {

// Loads every constant segment of `k` into its bank (G80 semantics reads c[b] from bank b).
void load_constant_banks(CoreRun& r, const loaders::CubinKernel& k);

// tests_test36:f_test: loops bounded by c1[0] (10, from the cubin), reads c0 (__constant__
// uu, vv, ww[10]) with MVC's post-increment and the global addresses in c14 (relocations).
void run_test36(const loaders::CubinModule& m, const loaders::CubinKernel& k);

// tests_motion_div2:motion_copy_2ref: motion vectors in c0 decide the path (two textures, one,
// or a copy of the vector's own data); 1220 instructions, 72 TEX.
void run_motion_copy_2ref(const loaders::CubinKernel& k);

}  // namespace fgtlm::test
