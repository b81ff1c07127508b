#include <fgtlm/gpu/hierarchy.hpp>

#include <map>
#include <string>

#include <tlm>
#include <tlm_utils/multi_socket_bases.h>

namespace fgtlm::gpu {

namespace {

using Targets = std::map<const sc_core::sc_interface*, std::string>;

bool is_module(const sc_core::sc_object* o) { return dynamic_cast<const sc_core::sc_module*>(o) != nullptr; }

// Forward interface of every target socket -> the socket's name. A multi-initiator target
// socket hands each initiator its own binder interface: all of them map to the socket.
void collect_targets(const sc_core::sc_object& o, Targets& out) {
    for (const sc_core::sc_object* c : o.get_child_objects()) {
        if (const auto* m = dynamic_cast<const tlm_utils::multi_target_base_if<>*>(c))
            for (const sc_core::sc_interface* b : const_cast<tlm_utils::multi_target_base_if<>*>(m)->get_binders())
                out.emplace(b, c->name());
        if (const auto* e = dynamic_cast<const sc_core::sc_export<tlm::tlm_fw_transport_if<>>*>(c)) {
            if (const sc_core::sc_interface* i =
                    const_cast<sc_core::sc_export<tlm::tlm_fw_transport_if<>>*>(e)->get_interface())
                out.emplace(i, e->name());
        }
        collect_targets(*c, out);
    }
}

void print(std::ostream& os, const sc_core::sc_object& m, const Targets& targets, int depth) {
    const std::string indent(std::size_t(depth) * 2, ' ');
    os << indent << m.basename() << "  (" << m.kind() << ")\n";
    for (const sc_core::sc_object* c : m.get_child_objects()) {
        const auto* p = dynamic_cast<const sc_core::sc_port_b<tlm::tlm_fw_transport_if<>>*>(c);
        if (p == nullptr) continue;
        auto* port = const_cast<sc_core::sc_port_b<tlm::tlm_fw_transport_if<>>*>(p);
        for (int k = 0; k < port->size(); ++k) {
            const auto it = targets.find((*port)[k]);
            os << indent << "  " << c->basename() << " -> " << (it != targets.end() ? it->second : "(module interface)")
               << '\n';
        }
    }
    for (const sc_core::sc_object* c : m.get_child_objects())
        if (is_module(c)) print(os, *c, targets, depth + 1);
}

}  // namespace

void print_hierarchy(std::ostream& os, const sc_core::sc_object& root) {
    Targets targets;
    for (const sc_core::sc_object* top : sc_core::sc_get_top_level_objects()) {
        if (const auto* e = dynamic_cast<const sc_core::sc_export<tlm::tlm_fw_transport_if<>>*>(top))
            if (const sc_core::sc_interface* i =
                    const_cast<sc_core::sc_export<tlm::tlm_fw_transport_if<>>*>(e)->get_interface())
                targets.emplace(i, e->name());
        collect_targets(*top, targets);
    }
    print(os, root, targets, 0);
}

}  // namespace fgtlm::gpu
