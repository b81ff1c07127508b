#include <fgtlm/gpu/hierarchy.hpp>

#include <map>
#include <string>

#include <tlm>
#include <tlm_utils/multi_socket_bases.h>

#include <fgtlm/sm/pipeline_protocol.hpp>
#include <fgtlm/sm/units/unit_protocol.hpp>

namespace fgtlm::gpu {

namespace {

using Targets = std::map<const sc_core::sc_interface*, std::string>;

bool is_module(const sc_core::sc_object* o) { return dynamic_cast<const sc_core::sc_module*>(o) != nullptr; }

// A target socket of protocol Types (an export of its forward interface) -> its name.
template <class Types>
void add_target(const sc_core::sc_object* c, Targets& out) {
    using Export = sc_core::sc_export<tlm::tlm_fw_transport_if<Types>>;
    if (const auto* e = dynamic_cast<const Export*>(c))
        if (const sc_core::sc_interface* i = const_cast<Export*>(e)->get_interface()) out.emplace(i, e->name());
}

// Every protocol the model's sockets carry: the base protocol, the SM's pipeline and unit protocols.
void add_targets(const sc_core::sc_object* c, Targets& out) {
    add_target<tlm::tlm_base_protocol_types>(c, out);
    add_target<sm::PipelineProtocol>(c, out);
    add_target<sm::UnitProtocol>(c, out);
}

// Forward interface of every target socket -> the socket's name. A multi-initiator target
// socket hands each initiator its own binder interface: all of them map to the socket.
void collect_targets(const sc_core::sc_object& o, Targets& out) {
    for (const sc_core::sc_object* c : o.get_child_objects()) {
        if (const auto* m = dynamic_cast<const tlm_utils::multi_target_base_if<>*>(c))
            for (const sc_core::sc_interface* b : const_cast<tlm_utils::multi_target_base_if<>*>(m)->get_binders())
                out.emplace(b, c->name());
        add_targets(c, out);
        collect_targets(*c, out);
    }
}

// The bindings of `c` if it is an initiator socket of protocol Types (a port of its forward interface).
template <class Types>
void print_bindings(std::ostream& os, const sc_core::sc_object* c, const Targets& targets, const std::string& indent) {
    using Port = sc_core::sc_port_b<tlm::tlm_fw_transport_if<Types>>;
    const auto* p = dynamic_cast<const Port*>(c);
    if (p == nullptr) return;
    auto* port = const_cast<Port*>(p);
    for (int k = 0; k < port->size(); ++k) {
        const auto it = targets.find((*port)[k]);
        os << indent << "  " << c->basename() << " -> " << (it != targets.end() ? it->second : "(module interface)")
           << '\n';
    }
}

void print(std::ostream& os, const sc_core::sc_object& m, const Targets& targets, int depth) {
    const std::string indent(std::size_t(depth) * 2, ' ');
    os << indent << m.basename() << "  (" << m.kind() << ")\n";
    for (const sc_core::sc_object* c : m.get_child_objects()) {
        print_bindings<tlm::tlm_base_protocol_types>(os, c, targets, indent);
        print_bindings<sm::PipelineProtocol>(os, c, targets, indent);
        print_bindings<sm::UnitProtocol>(os, c, targets, indent);
    }
    for (const sc_core::sc_object* c : m.get_child_objects())
        if (is_module(c)) print(os, *c, targets, depth + 1);
}

}  // namespace

void print_hierarchy(std::ostream& os, const sc_core::sc_object& root) {
    Targets targets;
    for (const sc_core::sc_object* top : sc_core::sc_get_top_level_objects()) {
        add_targets(top, targets);
        collect_targets(*top, targets);
    }
    print(os, root, targets, 0);
}

}  // namespace fgtlm::gpu
