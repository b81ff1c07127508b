// The response status of the SM's own protocols (pipeline_protocol.hpp, units/unit_protocol.hpp):
// the base protocol's tlm_response_status and its wording, without the rest of the generic payload.
#pragma once

#include <string>

#include <tlm>

namespace fgtlm::sm {

class ResponseStatus {
public:
    void set_response_status(tlm::tlm_response_status s) { status_ = s; }
    [[nodiscard]] tlm::tlm_response_status get_response_status() const { return status_; }
    [[nodiscard]] bool is_response_ok() const { return status_ > 0; }
    [[nodiscard]] std::string get_response_string() const {
        tlm::tlm_generic_payload g;  // the base protocol's wording of the same status
        g.set_response_status(status_);
        return g.get_response_string();
    }

private:
    tlm::tlm_response_status status_ = tlm::TLM_INCOMPLETE_RESPONSE;
};

}  // namespace fgtlm::sm
