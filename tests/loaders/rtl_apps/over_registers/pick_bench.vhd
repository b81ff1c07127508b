-- Launch configuration of over_registers (FlexGripPlus pick_bench.vhd format).
package pick_bench is
  constant BENCH_K_BLKX : integer := 256;
  constant BENCH_K_BLKY : integer := 1;
  constant BENCH_K_BLKZ : integer := 1;
  constant BENCH_K_GRDX : integer := 1;
  constant BENCH_K_GRDY : integer := 1;
  constant BENCH_KERNEL_GPRS : integer := 80;
  constant BENCH_KERNEL_SHMEM_SIZE : integer := 0;
  constant BENCH_KERNEL_PARAM_SIZE : integer := 3;
  constant BENCH_CMEM_PARAM_SIZE : integer := 0;
  constant READ_DATA_SIZE : integer := 767;
  constant BENCH_KREG0 : std_logic_vector(31 downto 0) := x"00000000";
  constant BENCH_KREG1 : std_logic_vector(31 downto 0) := x"00000400";
  constant BENCH_KREG2 : std_logic_vector(31 downto 0) := x"00000800";
end pick_bench;
