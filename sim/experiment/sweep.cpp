// The load sweep (sweep.h).
#include "sim/experiment/sweep.h"

#include <algorithm>
#include <atomic>
#include <boost/math/distributions/students_t.hpp>
#include <cctype>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <mutex>
#include <sstream>
#include <thread>

#include "sim/util/json_number.h"
#include "sim/util/output_file.h"

namespace netcosim::experiment {

namespace {

using ordered_json = nlohmann::ordered_json;

std::string fmt(const char* f, double v) {
  char buf[64];
  std::snprintf(buf, sizeof buf, f, v);
  return buf;
}

// Strict number parsing: the whole text must be a finite number.
bool parse_double(const std::string& s, double& out) {
  if (s.empty()) return false;
  char* end = nullptr;
  out = std::strtod(s.c_str(), &end);
  return *end == '\0' && std::isfinite(out);
}

std::string csv_num(double v) {
  return std::isfinite(v) ? fmt("%.6g", v) : "nan";
}

double mean_of(const std::vector<const SweepPoint*>& pts, double (*f)(const RunResults&)) {
  double s = 0;
  for (const SweepPoint* p : pts) s += f(p->res);
  return pts.empty() ? NAN : s / static_cast<double>(pts.size());
}

// The misrouting metrics' seed means (docs/model.md §5).
void aggregate_misrouting(const std::vector<const SweepPoint*>& pts, SweepRow& r) {
  r.nonminimal = mean_of(pts, [](const RunResults& x) { return x.nonminimal_fraction; });
  r.global_misrouted =
      mean_of(pts, [](const RunResults& x) { return x.global_misrouted_fraction; });
  r.local_misrouted = mean_of(pts, [](const RunResults& x) { return x.local_misrouted_fraction; });
  r.misrouted_at[0] =
      mean_of(pts, [](const RunResults& x) { return x.accepted_misrouted_injection; });
  r.misrouted_at[1] =
      mean_of(pts, [](const RunResults& x) { return x.accepted_misrouted_source_group; });
  r.misrouted_at[2] =
      mean_of(pts, [](const RunResults& x) { return x.accepted_misrouted_intermediate_group; });
  r.misrouted_at[3] =
      mean_of(pts, [](const RunResults& x) { return x.accepted_misrouted_destination_group; });
}

}  // namespace

std::vector<double> expand_loads(const std::string& spec) {
  const size_t c1 = spec.find(':');
  const size_t c2 = c1 == std::string::npos ? std::string::npos : spec.find(':', c1 + 1);
  const std::string head = "--loads " + spec + ": ";
  if (c2 == std::string::npos || spec.find(':', c2 + 1) != std::string::npos)
    throw UsageError(head + "expected FROM:TO:STEP, e.g. 0.1:0.9:0.1");
  const std::string parts[3] = {spec.substr(0, c1), spec.substr(c1 + 1, c2 - c1 - 1),
                                spec.substr(c2 + 1)};
  const char* names[3] = {"FROM", "TO", "STEP"};
  double v[3];
  for (int k = 0; k < 3; ++k)
    if (!parse_double(parts[k], v[k]))
      throw UsageError(head + names[k] + " '" + parts[k] + "' is not a number");
  const double from = v[0], to = v[1], step = v[2];
  const char* range = " is outside [0, 1] (offered loads are phits/(node*cycle) in [0, 1])";
  if (from < 0 || from > 1) throw UsageError(head + "FROM=" + parts[0] + range);
  if (to < 0 || to > 1) throw UsageError(head + "TO=" + parts[1] + range);
  if (from > to)
    throw UsageError(head + "FROM=" + parts[0] + " is greater than TO=" + parts[1] +
                     " (FROM must be <= TO)");
  if (!(step > 0)) throw UsageError(head + "STEP=" + parts[2] + " must be > 0");
  const double n = std::floor((to - from) / step + 1e-9) + 1;
  if (n > static_cast<double>(kMaxLoads))
    throw UsageError(head + "STEP=" + parts[2] + " gives more than " + std::to_string(kMaxLoads) +
                     " loads");
  std::vector<double> loads;
  for (size_t i = 0; i < static_cast<size_t>(n); ++i) {
    // Round away the accumulated binary error (0.1 + 2*0.1 = 0.30000000000000004).
    const double l = std::round((from + static_cast<double>(i) * step) * 1e9) / 1e9;
    loads.push_back(std::min(l, 1.0));
  }
  return loads;
}

double student_t975(size_t df) {
  if (df == 0) return NAN;
  return boost::math::quantile(boost::math::students_t(static_cast<double>(df)), 0.975);
}

Stat summarize(const std::vector<double>& x) {
  Stat s;
  if (x.empty()) return s;
  double sum = 0;
  for (double v : x) sum += v;
  s.mean = sum / static_cast<double>(x.size());
  if (x.size() < 2) return s;
  double ss = 0;
  for (double v : x) ss += (v - s.mean) * (v - s.mean);
  const double sd = std::sqrt(ss / static_cast<double>(x.size() - 1));
  s.ci95 = student_t975(x.size() - 1) * sd / std::sqrt(static_cast<double>(x.size()));
  return s;
}

Config point_config(const Config& base, double load, uint64_t seed) {
  Config c = base;
  c.set("traffic.load", fmt("%.9g", load), "--loads");
  c.set("sim.seed", std::to_string(seed), "--seeds");
  return c;
}

namespace {

bool curve_name_char(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) != 0 ||
         std::string(" _-+.()/*").find(c) != std::string::npos;
}

// The curve NAME with the overrides `text` ("k=v k=v", blank-separated), given at `head`.
CurveDef parse_curve(const std::string& head, const std::string& name, const std::string& text) {
  if (name.empty())
    throw UsageError(head + ": the curve name is empty; expected NAME: section.key=value ...");
  if (name.size() > kMaxCurveNameChars || !std::all_of(name.begin(), name.end(), curve_name_char))
    throw UsageError(head + ": curve name '" + quote_value(name) + "': a curve name is 1 to " +
                     std::to_string(kMaxCurveNameChars) +
                     " characters among letters, digits, space and _-+.()/*");
  CurveDef c{name, {}, head};
  std::istringstream is(text);
  for (std::string tok; is >> tok;) {
    const size_t eq = tok.find('=');
    if (eq == std::string::npos || eq == 0)
      throw UsageError(head + ": curve '" + name + "': '" + quote_value(tok) +
                       "' is not section.key=value");
    const std::string key = tok.substr(0, eq);
    if (key == "traffic.load")
      throw UsageError(head + ": curve '" + name +
                       "' sets traffic.load; the sweep sets it (use --loads FROM:TO:STEP)");
    for (const std::string& o : c.overrides)
      if (o.compare(0, key.size() + 1, key + "=") == 0)
        throw UsageError(head + ": curve '" + name + "' sets " + key + " twice");
    c.overrides.push_back(tok);
  }
  return c;
}

std::string trim_blanks(const std::string& s) {
  const size_t b = s.find_first_not_of(" \t");
  return b == std::string::npos ? "" : s.substr(b, s.find_last_not_of(" \t") - b + 1);
}

// The curves of the command line or of the file's [curves] section (not both).
std::vector<CurveDef> curve_defs(const std::vector<std::string>& options, const IniCurves& ini) {
  if (!options.empty() && ini.present)
    throw UsageError("--curve is given and " + ini.where +
                     " starts a [curves] section: give the curves either on the command line or "
                     "in the file, not both");
  if (ini.present && ini.lines.empty())
    throw UsageError(ini.where +
                     ": the [curves] section lists no curve; give one line per curve (NAME = "
                     "section.key=value ...) or remove the section");
  std::vector<CurveDef> defs;
  for (const auto& o : options) defs.push_back(parse_curve_option(o));
  for (const auto& l : ini.lines) defs.push_back(parse_curve_line(l));
  if (defs.size() > kMaxCurves)
    throw UsageError(std::to_string(defs.size()) + " curves: at most " +
                     std::to_string(kMaxCurves) + " curves per sweep");
  for (size_t i = 0; i < defs.size(); ++i)
    for (size_t j = 0; j < i; ++j)
      if (defs[i].name == defs[j].name)
        throw UsageError(defs[i].origin + ": duplicate curve name '" + defs[i].name +
                         "' (first given at " + defs[j].origin + "); give each curve its own name");
  return defs;
}

// The curve's configuration, validated at every load. A named curve's errors start with
// "curve 'NAME'" (and the file and line of a [curves] line).
SweepCurve make_curve(const Config& base, const CurveDef& def, const std::vector<double>& loads,
                      size_t seeds) {
  SweepCurve c{def.name, def.overrides, base, 0};
  try {
    for (const std::string& o : def.overrides) {
      const size_t eq = o.find('=');
      c.base.set(o.substr(0, eq), o.substr(eq + 1));
    }
    c.seed0 = static_cast<uint64_t>(c.base.get_int("sim.seed"));
    for (double l : loads) validate_config(point_config(c.base, l, c.seed0 + seeds - 1));
  } catch (const ConfigError& e) {
    if (def.name.empty()) throw;
    const bool option = def.origin.compare(0, 7, "--curve") == 0;
    throw ConfigError("curve '" + def.name + "'" + (option ? "" : " (" + def.origin + ")") + ": " +
                      e.what());
  }
  return c;
}

}  // namespace

