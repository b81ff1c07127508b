-- FlexGrip-TLM co-simulation: pick_bench read at run time.
-- Written by fgtlm (not part of FlexGripPlus). The core count is fixed per build; every
-- launch constant comes from fgtlm_launch.txt in the simulation's working folder, so one
-- elaborated testbench serves every kernel.
library IEEE;
use IEEE.STD_LOGIC_1164.ALL;
use IEEE.numeric_std.all;
use std.textio.all;

package pick_bench is
    type cmem_regs_type   is array (63 downto 0) of std_logic_vector(7 downto 0);
    type kernel_regs_type is array (15 downto 0) of std_logic_vector(31 downto 0);

    constant BENCH_CORES      : integer := @CORES@;
    constant BENCH_WARP_LANES : integer := @WARP_LANES@;
    constant BENCH_APP      : string := "TP";
    constant BENCH_APP_INST : string := "TP";

    -- fgtlm_launch.txt: 92 lines of 8 hex digits (see models/cosim/README.md).
    type fgtlm_launch_type is array (0 to 91) of std_logic_vector(31 downto 0);
    impure function fgtlm_read_launch return fgtlm_launch_type;
    constant FGTLM_LAUNCH : fgtlm_launch_type;

    constant BENCH_K_BLKX : std_logic_vector(15 downto 0);
    constant BENCH_K_BLKY : std_logic_vector(15 downto 0);
    constant BENCH_K_BLKZ : std_logic_vector(15 downto 0);
    constant BENCH_K_GRDX : std_logic_vector(15 downto 0);
    constant BENCH_K_GRDY : std_logic_vector(15 downto 0);
    constant BENCH_CMEM_PARAM_SIZE   : std_logic_vector(5 downto 0);
    constant BENCH_KERNEL_PARAM_SIZE : std_logic_vector(3 downto 0);
    constant BENCH_KERNEL_GPRS       : std_logic_vector(8 downto 0);
    constant BENCH_KERNEL_SHMEM_SIZE : std_logic_vector(31 downto 0);
    constant BENCH_BLOCKS_PER_CORE   : std_logic_vector(3 downto 0);
    constant BENCH_DYN_SHMEM_SIZE    : std_logic_vector(31 downto 0);
    constant READ_DATA_SIZE          : std_logic_vector(17 downto 0);
    constant FGTLM_KREGS : kernel_regs_type;
    constant FGTLM_CMEM  : cmem_regs_type;
    constant FGTLM_FAST_DUMP : boolean;
    constant FGTLM_COMMIT_TRACE : boolean;
end pick_bench;

package body pick_bench is
    impure function fgtlm_read_launch return fgtlm_launch_type is
        file f : text open read_mode is "fgtlm_launch.txt";
        variable l : line;
        variable v : fgtlm_launch_type := (others => (others => '0'));
    begin
        for i in v'range loop
            assert not endfile(f) report "fgtlm_launch.txt: too few lines" severity failure;
            readline(f, l);
            hread(l, v(i));
        end loop;
        return v;
    end function;

    impure function to_kregs(L : fgtlm_launch_type) return kernel_regs_type is
        variable r : kernel_regs_type;
    begin
        for i in 0 to 15 loop r(i) := L(11 + i); end loop;
        return r;
    end function;

    impure function to_cmem(L : fgtlm_launch_type) return cmem_regs_type is
        variable r : cmem_regs_type;
    begin
        for i in 0 to 63 loop r(i) := L(27 + i)(7 downto 0); end loop;
        return r;
    end function;

    constant FGTLM_LAUNCH : fgtlm_launch_type := fgtlm_read_launch;
    constant BENCH_K_BLKX : std_logic_vector(15 downto 0) := FGTLM_LAUNCH(0)(15 downto 0);
    constant BENCH_K_BLKY : std_logic_vector(15 downto 0) := FGTLM_LAUNCH(1)(15 downto 0);
    constant BENCH_K_BLKZ : std_logic_vector(15 downto 0) := FGTLM_LAUNCH(2)(15 downto 0);
    constant BENCH_K_GRDX : std_logic_vector(15 downto 0) := FGTLM_LAUNCH(3)(15 downto 0);
    constant BENCH_K_GRDY : std_logic_vector(15 downto 0) := FGTLM_LAUNCH(4)(15 downto 0);
    constant BENCH_CMEM_PARAM_SIZE   : std_logic_vector(5 downto 0)  := FGTLM_LAUNCH(5)(5 downto 0);
    constant BENCH_KERNEL_PARAM_SIZE : std_logic_vector(3 downto 0)  := FGTLM_LAUNCH(6)(3 downto 0);
    constant BENCH_KERNEL_GPRS       : std_logic_vector(8 downto 0)  := FGTLM_LAUNCH(7)(8 downto 0);
    constant BENCH_KERNEL_SHMEM_SIZE : std_logic_vector(31 downto 0) := FGTLM_LAUNCH(8);
    constant BENCH_BLOCKS_PER_CORE   : std_logic_vector(3 downto 0)  := FGTLM_LAUNCH(9)(3 downto 0);
    constant BENCH_DYN_SHMEM_SIZE    : std_logic_vector(31 downto 0) := (others => '0');
    constant READ_DATA_SIZE          : std_logic_vector(17 downto 0) := FGTLM_LAUNCH(10)(17 downto 0);
    constant FGTLM_KREGS : kernel_regs_type := to_kregs(FGTLM_LAUNCH);
    constant FGTLM_CMEM  : cmem_regs_type := to_cmem(FGTLM_LAUNCH);
    constant FGTLM_FAST_DUMP : boolean := FGTLM_LAUNCH(91)(0) = '1';
    constant FGTLM_COMMIT_TRACE : boolean := FGTLM_LAUNCH(91)(1) = '1';
end pick_bench;
