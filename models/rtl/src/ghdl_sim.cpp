// GHDL back end: the FlexGripPlus VHDL under GHDL, driven clock by clock over VHPIDIRECT.
//
// Why a child process: a GHDL simulation can be started once per process (ghdl_main does
// not return to a re-runnable state), wants an unlimited stack, and its elaboration is built at
// run time in a cache (not when fgtlm is linked). So fgtlm starts the elaborated
// fgtlm_host_top with a shared-memory block (memfd, fgtlm_host_shared.h); the VHDL process in
// fgtlm_host_top calls fgtlm_host_next() every cycle, which hands control to fgtlm and waits
// for the next command. Only one side runs at a time: the RTL is simulated exactly as GHDL
// simulates the testbench, and SystemC decides when each clock edge happens.
#include "ghdl_sim.hpp"

#include <fcntl.h>
#include <signal.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <ctime>
#include <fstream>
#include <new>
#include <sstream>
#include <stdexcept>
#include <string>

#include <fgtlm/cosim/rtl_build.hpp>

#include "../ghdl/fgtlm_host_shared.h"
#include "ghdl_variant.hpp"

namespace fgtlm::rtl::detail {

namespace fs = std::filesystem;

namespace {

std::string tail_of(const fs::path& file) {
    std::ifstream in(file);
    std::string line, tail;
    std::size_t n = 0;
    while (std::getline(in, line)) {
        tail += line + '\n';
        if (++n > 20) tail.erase(0, tail.find('\n') + 1);
    }
    return tail;
}

class GhdlSim final : public RtlSim {
public:
    explicit GhdlSim(const GhdlSimOptions& o) {
        cosim::RtlBuildOptions bo;
        bo.rtl_dir = o.rtl_dir;
        bo.cores = o.cores;
        bo.cache_dir = o.cache_dir.empty() ? cosim::default_cache_dir() : o.cache_dir;
        bo.log = o.log;
        bo.variant = &ghdl_host_variant();
        const cosim::RtlBuild build = cosim::ensure_rtl_build(bo);
        make_run_dir();
        map_shared();
        spawn(build.executable);
        wait_for_sim("start-up");
    }