CurveDef parse_curve_option(const std::string& text) {
  const std::string head = "--curve '" + quote_value(text) + "'";
  const size_t colon = text.find(':');
  if (colon == std::string::npos)
    throw UsageError(head +
                     ": expected NAME: section.key=value ..., e.g. --curve 'OLM: "
                     "routing.algorithm=olm'");
  return parse_curve(head, trim_blanks(text.substr(0, colon)), text.substr(colon + 1));
}

CurveDef parse_curve_line(const CurveLine& line) {
  return parse_curve(line.where, line.name, line.overrides);
}

SweepSpec make_spec(const std::string& config_file, const std::vector<std::string>& sets,
                    const std::vector<std::string>& curve_options, const std::vector<double>& loads,
                    size_t seeds) {
  SweepSpec spec;
  Config base;
  IniCurves ini;
  base.load_file(config_file, &ini);
  for (const auto& s : sets) {
    std::string key = s.substr(0, s.find('='));
    key.erase(0, key.find_first_not_of(" \t"));
    key.erase(key.find_last_not_of(" \t") + 1);
    if (key == "traffic.load")
      throw UsageError("--set " + s + ": the sweep sets traffic.load; use --loads FROM:TO:STEP");
    base.set_override(s);
  }
  spec.loads = loads;
  spec.seeds = seeds;
  spec.seed0 = static_cast<uint64_t>(base.get_int("sim.seed"));
  std::vector<CurveDef> defs = curve_defs(curve_options, ini);
  if (defs.empty()) defs.push_back({});  // the one unnamed curve
  for (const CurveDef& d : defs) spec.curves.push_back(make_curve(base, d, loads, seeds));
  return spec;
}

