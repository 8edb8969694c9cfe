// Configuration input through the real binary (NETCOSIM_EXE): what is not a configuration file,
// parser errors, exact limits in run --help, the memory check (exit 2 naming the key), an
// allocation failure (exit 3, one line) and mutants of a shipped configuration (exit 0 or 2 only,
// 0 exactly when the in-process reader accepts them).
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "sim/config/config.h"
#include "sim/network/memory_estimate.h"
#include "tests/config_mutations.h"
#include "tests/integration/cli_runner.h"

namespace {

using Result = netcosim::test::CliResult;

// Runs NETCOSIM_EXE with `args` (cli_runner.h: no shell), stdout and stderr captured; with
// `address_space` > 0 the child's RLIMIT_AS is capped at that many bytes.
Result run(const std::vector<std::string>& args, unsigned long address_space = 0) {
  return address_space > 0 ? netcosim::test::run_netcosim_limited(args, address_space)
                           : netcosim::test::run_netcosim(args);
}

std::string tmp_path(const std::string& name) {
  return testing::TempDir() + "cli_config_" + name;
}

std::string write_tmp(const std::string& name, const std::string& text) {
  const std::string path = tmp_path(name);
  std::ofstream(path, std::ios::binary) << text;
  return path;
}

std::string read_file(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  std::stringstream ss;
  ss << f.rdbuf();
  return ss.str();
}

const std::vector<std::string> kShort = {"--set", "sim.warmup=0", "--set", "sim.measure=200",
                                         "--quiet"};

std::vector<std::string> with_short(std::vector<std::string> v) {
  v.insert(v.end(), kShort.begin(), kShort.end());
  return v;
}

// `netcosim run ARGS... --set S... --json JSON` with short windows: exit 2, every text of
// `wanted` in the output, and no JSON file written.
void expect_refused(std::vector<std::string> args, const std::vector<std::string>& sets,
                    const std::vector<std::string>& wanted, const std::string& json) {
  std::remove(json.c_str());
  for (const std::string& s : sets) {
    args.push_back("--set");
    args.push_back(s);
  }
  args.push_back("--json");
  args.push_back(json);
  const Result r = run(with_short(args));
  EXPECT_EQ(r.status, 2) << sets.at(0) << "\n" << r.output;
  for (const std::string& w : wanted)
    EXPECT_NE(r.output.find(w), std::string::npos) << w << "\n" << r.output;
  EXPECT_FALSE(std::ifstream(json).good()) << sets.at(0) << ": a JSON file was written";
}

TEST(CliConfig, RunAndSweepRefuseADirectoryWithExit2) {
  const std::string dir = tmp_path("dir");
  mkdir(dir.c_str(), 0700);
  Result r = run({"run", dir});
  EXPECT_EQ(r.status, 2) << r.output;
  EXPECT_NE(r.output.find("'" + dir + "' is a directory: expected a regular file"),
            std::string::npos)
      << r.output;
  r = run({"sweep", dir, "--loads", "0.1:0.2:0.1", "--out", tmp_path("sweep_out")});
  EXPECT_EQ(r.status, 2) << r.output;
  EXPECT_NE(r.output.find("is a directory"), std::string::npos) << r.output;
}

TEST(CliConfig, DevZeroIsRefusedAtOnceWithExit2) {
  const Result r = run({"run", "/dev/zero"});
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.output.find("'/dev/zero' is a character device"), std::string::npos) << r.output;
}

TEST(CliConfig, FileLargerThanOneMiBIsRefusedWithExit2) {
  const std::string path = write_tmp("big.ini", std::string(1048577, '\n'));
  const Result r = run({"run", path});
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.output.find("is 1048577 bytes: larger than the limit of 1048576 bytes"),
            std::string::npos)
      << r.output;
}