    ~GhdlSim() override {
        if (pid_ > 0) {
            if (alive()) {
                sh_->cmd = FGTLM_CMD_QUIT;
                sem_post(&sh_->to_sim);
            }
            for (int i = 0; i < 200 && pid_ > 0; ++i) {  // 2 s for a clean end, then kill
                if (::waitpid(pid_, nullptr, WNOHANG) == pid_)
                    pid_ = -1;
                else
                    ::usleep(10'000);
            }
            if (pid_ > 0) {
                ::kill(pid_, SIGKILL);
                ::waitpid(pid_, nullptr, 0);
            }
        }
        if (sh_ != nullptr) {
            sem_destroy(&sh_->to_sim);
            sem_destroy(&sh_->to_host);
            ::munmap(sh_, sizeof(fgtlm_host_shared));
        }
        if (fd_ >= 0) ::close(fd_);
        std::error_code ec;
        if (!run_dir_.empty()) fs::remove_all(run_dir_, ec);
    }

    void set_pins(const RtlPins& p) override {
        int32_t* pin = sh_->pins;
        pin[FGTLM_PIN_RESET] = p.host_reset;
        pin[FGTLM_PIN_BSE] = p.block_scheduler_en;
        pin[FGTLM_PIN_CFG_EN] = p.cfg_en;
        pin[FGTLM_PIN_CFG_CS] = p.cfg_cs;
        pin[FGTLM_PIN_CFG_RW] = p.cfg_rw;
        pin[FGTLM_PIN_CFG_ADR] = std::int32_t(p.cfg_adr);
        pin[FGTLM_PIN_CFG_WR] = std::int32_t(p.cfg_wr_data);
    }

    void tick() override {
        if (dirty_global_ || dirty_const_ || dirty_system_) {
            memory_command(dirty_global_ ? FGTLM_MEMOP_LOAD : FGTLM_MEMOP_NONE,
                           dirty_const_ ? FGTLM_MEMOP_LOAD : FGTLM_MEMOP_NONE,
                           dirty_system_ ? FGTLM_MEMOP_LOAD : FGTLM_MEMOP_NONE);
            dirty_global_ = dirty_const_ = dirty_system_ = false;
        }
        command(FGTLM_CMD_TICK, "a clock cycle");
        global_stale_ = true;  // the kernel may have written global memory
    }

    bool kernel_done() override { return sh_->slots[FGTLM_SLOT_KERNEL_DONE] != 0; }

    void sample(RtlProbes& o, bool results) override {
        const std::uint32_t* s = sh_->slots;
        o.ww_done = s[FGTLM_SLOT_WW_DONE] != 0;
        if (o.ww_done) {
            o.ww_warp = s[FGTLM_SLOT_WW_WARP];
            o.ww_lane = s[FGTLM_SLOT_WW_LANE];
            o.ww_next_pc = s[FGTLM_SLOT_WW_NEXT_PC];
            o.ww_mask = s[FGTLM_SLOT_WW_MASK];
            o.ww_state = s[FGTLM_SLOT_WW_STATE];
        }
        o.ew_done = s[FGTLM_SLOT_EW_DONE] != 0;
        if (o.ew_done && results) {
            o.ew_warp = s[FGTLM_SLOT_EW_WARP];
            o.ew_lane = s[FGTLM_SLOT_EW_LANE];
            o.ew_instr_mask = s[FGTLM_SLOT_EW_MASK];
            o.ew_dest = s[FGTLM_SLOT_EW_DEST];
            o.ew_dest_type = s[FGTLM_SLOT_EW_DEST_TYPE];
            for (unsigned c = 0; c < 32; ++c) o.ew_values[c] = s[FGTLM_SLOT_EW_VALUES + c];
        }
    }

    bool can_trace() const override { return true; }
    void sample_trace(RtlTraceProbes& o) override {
        const std::uint32_t* s = sh_->slots;
        o.cfg_en = s[FGTLM_SLOT_CFG_EN] != 0;
        o.fd_done = s[FGTLM_SLOT_FD_DONE] != 0;
        if (o.fd_done) {
            o.fd_warp = s[FGTLM_SLOT_FD_WARP];
            o.fd_lane = s[FGTLM_SLOT_FD_LANE];
            o.fd_pc = s[FGTLM_SLOT_FD_PC];
            o.fd_words = std::uint64_t(s[FGTLM_SLOT_FD_WORD1]) << 32 | s[FGTLM_SLOT_FD_WORD0];
            o.fd_mask = s[FGTLM_SLOT_FD_MASK];
        }
        o.ew_done = s[FGTLM_SLOT_EW_DONE] != 0;
        if (o.ew_done) {
            o.ew_warp = s[FGTLM_SLOT_EW_WARP];
            o.ew_mask = s[FGTLM_SLOT_EW_MASK];
        }
        o.gpr_en = o.prd_en = o.adr_en = 0;
        for (unsigned c = 0; c < 32; ++c) {
            if (s[FGTLM_SLOT_GPR_ANY] != 0 && s[FGTLM_SLOT_GPR_EN + c] != 0) {
                o.gpr_en |= 1u << c;
                o.gpr_lane[c] = s[FGTLM_SLOT_GPR_LANE + c];
                o.gpr_data[c] = s[FGTLM_SLOT_GPR_DATA + c];
            }
            if (s[FGTLM_SLOT_PRD_ANY] != 0 && s[FGTLM_SLOT_PRD_EN + c] != 0) {
                o.prd_en |= 1u << c;
                o.prd_lane[c] = s[FGTLM_SLOT_PRD_LANE + c];
                o.prd_data[c] = s[FGTLM_SLOT_PRD_DATA + c];
            }
            if (s[FGTLM_SLOT_ADR_ANY] != 0 && s[FGTLM_SLOT_ADR_EN + c] != 0) {
                o.adr_en |= 1u << c;
                o.adr_lane[c] = s[FGTLM_SLOT_ADR_LANE + c];
                o.adr_data[c] = s[FGTLM_SLOT_ADR_DATA + c];
            }
        }
        o.ww_done = s[FGTLM_SLOT_WW_DONE] != 0;
        if (o.ww_done) {
            o.ww_warp = s[FGTLM_SLOT_WW_WARP];
            o.ww_lane = s[FGTLM_SLOT_WW_LANE];
        }
    }

    void load_program(std::span<const std::uint32_t> words) override {
        std::memcpy(sh_->sysmem, words.data(), words.size_bytes());
        dirty_system_ = true;
    }
    void write_global(std::uint32_t addr, std::span<const std::uint8_t> bytes) override {
        fetch_global();  // keep the bytes around the written range as the RTL has them
        std::memcpy(sh_->gmem + addr, bytes.data(), bytes.size());
        dirty_global_ = true;
    }
    void read_global(std::uint32_t addr, std::span<std::uint8_t> bytes) override {
        fetch_global();
        std::memcpy(bytes.data(), sh_->gmem + addr, bytes.size());
    }
    void write_const(std::uint32_t addr, std::span<const std::uint8_t> bytes) override {
        std::memcpy(sh_->cmem + addr, bytes.data(), bytes.size());  // the SM never writes constants
        dirty_const_ = true;
    }

private:
    void make_run_dir() {
        std::string tmpl = (fs::temp_directory_path() / "fgtlm-ghdl-XXXXXX").string();
        if (::mkdtemp(tmpl.data()) == nullptr)
            throw std::runtime_error("GHDL back end: cannot create a run folder in /tmp");
        run_dir_ = tmpl;
        // pick_bench (models/cosim) reads a launch at elaboration; fgtlm configures the GPU
        // through its ports instead, so zeros. The memories' .mif files start them empty.
        std::ofstream launch(run_dir_ / "fgtlm_launch.txt");
        for (int i = 0; i < 92; ++i) launch << "00000000\n";
        for (const char* mif : {"global_mem.mif", "constant_mem.mif", "system_mem.mif", "dummy.mif"})
            std::ofstream(run_dir_ / mif).flush();
    }

    void map_shared() {
        fd_ = ::memfd_create("fgtlm-ghdl-host", 0);  // inherited by the simulation (no CLOEXEC)
        if (fd_ < 0 || ::ftruncate(fd_, sizeof(fgtlm_host_shared)) != 0)
            throw std::runtime_error(std::string("GHDL back end: cannot create shared memory: ") +
                                     std::strerror(errno));
        void* p = ::mmap(nullptr, sizeof(fgtlm_host_shared), PROT_READ | PROT_WRITE, MAP_SHARED, fd_, 0);
        if (p == MAP_FAILED) throw std::runtime_error(std::string("GHDL back end: mmap: ") + std::strerror(errno));
        sh_ = static_cast<fgtlm_host_shared*>(p);  // zero-filled by ftruncate
        sh_->magic = FGTLM_HOST_MAGIC;
        if (sem_init(&sh_->to_sim, 1, 0) != 0 || sem_init(&sh_->to_host, 1, 0) != 0)
            throw std::runtime_error("GHDL back end: cannot create process-shared semaphores");
    }

    void spawn(const fs::path& exe) {
        const std::string exe_s = exe.string(), fd_s = std::to_string(fd_), log = (run_dir_ / "ghdl.log").string();
        const std::string dir = run_dir_.string();
        const pid_t parent = ::getpid();
        pid_ = ::fork();
        if (pid_ < 0) throw std::runtime_error(std::string("GHDL back end: fork: ") + std::strerror(errno));
        if (pid_ == 0) {                         // child: only async-signal-safe calls until exec
            ::prctl(PR_SET_PDEATHSIG, SIGKILL);  // never outlive fgtlm
            if (::getppid() != parent) ::_exit(3);
            const rlimit unlimited{RLIM_INFINITY, RLIM_INFINITY};
            ::setrlimit(RLIMIT_STACK, &unlimited);  // GHDL's large designs need it (ulimit -s unlimited)
            if (::chdir(dir.c_str()) != 0) ::_exit(3);
            const int out = ::open(log.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
            if (out >= 0) {
                ::dup2(out, 1);
                ::dup2(out, 2);
            }
            ::setenv("FGTLM_HOST_FD", fd_s.c_str(), 1);
            const char* argv[] = {exe_s.c_str(), "--ieee-asserts=disable", "--max-stack-alloc=0", nullptr};
            ::execv(exe_s.c_str(), const_cast<char* const*>(argv));
            ::_exit(127);
        }
    }

    bool alive() {
        if (pid_ <= 0) return false;
        int status = 0;
        if (::waitpid(pid_, &status, WNOHANG) != pid_) return true;
        exit_status_ = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
        pid_ = -1;
        return false;
    }

    // Waits for the simulation to finish the command; a simulation that dies is reported.
    void wait_for_sim(const char* what) {
        for (;;) {
            timespec until{};
            ::clock_gettime(CLOCK_REALTIME, &until);
            until.tv_sec += 1;
            if (sem_timedwait(&sh_->to_host, &until) == 0) return;
            if (errno != ETIMEDOUT && errno != EINTR)
                throw std::runtime_error(std::string("GHDL back end: sem_timedwait: ") + std::strerror(errno));
            if (!alive()) {
                std::ostringstream s;
                s << "GHDL back end: the simulation ended during " << what << " (exit status " << exit_status_
                  << "); its output (" << (run_dir_ / "ghdl.log").string() << "):\n"
                  << tail_of(run_dir_ / "ghdl.log");
                run_dir_.clear();  // keep the folder for the user
                throw std::runtime_error(s.str());
            }
        }
    }

    void command(int cmd, const char* what) {
        sh_->cmd = cmd;
        sem_post(&sh_->to_sim);
        wait_for_sim(what);
    }

    void memory_command(int global, int constant, int system) {
        sh_->mem_op[FGTLM_MEM_GLOBAL] = global;
        sh_->mem_op[FGTLM_MEM_CONST] = constant;
        sh_->mem_op[FGTLM_MEM_SYSTEM] = system;
        command(FGTLM_CMD_MEM, "a memory transfer");
    }

    // Brings the shared copy of global memory up to date with the RTL's (after cycles ran).
    void fetch_global() {
        if (!global_stale_) return;
        memory_command(FGTLM_MEMOP_STORE, FGTLM_MEMOP_NONE, FGTLM_MEMOP_NONE);
        global_stale_ = false;
    }

    fs::path run_dir_;
    int fd_ = -1;
    fgtlm_host_shared* sh_ = nullptr;
    pid_t pid_ = -1;
    int exit_status_ = 0;
    bool global_stale_ = false;
    bool dirty_global_ = false, dirty_const_ = false, dirty_system_ = false;
};

}  // namespace

std::unique_ptr<RtlSim> make_ghdl_sim(const GhdlSimOptions& options) { return std::make_unique<GhdlSim>(options); }

}  // namespace fgtlm::rtl::detail
