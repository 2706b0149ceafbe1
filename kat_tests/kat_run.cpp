#include "kat_run.hpp"

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <new>
#include <optional>
#include <thread>

#include "console.hpp"
#include "kat_describe.hpp"
#include "kat_diagnosis.hpp"
#include "kat_job.hpp"
#include "kat_speed.hpp"
#include "sha256_file.hpp"

namespace ngcc::kat {
namespace {

namespace fs = std::filesystem;

std::string lower_dashed(std::string s) {
  for (char &c : s) c = c == '_' ? '-' : static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

// " (did you mean CHIME-512?)", or the names the manifests do list.
std::string name_hint(const std::string &name, const Manifests &manifests) {
  std::vector<std::string> near, all = manifests.instance_names();
  for (const auto &n : all)
    if (lower_dashed(n) == lower_dashed(name)) near.push_back(n);
  std::string out;
  for (const auto &n : near.empty() ? all : near) out += (out.empty() ? "" : ", ") + n;
  if (out.empty()) return "";
  return near.empty() ? "; the manifests name " + out : " (did you mean " + out + "?)";
}

// Writes the raw file and its canonical digest in one pass.
class FileAndCanonical : public TextSink {
 public:
  explicit FileAndCanonical(const std::string &path) : file_(path, std::ios::binary) {
    if (!file_) throw std::runtime_error(path + ": cannot create KAT file");
  }
  void write(std::string_view text) override {
    file_.write(text.data(), static_cast<std::streamsize>(text.size()));
    canonical_.write(text);
  }
  std::string finish() {
    file_.close();
    if (!file_) throw std::runtime_error("cannot write a KAT file (disk full?)");
    return canonical_.hex_digest();
  }

 private:
  std::ofstream file_;
  CanonicalSha256 canonical_;
};

struct FileRun {
  Kind kind = Kind::k2_12;
  bool requested = false, done = false;
  int jobs_left = 0;
  std::vector<std::vector<std::uint8_t>> digests;  // by record; empty: not computed
  std::optional<Verdict> failure;
  std::vector<std::uint64_t> fingerprints;  // KAT_Loop h_0 … h_1000000, while a diagnosis may need them
  bool awaiting_diagnosis = false;
  double seconds = 0;
  FileOutcome outcome;
};

struct ModuleRun {
  std::string path;
  bool reference = false;
  bool usable = false, broken = false;
  std::string setup_error;
  ModuleOutcome outcome;
  std::map<Kind, FileRun> files;
  std::map<Kind, FileOutcome> kept;  // outcomes of an earlier run, not run again
  ModuleSpeed speed;  // for the schedule and the ETA

  // Modules that must give the same files.
  std::string instance() const { return outcome.kat_name + "/" + std::to_string(outcome.digest_bits); }
};

struct Job {
  std::size_t module = 0;
  bool describe = false;
  Kind kind = Kind::k2_12;
  std::size_t first = 0, last = 0;  // records
};

struct Running {
  Job job;
  GuardedChild child;
  GuardedBuffer result;
  Clock::time_point start;
};

class Runner {
 public:
  Runner(const std::vector<std::string> &modules, const std::vector<std::string> &references,
         const RunOptions &options, const Manifests &manifests)
      : options_(options), manifests_(manifests) {
    for (const auto &p : modules) add_module(p, false);
    for (const auto &p : references) add_module(p, true);
  }

  RunResult run() {
    describe_all();
    if (stopping()) {
      RunResult result;
      result.interrupted = true;
      result.wall_seconds = since(start_);
      return result;
    }
    std::size_t skipped = 0, usable = 0;
    for (std::size_t i = 0; i < modules_.size(); ++i) {
      ModuleRun &m = modules_[i];
      if (m.reference) continue;
      if (!m.usable) {
        ++skipped;
        continue;
      }
      ++usable;
      for (Kind k : options_.kinds) keep_earlier(m, k);
      for (Kind k : options_.kinds)
        if (m.kept.count(k) == 0) request_file(i, k);
    }
    const RunResult planned = outcome_so_far();
    if (planned.files_kept > 0)
      console_.line("ngcc-kat: kept from the last run: " + std::to_string(planned.files_kept) + " file(s); running " +
                    std::to_string(planned.files_planned - planned.files_kept));
    console_.line("ngcc-kat: " + std::to_string(usable) + " module(s), " + std::to_string(jobs_total_) +
                  " job(s), " + std::to_string(options_.jobs) + " at a time" +
                  (skipped ? ", " + std::to_string(skipped) + " skipped" : ""));
    report_progress();
    // The quick files end, and are saved, before the 2^33-bit draw (about a
    // minute on two cores) and the long jobs: a run stopped by a time limit
    // keeps them.
    make_long_messages(Kind::k2_23, queue_);
    drain();
    make_long_messages(Kind::k2_33, long_jobs_);
    long_phase_ = true;
    queue_.insert(queue_.end(), long_jobs_.begin(), long_jobs_.end());
    long_jobs_.clear();
    drain();
    if (stopping()) {
      queue_.clear();
      long_jobs_.clear();
      running_.clear();  // ends the children
    }
    for (auto &m : modules_)
      for (auto &[kind, f] : m.files)
        if (f.awaiting_diagnosis) diagnose(m, f, /*last_chance=*/true);
    console_.done();

    RunResult result = outcome_so_far();
    std::size_t pass = 0, fail = 0, none = 0;
    for (const auto &m : result.modules)
      for (const auto &f : m.files) {
        pass += f.status == "PASS";
        fail += f.status == "FAIL";
        none += f.status == "no manifest";
      }
    std::string summary = "ngcc-kat: " + std::to_string(pass) + " PASS, " + std::to_string(fail) + " FAIL";
    if (none) summary += ", " + std::to_string(none) + " without a manifest line";
    if (result.files_kept) summary += " (" + std::to_string(result.files_kept) + " kept from the last run)";
    if (result.interrupted)
      summary += ", " + std::to_string(result.files_planned - result.files_ended) + " file(s) not finished";
    if (skipped) summary += ", " + std::to_string(skipped) + " module(s) skipped";
    console_.line(summary + "; wall " + clock_text(result.wall_seconds) + " with " + std::to_string(options_.jobs) +
                  " job(s)");
    return result;
  }

 private:
  bool stopping() const { return options_.stop != nullptr && *options_.stop != 0; }

  // The modules under test with the files that have an outcome: those ended
  // in this run, else those kept from an earlier one.
  RunResult outcome_so_far() const {
    RunResult result;
    result.wall_seconds = since(start_);
    for (const auto &m : modules_) {
      if (m.reference) continue;
      ModuleOutcome outcome = m.outcome;
      std::map<Kind, const FileOutcome *> ended;
      for (const auto &[kind, o] : m.kept) ended[kind] = &o;
      std::size_t planned = m.kept.size();
      for (const auto &[kind, f] : m.files) {
        planned += m.kept.count(kind) == 0;
        if (f.done) ended[kind] = &f.outcome;
      }
      for (const auto &[kind, o] : ended) {
        outcome.files.push_back(*o);
        result.failed = result.failed || o->status == "FAIL";
        result.files_kept += o->kept;
      }
      result.files_planned += planned;
      result.files_ended += ended.size();
      result.failed = result.failed || m.broken;
      result.modules.push_back(std::move(outcome));
    }
    result.interrupted = stopping() && result.files_ended < result.files_planned;
    return result;
  }

  void report_progress() const {
    if (options_.on_progress) options_.on_progress(outcome_so_far());
  }

  // Reuses an earlier run's outcome of this file where it still holds
  // (EarlierFile). A kept misbehaviour ends the module's run, as it did then.
  void keep_earlier(ModuleRun &m, Kind kind) {
    const std::string file = file_name(kind, m.outcome.kat_name);
    const auto entry = manifests_.find(file);
    if (!entry || m.outcome.sha256.empty()) return;
    for (const auto &e : options_.earlier) {
      const FileOutcome &o = e.outcome;
      if (e.module_sha256 != m.outcome.sha256 || e.kat_name != m.outcome.kat_name ||
          e.digest_bits != m.outcome.digest_bits || o.kind != kind || o.file != file ||
          (o.status != "PASS" && o.status != "FAIL") || o.expected != entry->sha256)
        continue;
      std::error_code missing;
      if (!o.path.empty() && !fs::exists(o.path, missing)) continue;
      FileOutcome &kept = m.kept[kind] = o;
      kept.kept = true;
      m.broken = m.broken || !o.error.empty();
      return;
    }
  }

  void add_module(const std::string &path, bool reference) {
    ModuleRun m;
    m.path = path;
    m.reference = reference;
    std::string stem = fs::path(path).filename().string();
    stem = stem.substr(0, stem.find(".so"));
    if (stem.rfind("lib", 0) == 0 && stem.size() > 3) stem.erase(0, 3);
    m.outcome.path = path;
    m.outcome.stem = stem;
    modules_.push_back(std::move(m));
  }

  // ---- phase 1: what each module is (in children, in parallel) ----------

  void describe_all() {
    for (std::size_t i = 0; i < modules_.size(); ++i)
      if (!skipped_for_its_extensions(options_, modules_[i].path, modules_[i].outcome)) queue_.push_back({i, true});
    drain();
    if (stopping()) return;
    std::vector<std::string> errors;
    std::map<std::string, std::string> stems;
    for (auto &m : modules_) {
      if (m.reference) {
        if (!m.setup_error.empty()) console_.line("NOTE reference " + m.setup_error + "; not used");
        continue;
      }
      if (!m.setup_error.empty()) {
        errors.push_back(m.setup_error);
        continue;
      }
      if (const auto [it, fresh] = stems.emplace(m.outcome.stem, m.path); !fresh) {
        errors.push_back(m.path + ": its files would go to " + (fs::path(options_.out_dir) / m.outcome.stem).string() +
                         "/ like those of " + it->second + "; check them in separate runs or rename one");
        continue;
      }
      for (Kind k : options_.kinds) {
        const std::string file = file_name(k, m.outcome.kat_name);
        if (!options_.no_manifest && !manifests_.find(file)) {
          errors.push_back(m.path + ": no manifest line for " + file + " in " + manifests_.path() +
                           name_hint(m.outcome.kat_name, manifests_) +
                           "; --no-manifest writes the files without a check");
          break;
        }
      }
    }
    if (!errors.empty()) throw SetupError(errors);
    for (auto &m : modules_) {
      if (!m.setup_error.empty()) continue;
      m.outcome.sha256 = sha256_file(m.path);
      if (!m.reference && !m.outcome.skipped.empty())
        console_.line("SKIP " + m.outcome.stem + ": " + m.outcome.skipped);
    }
  }

  void described(ModuleRun &m, const Running &r, const Verdict &v) {
    const Identified id =
        identify(*reinterpret_cast<const ModuleFacts *>(r.result.data()), v, options_, m.path, m.outcome);
    m.usable = id.usable;
    m.setup_error = id.setup_error;
  }

  // ---- phase 2: the files --------------------------------------------------

  // The messages of kind k (2_23 or 2_33), where a job of `jobs` needs them.
  void make_long_messages(Kind k, const std::vector<Job> &jobs) {
    if (stopping() || std::none_of(jobs.begin(), jobs.end(), [k](const Job &j) { return j.kind == k; })) return;
    const auto start = Clock::now();
    long_[k] = std::make_unique<LongMessages>(k, k == Kind::k2_33 ? options_.jobs : 1);
    if (k == Kind::k2_33)
      console_.line("ngcc-kat: KAT_2_33 messages ready (2^33-bit random message drawn with " +
                    std::to_string(options_.jobs) + " thread(s) in " + seconds_text(since(start)) + ")");
  }

  static bool is_long(Kind kind) { return kind == Kind::k2_33 || kind == Kind::Loop; }

  const LongMessages *long_messages(Kind k) const {
    const auto it = long_.find(k);
    return it == long_.end() ? nullptr : it->second.get();
  }

  void request_file(std::size_t module, Kind kind) {
    ModuleRun &m = modules_[module];
    FileRun &f = m.files[kind];
    if (f.requested || !m.usable || m.broken) return;
    f.kind = kind;
    f.requested = true;
    f.digests.assign(record_count(kind), {});
    // The 2_33 records are independent: one job each.
    const std::size_t step = kind == Kind::k2_33 ? 1 : record_count(kind);
    for (std::size_t first = 0; first < record_count(kind); first += step) {
      auto &jobs = is_long(kind) && !long_phase_ ? long_jobs_ : queue_;
      jobs.push_back({module, false, kind, first, std::min(first + step, record_count(kind))});
      ++f.jobs_left;
      ++jobs_total_;
    }
  }

  HashJob hash_job(const Job &job) const {
    const ModuleRun &m = modules_[job.module];
    return {m.path, m.outcome.digest_bits, job.kind, job.first, job.last};
  }

  void start(const Job &job) {
    const ModuleRun &m = modules_[job.module];
    GuardedChild::Body body;
    std::size_t bytes = sizeof(ModuleFacts);
    if (!job.describe) bytes = hash_job(job).block_bytes();
    GuardedBuffer result(bytes, GuardedBuffer::Sharing::kShared);
    std::uint8_t *block = result.data();
    if (job.describe) {
      ModuleFacts *facts = new (block) ModuleFacts{};
      const int bits = caller_digest_bits(options_, m.path);
      body = [facts, &m, bits](CallWatch &w) { return read_module_facts(w, *facts, m.path, bits); };
    } else {
      body = [this, block, job](CallWatch &w) { return run_hash_job(w, hash_job(job), long_messages(job.kind), block); };
    }
    running_.push_back({job, GuardedChild::spawn(body), std::move(result), Clock::now()});
  }

  void drain() {
    while ((!queue_.empty() || !running_.empty()) && !stopping()) {
      while (running_.size() < options_.jobs && !queue_.empty()) start(take_next());
      std::vector<std::pair<Running, Verdict>> ended;
      for (auto it = running_.begin(); it != running_.end();) {
        if (auto v = it->child.poll()) {
          ended.emplace_back(std::move(*it), std::move(*v));
          it = running_.erase(it);
        } else {
          ++it;
        }
      }
      for (auto &[r, v] : ended) job_ended(r, v);
      if (ended.empty()) {
        if (jobs_total_ > 0) console_.status(status_text());
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
      }
    }
  }

  // Describes first, then quick files (they measure each module's speed),
  // then the longest predicted job.
  Job take_next() {
    auto rank = [&](const Job &j) {
      const int stage = j.describe ? 2 : (j.kind == Kind::k2_12 || j.kind == Kind::k2_23) ? 1 : 0;
      return std::make_pair(stage, stage == 0 ? predicted(j) : 0.0);
    };
    auto best = queue_.begin();
    for (auto it = queue_.begin(); it != queue_.end(); ++it)
      if (rank(*it) > rank(*best)) best = it;
    Job job = *best;
    queue_.erase(best);
    return job;
  }

  double predicted(const Job &j) const { return predicted(j, modules_[j.module].speed); }
  double predicted(const Job &j, const ModuleSpeed &speed) const {
    return j.describe ? 0.05 : speed.predict(j.kind, j.first, j.last);
  }

  std::string job_text(const Job &j) const {
    std::string s = modules_[j.module].outcome.stem + " KAT_" + kind_name(j.kind);
    if (j.kind == Kind::k2_33) s += " record " + std::to_string(j.first + 1) + "/3";
    return s;
  }

  std::string progress_text() const {
    // A job running past its prediction slows the estimate of its module's others.
    std::map<std::size_t, ModuleSpeed> speeds;
    for (const auto &r : running_) {
      auto &speed = speeds.try_emplace(r.job.module, modules_[r.job.module].speed).first->second;
      if (!r.job.describe) speed = speed.still_running(r.job.kind, r.job.first, r.job.last, since(r.start));
    }
    auto speed_of = [&](const Job &j) {
      auto it = speeds.find(j.module);
      return it != speeds.end() ? it->second : modules_[j.module].speed;
    };
    double remaining = 0;
    for (const auto &jobs : {&queue_, &long_jobs_})
      for (const auto &j : *jobs) remaining += predicted(j, speed_of(j));
    for (const auto &r : running_) remaining += std::max(0.0, predicted(r.job) - since(r.start));
    return ngcc::progress_text(since(start_), jobs_done_, jobs_total_, "jobs", remaining / options_.jobs);
  }

  std::string status_text() const {
    std::string s = progress_text() + " running:";
    for (const auto &r : running_) s += " " + job_text(r.job) + " (" + clock_text(since(r.start)) + ")";
    return s;
  }

  void job_ended(Running &r, const Verdict &v) {
    ModuleRun &m = modules_[r.job.module];
    if (r.job.describe) return described(m, r, v);
    ++jobs_done_;
    if (m.broken) return;  // already named; its other jobs are moot
    FileRun &f = m.files.at(r.job.kind);
    HashJobResult result = read_hash_job(hash_job(r.job), r.result.data());
    for (std::size_t i = 0; i < result.digests.size(); ++i) f.digests[r.job.first + i] = std::move(result.digests[i]);
    if (!result.fingerprints.empty()) f.fingerprints = std::move(result.fingerprints);
    const double wall = since(r.start);
    const double seconds = result.seconds > 0 && result.seconds <= wall ? result.seconds : wall;
    f.seconds += seconds;
    if (v.ok()) {
      m.speed.learn(r.job.kind, r.job.first, r.job.last, seconds);
      if (--f.jobs_left == 0) finish_file(m, f);
      return;
    }
    f.failure = v;
    break_module(r.job.module);
    finish_file(m, f);
  }

  // The first misbehaviour of a module ends its run: its other jobs would
  // only repeat it.
  void break_module(std::size_t module) {
    modules_[module].broken = true;
    const auto before = queue_.size() + long_jobs_.size() + running_.size();
    for (auto *jobs : {&queue_, &long_jobs_})
      jobs->erase(std::remove_if(jobs->begin(), jobs->end(), [&](const Job &j) { return j.module == module; }),
                  jobs->end());
    running_.erase(std::remove_if(running_.begin(), running_.end(),
                                  [&](const Running &r) { return r.job.module == module; }),
                   running_.end());
    jobs_total_ -= before - queue_.size() - long_jobs_.size() - running_.size();
  }

  void finish_file(ModuleRun &m, FileRun &f) {
    f.done = true;
    FileOutcome &o = f.outcome;
    o.kind = f.kind;
    o.file = file_name(f.kind, m.outcome.kat_name);
    o.seconds = f.seconds;
    std::vector<std::vector<std::uint8_t>> written;
    for (const auto &d : f.digests) {
      if (d.empty()) break;
      written.push_back(d);
    }
    if (m.reference) {
      CanonicalSha256 canonical;
      write_kat_text(f.kind, m.outcome.digest_bits, written, long_messages(f.kind), canonical);
      o.canonical = canonical.hex_digest();
    } else {
      const fs::path dir = fs::path(options_.out_dir) / m.outcome.stem;
      fs::create_directories(dir);
      o.path = (dir / o.file).string();
      FileAndCanonical sink(o.path);
      write_kat_text(f.kind, m.outcome.digest_bits, written, long_messages(f.kind), sink);
      o.canonical = sink.finish();
    }
    const auto entry = manifests_.find(o.file);
    if (entry) {
      o.expected = entry->sha256;
      o.entry = entry->entry;
    }
    const std::string who = (m.reference ? "reference " : "") + m.outcome.stem + " KAT_" + kind_name(f.kind);
    if (f.failure) {
      o.status = "FAIL";
      const Verdict &v = *f.failure;
      const bool placed = v.in_call || v.kind == Verdict::Kind::kReturned || v.kind == Verdict::Kind::kWrotePastDigest;
      o.error = m.path + ": KAT_" + kind_name(f.kind) + " " +
                (placed ? record_text(f.kind, v.call, v.msg_bits) : std::string("(outside any CryptHash call)")) +
                ": " + v.describe();
      console_.line(o.error, /*error=*/!m.reference);
      console_.line("FAIL " + who + ": " + v.describe() + (m.reference ? "" : "; partial file kept at " + o.path) +
                    " " + progress_text());
    } else if (!entry) {
      o.status = "no manifest";
      console_.line("NOTE " + who + ": no manifest line for " + o.file + "; canonical " + o.canonical +
                    (m.reference ? "" : ", file " + o.path) + " " + progress_text());
    } else if (o.canonical == o.expected) {
      o.status = "PASS";
      console_.line("PASS " + who + " canonical " + o.canonical + " (" + seconds_text(o.seconds) + ") " +
                    progress_text());
    } else {
      o.status = "FAIL";
      console_.line("FAIL " + who + " " + o.file + "\n  expected " + o.expected + " (" + entry->source + ", " +
                    entry->entry + ")\n  actual   " + o.canonical + (m.reference ? "" : "\n  file kept at " + o.path) +
                    " " + progress_text());
      if (!m.reference) diagnose(m, f, false);
    }
    if (o.status == "PASS") {
      for (auto &other : modules_)
        for (auto &[kind, g] : other.files)
          if (g.awaiting_diagnosis && kind == f.kind && other.instance() == m.instance()) diagnose(other, g, false);
    }
    // A Loop's fingerprints stay while a diagnosis may need them: its own
    // until diagnosed, and those of one PASS per instance.
    if (!f.awaiting_diagnosis && !(o.status == "PASS" && reference_for(m, f.kind) == nullptr)) f.fingerprints = {};
    if (!m.reference) report_progress();
  }

  // Another module of m's instance whose file of this kind PASSed (for
  // KAT_Loop: with its fingerprints kept).
  const ModuleRun *reference_for(const ModuleRun &m, Kind kind) const {
    for (const auto &other : modules_) {
      if (&other == &m || other.instance() != m.instance() || !other.usable || other.broken) continue;
      const auto it = other.files.find(kind);
      if (it != other.files.end() && it->second.done && it->second.outcome.status == "PASS" &&
          (kind != Kind::Loop || !it->second.fingerprints.empty()))
        return &other;
    }
    return nullptr;
  }

  // Where a FAILed file first differs from the same file of another module
  // of its instance that PASSed: per record for 2_12, 2_23, 2_33; the first
  // differing iteration for Loop. Waits for such a module if one is still
  // running or can be run (a --reference).
  void diagnose(ModuleRun &m, FileRun &f, bool last_chance) {
    const ModuleRun *ref = reference_for(m, f.kind);
    if (ref == nullptr && !last_chance) {
      bool pending = false;
      for (std::size_t i = 0; i < modules_.size(); ++i) {
        ModuleRun &other = modules_[i];
        if (&other == &m || other.instance() != m.instance() || !other.usable || other.broken) continue;
        request_file(i, f.kind);
        pending = pending || !other.files.at(f.kind).done;
      }
      if (pending) {
        f.awaiting_diagnosis = true;
        return;
      }
    }
    f.awaiting_diagnosis = false;
    std::vector<std::string> &d = f.outcome.diagnosis;
    const FileDigests failed{f.digests, f.fingerprints};
    if (ref == nullptr) {
      d = nothing_to_compare(f.kind, m.outcome.kat_name, failed);
    } else {
      const FileRun &g = ref->files.at(f.kind);
      d = difference(f.kind, failed, {g.digests, g.fingerprints}, ref->outcome.stem);
    }
    const std::string stem = m.outcome.stem + " KAT_" + kind_name(f.kind);
    for (const auto &line : d) console_.line("  " + stem + ": " + line);
    f.fingerprints = {};
  }

  const RunOptions &options_;
  const Manifests &manifests_;
  std::vector<ModuleRun> modules_;
  std::map<Kind, std::unique_ptr<LongMessages>> long_;
  std::vector<Job> queue_;
  std::vector<Job> long_jobs_;  // 2_33 and Loop jobs, queued once the quick files have ended
  bool long_phase_ = false;
  std::vector<Running> running_;
  std::size_t jobs_total_ = 0, jobs_done_ = 0;
  Clock::time_point start_ = Clock::now();
  Console console_;
};

std::string join_lines(const std::vector<std::string> &lines) {
  std::string s;
  for (const auto &l : lines) s += (s.empty() ? "" : "\n") + l;
  return s;
}

}  // namespace

SetupError::SetupError(std::vector<std::string> lines_)
    : std::runtime_error(join_lines(lines_)), lines(std::move(lines_)) {}

RunResult run_kats(const std::vector<std::string> &modules, const std::vector<std::string> &references,
                   const RunOptions &options, const Manifests &manifests) {
  return Runner(modules, references, options, manifests).run();
}

}  // namespace ngcc::kat
