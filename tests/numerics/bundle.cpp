#include "bundle.hpp"

#include <fstream>
#include <iterator>
#include <stdexcept>

#include <nlohmann/json.hpp>

namespace fgtlm::numerics::test {

Bundle load_bundle(const std::string& name) {
    const std::string dir = std::string(FGTLM_DATA_DIR) + "/conformance/" + name;
    Bundle b;
    b.init.assign(262144, 0);
    std::ifstream bin(dir + "/global_init.bin", std::ios::binary);
    if (!bin) throw std::runtime_error("cannot open " + dir + "/global_init.bin");
    const std::vector<char> bytes((std::istreambuf_iterator<char>(bin)), std::istreambuf_iterator<char>());
    for (std::size_t i = 0; i < bytes.size() && i < b.init.size(); ++i) b.init[i] = static_cast<std::uint8_t>(bytes[i]);

    std::ifstream js(dir + "/expected.json");
    if (!js) throw std::runtime_error("cannot open " + dir + "/expected.json");
    const auto doc = nlohmann::json::parse(js);
    for (const auto& range : doc.at("ranges")) {
        const auto base = range.at("addr").get<std::uint32_t>();
        std::uint32_t addr = base;
        for (const auto& w : range.at("words")) {
            if (!w.is_null())
                b.expect[addr] = static_cast<std::uint32_t>(std::stoul(w.get<std::string>(), nullptr, 16));
            addr += 4;
        }
    }
    return b;
}

}  // namespace fgtlm::numerics::test
