// Each check builds its own platform in a child process (SystemC elaborates once per
// process), runs it and reports numbers back; the parent compares them.
#pragma once

#include <cstdint>
#include <cstdio>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "platform.hpp"

namespace checks {

using Values = std::map<std::string, double>;

// Runs `body` in a forked child; the child's Values come back through a pipe. A child that
// crashes or throws reports {"failed": 1}.
Values in_child(const std::function<Values()>& body);

// Runs `program` as the driver of a fresh platform with options `o`, then the simulation.
void simulate(example::PlatformOptions o, const std::function<void(example::Platform&)>& program);

// One vector add (n elements) through the register map; values: cycles, state, wrong, ...
Values vector_add_values(example::Driver& cpu, std::uint8_t* ram, std::uint32_t n);
inline Values vector_add_values(example::Platform& p, std::uint32_t n) {
    return vector_add_values(p.cpu, p.ram.data(), n);
}

struct Tally {
    int passed = 0, failed = 0;
    void expect(bool ok, const std::string& what) {
        std::printf("%s: %s\n", ok ? "ok  " : "FAIL", what.c_str());
        (ok ? passed : failed)++;
    }
};

void check_memory(Tally& t);      // points 1, 3, 4 (and 9 through check_at)
void check_at(Tally& t);          // point 9
void check_device(Tally& t);      // points 2, 5, 6, 7, 8
void check_invalidate(Tally& t);  // point 1: DMI invalidated mid-run
void check_trace(Tally& t);
void check_units(Tally& t);  // point 8: a replacement unit's delay, calibrated mode       // point 7: VCD in the
                             // platform's trace file, quiet

}  // namespace checks
