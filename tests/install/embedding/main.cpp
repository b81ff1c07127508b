// Issue 26 embedding checks against the installed FlexGrip-TLM package.
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <sstream>

#include "harness.hpp"

namespace checks {

Values in_child(const std::function<Values()>& body) {
    std::fflush(stdout);
    int fd[2];
    if (pipe(fd) != 0) return {{"failed", 1}};
    const pid_t pid = fork();
    if (pid == 0) {
        close(fd[0]);
        std::string out;
        try {
            for (const auto& [k, v] : body()) out += k + " " + std::to_string(v) + "\n";
        } catch (const std::exception& e) {
            out = "failed 1\nexception 1\n";
            std::fprintf(stderr, "child: %s\n", e.what());
        }
        if (write(fd[1], out.data(), out.size()) < 0) _exit(2);
        std::fflush(stdout);
        _exit(0);
    }
    close(fd[1]);
    std::string text;
    char buf[4096];
    for (ssize_t n; (n = read(fd[0], buf, sizeof buf)) > 0;) text.append(buf, std::size_t(n));
    close(fd[0]);
    int status = 0;
    waitpid(pid, &status, 0);
    Values v;
    std::istringstream in(text);
    for (std::string k; in >> k;) in >> v[k];
    if (v.empty()) v["failed"] = 1;
    return v;
}

void simulate(example::PlatformOptions o, const std::function<void(example::Platform&)>& program) {
    example::Platform p("platform", o);
    p.cpu.program = [&](example::Driver&) { program(p); };
    sc_core::sc_start();
}

Values vector_add_values(example::Driver& cpu, std::uint8_t* ram, std::uint32_t n) {
    using example::kRamBase;
    const std::uint64_t a = kRamBase + 0x10000, b = a + 0x40000, c = b + 0x40000;
    const auto want = example::vector_add_data(ram, a, b, c, n, 5);
    const example::Outcome o = cpu.run(example::vector_add(a, b, c, n));
    double wrong = 0;
    for (std::uint32_t i = 0; i < n; ++i) wrong += example::ram_words(ram, c)[i] != want[i];
    return {{"cycles", double(o.cycles)},
            {"state", o.state()},
            {"error", o.error()},
            {"wrong", wrong},
            {"irq_ns", (o.irq - o.start).to_seconds() * 1e9}};
}

}  // namespace checks

int sc_main(int, char*[]) {
    checks::Tally t;
    checks::check_memory(t);
    checks::check_invalidate(t);
    checks::check_device(t);
    checks::check_trace(t);
    checks::check_units(t);
    std::printf("embedding checks: %d passed, %d failed, %s\n", t.passed, t.failed, t.failed == 0 ? "PASS" : "FAIL");
    return t.failed == 0 ? 0 : 1;
}