std::vector<SweepPoint> run_points(const SweepSpec& spec, size_t jobs,
                                   const SweepProgress& progress) {
  std::vector<SweepPoint> points;
  for (size_t c = 0; c < spec.curves.size(); ++c)
    for (double l : spec.loads)
      for (size_t s = 0; s < spec.seeds; ++s)
        points.push_back({c, l, spec.curves[c].seed0 + s, {}, ""});
  const size_t n = points.size();
  // The highest loads first (the slowest), over all curves; ties in reverse point order.
  std::vector<size_t> order(n);
  for (size_t k = 0; k < n; ++k) order[k] = n - 1 - k;
  std::stable_sort(order.begin(), order.end(),
                   [&](size_t a, size_t b) { return points[a].load > points[b].load; });
  std::vector<std::atomic<double>> frac(n);  // progress of each point in [0, 1]
  for (auto& f : frac) f.store(0.0);
  std::atomic<size_t> next{0}, finished{0};
  std::atomic<bool> abort{false};
  std::mutex mu;
  std::condition_variable cv;
  std::exception_ptr failure;
  auto worker = [&] {
    for (size_t k; !abort.load() && (k = next.fetch_add(1)) < n;) {
      const size_t idx = order[k];
      SweepPoint& p = points[idx];
      const std::string& name = spec.curves[p.curve].name;
      try {
        const Config c = point_config(spec.curves[p.curve].base, p.load, p.seed);
        const std::unique_ptr<Network> net = build_network(c);
        std::atomic<double>& f = frac[idx];
        p.res = run_native(
            *net, [&f](Cycle t, Cycle end) { f.store(std::min(1.0, double(t) / end)); }, 1);
        p.json = name.empty() ? results_json_line(p.res, c)
                              : with_curve(results_json_line(p.res, c), name);
      } catch (const std::exception& e) {
        const std::string what = (name.empty() ? "" : "curve '" + name + "', ") + "load " +
                                 fmt("%g", p.load) + ", seed " + std::to_string(p.seed) + ": " +
                                 e.what();
        std::lock_guard<std::mutex> lock(mu);
        if (!failure)
          failure = dynamic_cast<const ConfigError*>(&e) != nullptr
                        ? std::make_exception_ptr(ConfigError(what))
                        : std::make_exception_ptr(SimulationFailure(what));
        abort.store(true);
      }
      frac[idx].store(1.0);
      finished.fetch_add(1);
      cv.notify_all();
    }
  };
  std::vector<std::thread> pool;
  for (size_t j = 0; j < std::min(jobs, n); ++j) pool.emplace_back(worker);
  {
    std::unique_lock<std::mutex> lock(mu);
    while (finished.load() < n && !abort.load()) {
      cv.wait_for(lock, std::chrono::milliseconds(250));
      double f = 0;
      for (const auto& x : frac) f += x.load();
      if (progress) progress(f / static_cast<double>(n), finished.load(), n);
    }
  }
  for (auto& th : pool) th.join();
  if (failure) std::rethrow_exception(failure);
  return points;
}

