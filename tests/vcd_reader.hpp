// A VCD file as the tests read it (SystemC's sc_trace output): the timescale, every declared
// signal by its full dotted name (the top "SystemC" scope dropped) with its width, and its
// value changes in file order after $enddefinitions (the initial $dumpvars values left out).
// Header-only: the project's tests and the installed-package embedding checks both use it.
#pragma once

#include <cstdint>
#include <fstream>
#include <map>
#include <string>
#include <vector>

namespace fgtlm::test {

struct VcdChange {
    std::uint64_t time;
    std::string value;  // "1", "0" or "b101..."
};

struct VcdFile {
    std::string timescale;                                  // e.g. "10 ns"
    std::map<std::string, int> widths;                      // every declared signal
    std::map<std::string, std::vector<VcdChange>> changes;  // signals that changed
};

// Names under `prefix` lose it (others keep theirs).
inline VcdFile read_vcd(const std::string& path, const std::string& prefix = "") {
    VcdFile f;
    std::ifstream in(path);
    std::vector<std::string> scope;
    std::map<std::string, std::string> id_to_name;
    std::uint64_t now = 0;
    bool defs = true;
    for (std::string tok; in >> tok;) {
        if (defs) {
            if (tok == "$timescale") {
                std::string v, u;
                in >> v >> u;
                f.timescale = v + " " + u;
            } else if (tok == "$scope") {
                std::string kind, name;
                in >> kind >> name;
                scope.push_back(name);
            } else if (tok == "$upscope" && !scope.empty()) {
                scope.pop_back();
            } else if (tok == "$var") {
                std::string kind, id, name, full;
                int width = 0;
                in >> kind >> width >> id >> name;
                for (std::size_t i = 1; i < scope.size(); ++i) full += scope[i] + ".";
                full += name;
                if (!prefix.empty() && full.rfind(prefix, 0) == 0) full = full.substr(prefix.size());
                id_to_name[id] = full;
                f.widths[full] = width;
            } else if (tok == "$enddefinitions") {
                defs = false;
            }
            continue;
        }
        if (tok == "$comment" || tok == "$dumpvars") {  // comments; initial values
            while (in >> tok && tok != "$end") {
            }
            continue;
        }
        if (tok[0] == '#') {
            now = std::stoull(tok.substr(1));
        } else if (tok[0] == 'b') {
            std::string id;
            in >> id;
            f.changes[id_to_name.at(id)].push_back({now, tok});
        } else if (tok[0] == '0' || tok[0] == '1') {
            f.changes[id_to_name.at(tok.substr(1))].push_back({now, tok.substr(0, 1)});
        }
    }
    return f;
}

}  // namespace fgtlm::test