TEST(CliConfig, NulByteInAValueIsAnErrorNotLoadZero) {
  const std::string path = write_tmp("nul.ini", std::string("[traffic]\nload =\0 0.9\n", 22));
  const Result r = run({"run", path});
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.output.find(path + ":2: control character 0x00 at column 7"), std::string::npos)
      << r.output;
}

TEST(CliConfig, DuplicateKeyInAFileExits2NamingBothLines) {
  const std::string path = write_tmp("dup.ini", "[traffic]\nload = 0.5\nload = 0.6\n");
  const Result r = run({"run", path});
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.output.find(path + ":3: duplicate key traffic.load (first set at " + path + ":2)"),
            std::string::npos)
      << r.output;
}

TEST(CliConfig, ShippedConfigWithBomAndCrLineEndsRunsLikeTheOriginal) {
  const std::string orig =
      read_file(std::string(NETCOSIM_SOURCE_DIR) + "/configs/dragonfly-h2.ini");
  std::string cr;
  for (const char c : orig) c == '\n' ? cr += '\r' : cr += c;
  const std::string a = tmp_path("a.json"), b = tmp_path("b.json");
  const std::string cr_path = write_tmp("cr.ini", "\xEF\xBB\xBF" + cr);
  Result r = run(with_short(
      {"run", std::string(NETCOSIM_SOURCE_DIR) + "/configs/dragonfly-h2.ini", "--json", a}));
  ASSERT_EQ(r.status, 0) << r.output;
  r = run(with_short({"run", cr_path, "--json", b}));
  ASSERT_EQ(r.status, 0) << r.output;
  auto results = [](const std::string& json) { return json.substr(json.find("\"nodes\"")); };
  std::string ja = results(read_file(a)), jb = results(read_file(b));
  for (std::string* j : {&ja, &jb}) {  // timing lines differ between runs
    std::string out, line;
    std::istringstream is(*j);
    while (std::getline(is, line))
      if (line.find("wall_seconds") == std::string::npos &&
          line.find("cycles_per_second") == std::string::npos &&
          line.find("peak_rss_mb") == std::string::npos)
        out += line + "\n";
    *j = out;
  }
  EXPECT_EQ(ja, jb);
}

TEST(CliConfig, SetOfTheSameKeyTwiceTakesTheLast) {
  const Result r = run(
      with_short({"run", "--set", "traffic.load=0.1", "--set", "traffic.load=0.2", "--json", "-"}));
  ASSERT_EQ(r.status, 0) << r.output;
  EXPECT_NE(r.output.find("\"offered_load\": 0.2,"), std::string::npos) << r.output;
}

TEST(CliConfig, HelpPrintsLimitsExactly) {
  const Result r = run({"run", "--help"});
  ASSERT_EQ(r.status, 0);
  EXPECT_NE(r.output.find("(phits); [1, 1048576]"), std::string::npos);
  EXPECT_NE(r.output.find("random seed; [0, 9007199254740991]"), std::string::npos);
  EXPECT_NE(r.output.find("; [1, 2147483647]"), std::string::npos);
  EXPECT_EQ(r.output.find("e+"), std::string::npos) << r.output;
}

TEST(CliConfig, BuffersBeyondTheMachineExit2NamingTheKey) {
  // About 128 TB of global input buffers.
  const Result r = run({"run", "--set", "topology.p=16", "--set", "topology.a=32", "--set",
                        "topology.h=16", "--set", "packet.size=1", "--set",
                        "router.buffer_global=1048576", "--set", "router.vcs_global=16"});
  EXPECT_EQ(r.status, 2) << r.output;
  EXPECT_NE(r.output.find("configuration error: router.buffer_global=1048576 / packet.size=1 x "
                          "router.vcs_global=16 x topology.h=16 ports x 16416 routers needs"),
            std::string::npos)
      << r.output;
  EXPECT_NE(r.output.find("available (MemAvailable in /proc/meminfo"), std::string::npos)
      << r.output;
}