std::string with_curve(const std::string& json_line, const std::string& name) {
  const ordered_json in = ordered_json::parse(json_line);
  ordered_json out;
  for (const auto& kv : in.items()) {
    out[kv.key()] = kv.value();
    if (kv.key() == "schema") out["curve"] = name;
  }
  return out.dump();
}

std::vector<SweepRow> aggregate(const std::vector<SweepPoint>& points, size_t seeds,
                                const std::vector<std::string>& curves) {
  std::vector<SweepRow> rows;
  for (size_t first = 0; seeds > 0 && first + seeds <= points.size(); first += seeds) {
    std::vector<const SweepPoint*> pts;
    for (size_t s = 0; s < seeds; ++s) pts.push_back(&points[first + s]);
    SweepRow r;
    if (points[first].curve < curves.size()) r.curve = curves[points[first].curve];
    r.offered = points[first].load;
    std::vector<double> acc, lat;
    for (const SweepPoint* p : pts) {
      acc.push_back(p->res.accepted_load);
      lat.push_back(p->res.latency_avg);
      r.latency_max = std::max(r.latency_max, static_cast<double>(p->res.latency_max));
      r.packets_measured += p->res.packets_measured;
    }
    r.accepted = summarize(acc);
    r.latency = summarize(lat);
    r.latency_p50 = mean_of(pts, [](const RunResults& x) { return double(x.latency_p50); });
    r.latency_p99 = mean_of(pts, [](const RunResults& x) { return double(x.latency_p99); });
    r.network_latency = mean_of(pts, [](const RunResults& x) { return x.network_latency_avg; });
    r.injection_latency = mean_of(pts, [](const RunResults& x) { return x.injection_latency_avg; });
    r.hops = mean_of(pts, [](const RunResults& x) { return x.hops_avg; });
    r.misrouted = mean_of(pts, [](const RunResults& x) { return x.misrouted_fraction; });
    aggregate_misrouting(pts, r);
    r.jain = mean_of(pts, [](const RunResults& x) { return x.fairness.jain; });
    r.seeds = pts.size();
    rows.push_back(r);
  }
  return rows;
}

Saturation saturation(const std::vector<SweepRow>& rows) {
  Saturation s;
  for (size_t i = 1; i < rows.size(); ++i)
    if (rows[i].accepted.mean > rows[s.best].accepted.mean) s.best = i;
  for (size_t i = 0; i < rows.size() && s.point < 0; ++i)
    if (rows[i].accepted.mean < kSaturationFraction * rows[i].offered)
      s.point = static_cast<long>(i);
  return s;
}

