#include "sim/cli/options.h"

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <sstream>

#include "sim/config/config.h"
#include "sim/config/strategy_catalog.h"
#include "sim/util/output_file.h"

namespace netcosim::cli {

namespace {

// "--opt VALUE" -> "--opt=VALUE" for every option that takes a value, so that a value starting
// with '-' is not read as an option.
std::vector<std::string> join_values(const po::options_description& desc, int argc, char** argv) {
  std::vector<std::string> args;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a.size() > 2 && a.compare(0, 2, "--") == 0 && a.find('=') == std::string::npos &&
        i + 1 < argc) {
      const po::option_description* d = desc.find_nothrow(a.substr(2), false);
      if (d != nullptr && d->semantic()->max_tokens() > 0 && argv[i + 1][0] != '\0') {
        args.push_back(a + "=" + argv[++i]);
        continue;
      }
    }
    args.push_back(a);
  }
  return args;
}

}  // namespace

int usage_error(const CommandLine& cl, const std::string& msg) {
  std::fprintf(stderr, "netcosim %s: %s\n%s(netcosim %s --help lists the options)\n", cl.command,
               msg.c_str(), cl.usage, cl.command);
  return 2;
}

int parse_command_line(CommandLine& cl, int argc, char** argv) {
  cl.options.add_options()("help,h", "print this help and exit");
  po::options_description all;
  all.add(cl.options).add(cl.hidden);
  try {
    const auto parsed =
        po::command_line_parser(join_values(all, argc, argv))
            .options(all)
            .positional(cl.positional)
            .style(po::command_line_style::unix_style ^ po::command_line_style::allow_guessing)
            .run();
    po::store(parsed, cl.vm);
    if (cl.vm.count("help") != 0) {
      std::ostringstream os;
      os << cl.usage << "\n" << cl.options << cl.about;
      util::write_output_file("-", os.str());  // checked: `--help > /dev/full` is exit 2
      return 0;
    }
    po::notify(cl.vm);
  } catch (const po::too_many_positional_options_error&) {
    std::string extra;  // the arguments beyond the positional ones this command takes
    unsigned seen = 0;
    for (const auto& a : join_values(all, argc, argv))
      if ((a.empty() || a[0] != '-') && ++seen > cl.positional.max_total_count())
        extra += (extra.empty() ? "'" : ", '") + a + "'";
    return usage_error(cl, "unexpected argument " + extra);
  } catch (const po::error& e) {
    return usage_error(cl, e.what());
  }
  return -1;
}

int check_destinations(const CommandLine& cl,
                       const std::vector<std::pair<std::string, std::string>>& destinations) {
  for (const auto& [option, path] : destinations) {
    try {
      if (!path.empty()) util::check_output_path(path);
    } catch (const util::OutputError& e) {
      std::fprintf(stderr, "netcosim %s: %s: %s\n", cl.command, option.c_str(), e.what());
      return 2;
    }
  }
  return -1;
}

std::string opt_string(const CommandLine& cl, const char* name) {
  return cl.vm.count(name) != 0 ? cl.vm[name].as<std::string>() : std::string();
}

std::vector<std::string> opt_strings(const CommandLine& cl, const char* name) {
  return cl.vm.count(name) != 0 ? cl.vm[name].as<std::vector<std::string>>()
                                : std::vector<std::string>();
}

std::string config_keys_help() {
  std::string r = "\nconfiguration keys (section.key = default: meaning; allowed values):\n";
  char buf[4096];
  for (const auto& s : config_schema()) {
    std::snprintf(buf, sizeof buf, "  %-28s = %-10s %s", s.name, s.def, s.help);
    r += buf;
    if (s.type == KeyType::Enum) r += std::string("; ") + s.choices;
    if (s.type == KeyType::Int || s.type == KeyType::Float) {
      r += "; [" + format_limit(s.min) + ", " + format_limit(s.max) + "]";
    }
    if (s.type == KeyType::Bool) r += "; true|false";
    r += "\n";
  }
  return r;
}

std::string strategies_help() {
  std::string r;
  char buf[512];
  for (const StrategyFamily& f : strategy_catalog()) {
    r += std::string("\n") + f.what + " (" + f.key;
    if (f.parent_key != nullptr) r += std::string(", with ") + f.parent_key + "=" + f.parent_value;
    r += f.parent_key == nullptr ? "; topology and minimum VCs per port class; keys read):\n"
                                 : "; keys read):\n";
    for (const StrategyInfo& e : f.entries) {
      std::snprintf(buf, sizeof buf, "  %-11s ", e.name);
      r += buf;
      if (f.parent_key == nullptr) {
        std::string vcs = e.topology != nullptr ? e.topology : "any topology";
        for (const ClassVcs& m : e.min_vcs)
          vcs += " " + std::string(m.port_class) + " " + std::to_string(m.vcs);
        r += vcs + ": ";
      }
      r += e.description;
      for (size_t k = 0; k < e.keys.size(); ++k)
        r += (k == 0 ? "; " : ", ") + std::string(e.keys[k]);
      r += "\n";
    }
  }
  return r;
}

bool parse_int(const std::string& s, long long lo, long long hi, long long& out) {
  if (s.empty() || s.find_first_not_of("+-0123456789") != std::string::npos) return false;
  char* end = nullptr;
  errno = 0;
  out = std::strtoll(s.c_str(), &end, 10);
  return *end == '\0' && errno == 0 && out >= lo && out <= hi;
}

}  // namespace netcosim::cli