TEST(CliConfig, IdleRunWithTenMillionWarmupCyclesStaysSmall) {
  // The previous exact histogram held one 8-byte counter per cycle of the run: 80 MB for these
  // 10^7 cycles (the whole run peaked at 166 MB). The fixed histogram needs 0.5 MB per sink.
  const std::string json = tmp_path("idle.json");
  const Result r = run({"run", "--set", "traffic.load=0", "--set", "sim.warmup=10000000", "--set",
                        "sim.measure=1000", "--quiet", "--json", json});
  ASSERT_EQ(r.status, 0) << r.output;
  const std::string text = read_file(json);
  const auto pos = text.find("\"peak_rss_mb\": ");
  ASSERT_NE(pos, std::string::npos);
  const double mb = std::strtod(text.c_str() + pos + 15, nullptr);
  EXPECT_GT(mb, 0);
  EXPECT_LT(mb, 40) << "peak resident memory " << mb << " MB";
}

TEST(CliConfig, AllocationFailureExits3WithOneLine) {
  // 72 nodes x 2^20 source-queue entries x 12 B = 906 MB: within the estimate on a machine with
  // 2 GB available, beyond a 512 MB address-space limit.
  if (netcosim::available_memory_bytes() < (uint64_t{2} << 30)) GTEST_SKIP() << "< 2 GB free";
  const Result r = run({"run", "--set", "traffic.source_queue=1048576", "--quiet"}, 512u << 20);
  EXPECT_EQ(r.status, 3) << r.output;
  EXPECT_NE(r.output.find("netcosim: out of memory: an allocation failed (std::bad_alloc)"),
            std::string::npos)
      << r.output;
  EXPECT_EQ(std::count(r.output.begin(), r.output.end(), '\n'), 1) << r.output;
}

TEST(CliConfig, MutantsOfAShippedConfigExitZeroExactlyWhenTheReaderAcceptsThem) {
  const std::string base =
      read_file(std::string(NETCOSIM_SOURCE_DIR) + "/configs/dragonfly-h2.ini");
  netcosim::test::ConfigMutator mut(7);
  int zero = 0, two = 0;
  for (int i = 0; i < 12; ++i) {
    const std::string text = mut.mutate(base);
    const std::string path = write_tmp("mutant.ini", text);
    bool valid = true;
    try {
      netcosim::Config c;
      c.load_ini(text, path);
      c.set_override("sim.warmup=0");
      c.set_override("sim.measure=200");
      netcosim::validate_config(c);
    } catch (const netcosim::ConfigError&) {
      valid = false;
    }
    const Result r = run(with_short({"run", path}));
    ASSERT_TRUE(r.status == 0 || r.status == 2)
        << "mutant " << i << " exit " << r.status << ": " << r.output;
    EXPECT_EQ(r.status == 0, valid) << "mutant " << i << ": " << r.output;
    (r.status == 0 ? zero : two)++;
  }
  EXPECT_GT(zero, 0);
  EXPECT_GT(two, 0);
}

}  // namespace