std::string results_csv(const std::vector<SweepRow>& rows) {
  const bool named = !rows.empty() && !rows.front().curve.empty();
  std::string f = named ? "curve," : "";
  f += "offered_load,accepted_load,accepted_ci95,latency_avg,latency_ci95,latency_p50,"
       "latency_p99,latency_max,network_latency_avg,injection_latency_avg,hops_avg,"
       "misrouted_fraction,jain,nonminimal_fraction,global_misrouted_fraction,"
       "local_misrouted_fraction,accepted_misrouted_injection,accepted_misrouted_source_group,"
       "accepted_misrouted_intermediate_group,accepted_misrouted_destination_group,"
       "packets_measured,seeds\n";
  for (const SweepRow& r : rows) {
    if (named) f += r.curve + ',';  // names hold no ',' or '"' (parse_curve)
    for (double v : {r.offered,
                     r.accepted.mean,
                     r.accepted.ci95,
                     r.latency.mean,
                     r.latency.ci95,
                     r.latency_p50,
                     r.latency_p99,
                     r.latency_max,
                     r.network_latency,
                     r.injection_latency,
                     r.hops,
                     r.misrouted,
                     r.jain,
                     r.nonminimal,
                     r.global_misrouted,
                     r.local_misrouted,
                     r.misrouted_at[0],
                     r.misrouted_at[1],
                     r.misrouted_at[2],
                     r.misrouted_at[3]})
      f += csv_num(v) + ',';
    f += std::to_string(r.packets_measured) + ',' + std::to_string(r.seeds) + '\n';
  }
  return f;
}

std::string per_sl_csv(const std::vector<SweepPoint>& points, size_t seeds,
                       const std::vector<std::string>& curves) {
  if (points.empty() || points.front().res.per_sl.empty() || seeds == 0) return "";
  const bool named = !curves.empty();
  std::string f = named ? "curve," : "";
  f += "offered_load,sl,name,sl_offered_load,accepted_load,normalized_throughput,latency_avg,"
       "latency_avg_ns,network_latency_avg,network_latency_avg_ns,packets_measured,seeds\n";
  for (size_t first = 0; first + seeds <= points.size(); first += seeds) {
    const SweepPoint& p0 = points[first];
    for (size_t c = 0; c < p0.res.per_sl.size(); ++c) {
      double acc = 0, norm = 0, lat = 0, lat_ns = 0, net = 0, net_ns = 0;
      uint64_t packets = 0;
      for (size_t k = 0; k < seeds; ++k) {
        const SlResults& x = points[first + k].res.per_sl[c];
        acc += x.accepted_load;
        norm += x.normalized_throughput;
        lat += x.latency_avg;
        lat_ns += x.latency_avg_ns;
        net += x.network_latency_avg;
        net_ns += x.network_latency_avg_ns;
        packets += x.packets_measured;
      }
      const double n = static_cast<double>(seeds);
      if (named) f += (p0.curve < curves.size() ? curves[p0.curve] : std::string()) + ',';
      f += csv_num(p0.load) + ',' + std::to_string(c) + ',' + p0.res.per_sl[c].name + ',';
      for (double v : {p0.res.per_sl[c].offered_load, acc / n, norm / n, lat / n, lat_ns / n,
                       net / n, net_ns / n})
        f += csv_num(v) + ',';
      f += std::to_string(packets) + ',' + std::to_string(seeds) + '\n';
    }
  }
  return f;
}

std::string per_class_csv(const std::vector<SweepPoint>& points, size_t seeds,
                          const std::vector<std::string>& curves) {
  if (points.empty() || points.front().res.per_class.empty() || seeds == 0) return "";
  const bool named = !curves.empty();
  std::string f = named ? "curve," : "";
  f += "offered_load,class,class_offered_load,accepted_load,normalized_throughput,latency_avg,"
       "network_latency_avg,packets_measured,seeds\n";
  for (size_t first = 0; first + seeds <= points.size(); first += seeds) {
    const SweepPoint& p0 = points[first];
    for (size_t c = 0; c < p0.res.per_class.size(); ++c) {
      double acc = 0, norm = 0, lat = 0, net = 0;
      uint64_t packets = 0;
      for (size_t k = 0; k < seeds; ++k) {
        const SlResults& x = points[first + k].res.per_class[c];
        acc += x.accepted_load;
        norm += x.normalized_throughput;
        lat += x.latency_avg;
        net += x.network_latency_avg;
        packets += x.packets_measured;
      }
      const double n = static_cast<double>(seeds);
      if (named) f += (p0.curve < curves.size() ? curves[p0.curve] : std::string()) + ',';
      f += csv_num(p0.load) + ',' + p0.res.per_class[c].name + ',';
      for (double v : {p0.res.per_class[c].offered_load, acc / n, norm / n, lat / n, net / n})
        f += csv_num(v) + ',';
      f += std::to_string(packets) + ',' + std::to_string(seeds) + '\n';
    }
  }
  return f;
}

