// The one option parser of the subcommands: Boost.Program_options, with the `--help` text
// generated from the option descriptions.
#pragma once

#include <boost/program_options.hpp>
#include <string>
#include <utility>
#include <vector>

namespace netcosim::cli {

namespace po = boost::program_options;

struct CommandLine {
  CommandLine(const char* cmd, const char* use, const char* help_tail = "")
      : command(cmd), usage(use), about(help_tail) {}
  const char* command;  // "run", "sweep", ...
  const char* usage;    // the usage line(s), ending with '\n'
  const char* about;    // printed after the options by --help ("" for none)
  po::options_description options{"options"};
  po::options_description hidden;  // the positional arguments (not listed by --help)
  po::positional_options_description positional;
  po::variables_map vm;
};

// A string option's value, shown as `name` by --help; a repeatable one.
inline po::typed_value<std::string>* text(const char* name) {
  return po::value<std::string>()->value_name(name);
}
inline po::typed_value<std::vector<std::string>>* texts(const char* name) {
  return po::value<std::vector<std::string>>()->value_name(name);
}

// Parses argv (argv[0] is the subcommand's name). Returns -1 when the command is to run, else its
// exit status: 0 after printing --help to stdout, 2 after a bad option (an unknown option, a
// missing value: the message names it) on stderr. A value that starts with '-' is taken as the
// value of the option before it (`--loads -0.2:0.5:0.1`, `--json -`).
int parse_command_line(CommandLine& cl, int argc, char** argv);

// "netcosim <command>: <msg>" and the usage on stderr; returns 2.
int usage_error(const CommandLine& cl, const std::string& msg);

// Checks each (option, path) destination that is not empty before any work is done
// (util::check_output_path). Returns -1, or 2 after "netcosim <command>: <option>: <why>" on
// stderr.
int check_destinations(const CommandLine& cl,
                       const std::vector<std::pair<std::string, std::string>>& destinations);

// The value of a string option ("" if absent), of a repeatable one (empty if absent).
std::string opt_string(const CommandLine& cl, const char* name);
std::vector<std::string> opt_strings(const CommandLine& cl, const char* name);

// The configuration keys with their defaults, meanings and allowed values (`netcosim run --help`).
std::string config_keys_help();
// The routing strategies of the strategy catalogue (sim/config/strategy_catalog.h): each
// algorithm with its minimum VCs, each OLM trigger and global policy, their descriptions and the
// keys they read (`netcosim run --help`).
std::string strategies_help();

// Strict integer parsing: the whole text is a decimal integer in [lo, hi].
bool parse_int(const std::string& s, long long lo, long long hi, long long& out);

}  // namespace netcosim::cli
