// VHDL texts added to the RTL build folder (see rtl_vhdl.cpp). Placeholders: @CORES@ and
// @WARP_LANES@ in kPickBench.
#pragma once

namespace fgtlm::cosim::vhdl {

extern const char* const kPickBench;        // package pick_bench (launch read from fgtlm_launch.txt)
extern const char* const kTpInstructions;   // entity TP_instructions (code from fgtlm_program.txt)
extern const char* const kTpConfiguration;  // entity TP_configuration (registers from pick_bench)
extern const char* const kProbePackage;     // package fgtlm_probe
extern const char* const kMonitor;          // entity fgtlm_monitor (cycles, commit trace)
extern const char* const kDpRamDump;        // generate block appended to dp_ram's architecture
extern const char* const kSmProbes;         // probe assignments appended to streaming_multiprocessor
// Fault-injection builds only (RtlBuildOptions::fault_injection):
extern const char* const kFaultPackage;     // package fgtlm_fault (request signals, register file lookup)
extern const char* const kFaultProbes;      // injector process appended to streaming_multiprocessor
extern const char* const kDpRegfileFlip;    // flip statement inserted into dp_regfile's write process
extern const char* const kDpRegfileStuck;   // stuck-at statement after dp_regfile's write ports

}  // namespace fgtlm::cosim::vhdl