std::string points_jsonl(const std::vector<SweepPoint>& points) {
  std::string f;
  for (const SweepPoint& p : points) f += p.json + '\n';
  return f;
}

std::string saturation_text(const std::vector<SweepRow>& rows, const Saturation& sat) {
  if (rows.empty()) return "";
  std::string t = "saturation throughput: " + fmt("%.6g", rows[sat.best].accepted.mean) +
                  " phits/(node*cycle) (maximum seed-averaged accepted load; at offered load " +
                  fmt("%g", rows[sat.best].offered) + ")\n";
  if (sat.point >= 0)
    return t + "saturation point: " + fmt("%g", rows[sat.point].offered) +
           " (lowest offered load whose accepted load " +
           fmt("%.6g", rows[sat.point].accepted.mean) + " is below 95% of it)\n";
  return t + "saturation point: not reached (accepted >= 95% of offered at every load up to " +
         fmt("%g", rows.back().offered) + ")\n";
}

namespace {

ordered_json saturation_json(const std::vector<SweepRow>& rows, const Saturation& sat) {
  using util::finite_or_null;
  ordered_json s;
  s["throughput"] = finite_or_null(rows[sat.best].accepted.mean);
  s["throughput_offered_load"] = finite_or_null(rows[sat.best].offered);
  s["point"] = sat.point >= 0 ? finite_or_null(rows[sat.point].offered) : ordered_json(nullptr);
  s["threshold"] = kSaturationFraction;
  return s;
}

ordered_json row_json(const SweepRow& r) {
  using util::finite_or_null;
  ordered_json o;
  if (!r.curve.empty()) o["curve"] = r.curve;
  o["offered_load"] = finite_or_null(r.offered);
  o["accepted_load"] = finite_or_null(r.accepted.mean);
  o["accepted_ci95"] = finite_or_null(r.accepted.ci95);
  o["latency_avg"] = finite_or_null(r.latency.mean);
  o["latency_ci95"] = finite_or_null(r.latency.ci95);
  o["latency_p99"] = finite_or_null(r.latency_p99);
  o["hops_avg"] = finite_or_null(r.hops);
  o["misrouted_fraction"] = finite_or_null(r.misrouted);
  o["nonminimal_fraction"] = finite_or_null(r.nonminimal);
  o["global_misrouted_fraction"] = finite_or_null(r.global_misrouted);
  o["local_misrouted_fraction"] = finite_or_null(r.local_misrouted);
  o["jain"] = finite_or_null(r.jain);
  return o;
}

// The keys common to both summaries, "schema" to "wall_seconds".
ordered_json summary_head(const SweepInfo& info, const char* schema) {
  ordered_json w;
  w["schema"] = schema;
  w["config_file"] = info.config_file;
  w["sets"] = info.sets;
  w["loads"] = info.loads_spec;
  w["seeds"] = static_cast<uint64_t>(info.seeds);
  w["first_seed"] = info.seed0;
  w["jobs"] = static_cast<uint64_t>(info.jobs);
  w["runs"] = static_cast<uint64_t>(info.runs);
  w["wall_seconds"] = util::finite_or_null(info.wall_seconds);
  return w;
}

}  // namespace

std::string summary_json(const SweepInfo& info, const std::vector<SweepRow>& rows,
                         const Saturation& sat) {
  ordered_json w = summary_head(info, "netcosim.sweep/1");
  w["saturation"] = saturation_json(rows, sat);
  w["rows"] = ordered_json::array();
  for (const SweepRow& r : rows) w["rows"].push_back(row_json(r));
  return w.dump(2) + '\n';
}

std::vector<std::vector<SweepRow>> rows_by_curve(const std::vector<SweepRow>& rows) {
  std::vector<std::vector<SweepRow>> out;
  for (size_t i = 0; i < rows.size(); ++i) {
    if (i == 0 || rows[i].curve != rows[i - 1].curve) out.emplace_back();
    out.back().push_back(rows[i]);
  }
  return out;
}

