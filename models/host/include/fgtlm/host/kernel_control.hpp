// The narrow interface between the host register map and whatever runs kernels.
//
// HostInterface (the register file a driver programs) knows nothing about SMs; it only needs
// to start a launch, abort it, reset the engine and learn when and how it ended. The GPU top
// implements this interface and owns a HostInterface, exposing the interface's target socket
// as the GPU's register socket. Tests can implement it with a small timed fixture.
#pragma once

#include <fgtlm/core/launch.hpp>

#include <systemc>

namespace fgtlm::host {

class KernelControl {
public:
    virtual ~KernelControl() = default;

    // Begin running `config` (config.code_base = bus address of instruction 0; the engine
    // fetches or copies `code_bytes` bytes of code from there through its memory port).
    // Called only while !busy(). Must not block; completion is signalled by done_event().
    virtual void start(const core::LaunchConfig& config, std::uint32_t code_bytes) = 0;

    // Request the running kernel to stop; it then completes (done_event) with
    // KernelErrorKind::Aborted. No effect when idle.
    virtual void abort() = 0;

    // Return to the power-up state (called only after abort() while busy, or when idle).
    virtual void reset() = 0;

    [[nodiscard]] virtual bool busy() const = 0;

    // Outcome of the last completed launch; valid after done_event() fired.
    [[nodiscard]] virtual const core::KernelResult& result() const = 0;

    // Notified once per completed launch (including errors and aborts).
    [[nodiscard]] virtual const sc_core::sc_event& done_event() const = 0;
};

}  // namespace fgtlm::host