namespace {

// SAT's keys (docs/model.md "SAT injection throttling"): out of range, k below l, SAT on a mesh
// without a ring, SAT's keys without SAT: exit 2 naming the key, the value and what is allowed;
// no JSON file is written.
TEST(CliConfig, SatBadInputExits2NamingKeyValueAndAllowed) {
  struct Bad {
    std::vector<std::string> sets;
    std::vector<std::string> wanted;
  };
  const std::vector<Bad> cases = {
      {{"traffic.throttling=sat", "traffic.sat_l=0"}, {"traffic.sat_l", "0", "1048576"}},
      {{"traffic.throttling=sat", "traffic.sat_k=2000000"},
       {"traffic.sat_k", "2000000", "1048576"}},
      {{"traffic.throttling=sat", "traffic.sat_l=8", "traffic.sat_k=4"},
       {"traffic.sat_k=4", "at least traffic.sat_l=8", "allowed: 8 to 1048576"}},
      {{"traffic.throttling=sat", "topology.type=mesh", "topology.dims=3x3",
        "routing.algorithm=dor"},
       {"traffic.throttling=sat", "mesh 3x3", "no Hamiltonian cycle",
        "allowed: a dimension of "
        "even size"}},
      {{"traffic.sat_l=8"}, {"traffic.sat_l=8", "traffic.throttling=sat only", "none"}},
      {{"traffic.throttling=sat", "traffic.source_queue=0"},
       {"traffic.throttling=sat", "traffic.source_queue >= 1", "traffic.source_queue=0"}},
      {{"traffic.throttling=fair"}, {"traffic.throttling", "fair", "none|sat"}},
  };
  for (const Bad& b : cases) expect_refused({"run"}, b.sets, b.wanted, tmp_path("sat_bad.json"));
}

// mesh_adaptive on a torus is the adaptive bubble router (docs/model.md §7.2): the dateline (the
// default) is refused naming both keys, and so are what a bubble needs and what a torus lacks.
TEST(CliConfig, TorusAdaptiveBadInputExits2NamingKeyValueAndAllowed) {
  struct Bad {
    std::vector<std::string> sets;
    std::vector<std::string> wanted;
  };
  const std::vector<Bad> cases = {
      {{"topology.type=torus", "topology.dims=4x4", "routing.algorithm=mesh_adaptive"},
       {"routing.algorithm=mesh_adaptive with routing.torus_deadlock=dateline",
        "allowed: routing.torus_deadlock=bubble"}},
      {{"topology.type=torus", "topology.dims=4x4", "routing.algorithm=mesh_adaptive",
        "routing.torus_deadlock=bubble", "router.buffer_y=8"},
       {"router.buffer_y=8", "at least 2*packet.size=16"}},
      {{"topology.type=torus", "topology.dims=4x4", "routing.algorithm=mesh_adaptive",
        "routing.torus_deadlock=bubble", "router.vcs_x=1"},
       {"routing.algorithm=mesh_adaptive needs at least 2 x and 2 y", "router.vcs_x=1"}},
      {{"topology.type=mesh", "topology.dims=4x4", "routing.algorithm=mesh_adaptive",
        "routing.torus_deadlock=bubble"},
       {"routing.torus_deadlock=bubble"}},
  };
  for (const Bad& b : cases)
    expect_refused({"run"}, b.sets, b.wanted, tmp_path("torus_adaptive_bad.json"));
}

}  // namespace

// Batch mode's keys (docs/model.md §5 "Batches"): exit 2 naming the key, the value and what is
// allowed; nothing written.
TEST(CliConfig, BatchModeKeysAreValidated) {
  const std::string json = tmp_path("batch_bad.json");
  struct Bad {
    std::vector<std::string> sets;
    std::vector<std::string> says;
  };
  const std::vector<Bad> cases = {
      {{"sim.mode=batches"}, {"sim.mode", "batches", "window", "batch"}},
      {{"sim.mode=batch", "sim.batches=0"}, {"sim.batches", "0"}},
      {{"sim.mode=batch", "sim.batch_packets=-1"}, {"sim.batch_packets", "-1"}},
      {{"sim.mode=batch", "sim.batch_max_cycles=0"}, {"sim.batch_max_cycles", "0"}},
      {{"sim.mode=batch", "sim.drain=true"}, {"sim.drain=true", "sim.mode=batch", "allowed"}},
      {{"sim.mode=batch", "sim.batches=1000", "sim.batch_max_cycles=1073741823"},
       {"sim.batches=1000", "sim.batch_max_cycles=1073741823", "must not exceed"}}};
  for (const Bad& b : cases)
    expect_refused({"run", std::string(NETCOSIM_SOURCE_DIR) + "/configs/mesh-8x8.ini"}, b.sets,
                   b.says, json);
}