std::string curves_saturation_text(const std::vector<SweepRow>& rows) {
  std::string t;
  for (const auto& cr : rows_by_curve(rows)) {
    std::istringstream lines(saturation_text(cr, saturation(cr)));
    for (std::string l; std::getline(lines, l);) t += cr.front().curve + ": " + l + '\n';
  }
  return t;
}

std::string curves_summary_json(const SweepInfo& info, const std::vector<SweepRow>& rows) {
  ordered_json w = summary_head(info, "netcosim.sweep-curves/1");
  w["curves"] = ordered_json::array();
  const auto by_curve = rows_by_curve(rows);
  for (size_t c = 0; c < info.curves.size(); ++c) {
    ordered_json& o = w["curves"].emplace_back();
    o["name"] = info.curves[c].name;
    o["overrides"] = info.curves[c].overrides;
    o["first_seed"] = info.curves[c].seed0;
    if (c < by_curve.size())
      o["saturation"] = saturation_json(by_curve[c], saturation(by_curve[c]));
  }
  w["rows"] = ordered_json::array();
  for (const SweepRow& r : rows) w["rows"].push_back(row_json(r));
  return w.dump(2) + '\n';
}

std::string table_text(const SweepInfo& info, size_t loads, const std::vector<SweepRow>& rows) {
  char buf[512];
  const std::string curves =
      info.curves.empty() ? "" : std::to_string(info.curves.size()) + " curves x ";
  std::snprintf(buf, sizeof buf,
                "netcosim sweep: %s, %s%zu loads x %zu seed(s) = %zu runs on %zu threads, %.1f s\n",
                info.config_file.c_str(), curves.c_str(), loads, info.seeds, info.runs, info.jobs,
                info.wall_seconds);
  std::string t = buf;
  int width = 0;  // the curve column (none without curves)
  for (const CurveInfo& c : info.curves)
    width = std::max<int>(width, std::max<int>(5, static_cast<int>(c.name.size())));
  std::snprintf(buf, sizeof buf, "  %-*s%s%7s %9s %9s %9s %9s %6s %6s %7s\n", width,
                width > 0 ? "curve" : "", width > 0 ? " " : "", "offered", "accepted", "+-ci95",
                "latency", "+-ci95", "p99", "hops", "jain");
  t += buf;
  for (const SweepRow& r : rows) {
    std::snprintf(buf, sizeof buf, "  %-*s%s%7.3f %9.4f %9.4f %9.1f %9.1f %6.0f %6.2f %7.4f\n",
                  width, r.curve.c_str(), width > 0 ? " " : "", r.offered, r.accepted.mean,
                  r.accepted.ci95, r.latency.mean, r.latency.ci95, r.latency_p99, r.hops, r.jain);
    t += buf;
  }
  return t;
}

std::string write_outputs(const std::string& dir, const SweepInfo& info, const SweepSpec& spec,
                          const std::vector<SweepPoint>& points) {
  std::vector<std::string> names;
  for (const SweepCurve& c : spec.curves) names.push_back(c.name);
  const auto rows = aggregate(points, spec.seeds, names);
  const auto sat = saturation(rows);
  const std::string sat_text =
      spec.named() ? curves_saturation_text(rows) : saturation_text(rows, sat);
  util::write_output_file(dir + "/results.csv", results_csv(rows));
  util::write_output_file(dir + "/points.jsonl", points_jsonl(points));
  // The per-SL and per-class files have a `curve` column only with named curves (docs/sweep.md;
  // an unnamed sweep's one curve has the name "").
  const std::vector<std::string> named = spec.named() ? names : std::vector<std::string>{};
  const std::string sl_csv = per_sl_csv(points, spec.seeds, named);
  if (!sl_csv.empty()) util::write_output_file(dir + "/per_sl.csv", sl_csv);
  const std::string class_csv = per_class_csv(points, spec.seeds, named);
  if (!class_csv.empty()) util::write_output_file(dir + "/per_class.csv", class_csv);
  util::write_output_file(dir + "/saturation.txt", sat_text);
  util::write_output_file(dir + "/summary.json", spec.named() ? curves_summary_json(info, rows)
                                                              : summary_json(info, rows, sat));
  return table_text(info, spec.loads.size(), rows) + sat_text;
}

}  // namespace netcosim::experiment
