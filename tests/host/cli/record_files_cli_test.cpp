// The files of a run folder as `bopp run` and `bopp resume` open them, when someone else put
// something there: a symbolic link (or hard link, FIFO) in place of a record file is refused
// with one line naming it and its target is never written; a refused run leaves no lock file;
// an experiment that is not a regular file is refused unread; bytes that are not UTF-8 (in the
// experiment's path, a program's output and stderr, cut mid-character) never stop the host.
#include "bopp_program_run.hpp"
#include "test_paths.hpp"
#include "text_file.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

namespace bopp::test {
namespace {

namespace fs = std::filesystem;

constexpr const char* kExperiment =
    "[run]\nbudget = 6\nbatch = 2\n[objective]\nname = 'c_quadratic'\ndim = 2\n"
    "[algorithm]\nname = 'random'\n";
constexpr const char* kVictimText = "someone else's file\n";

// Every file bopp opens in a run folder.
const std::vector<std::string>& record_files() {
  static const std::vector<std::string> files = {
      ".bopp.lock",    "run.json",  "experiment.toml", "evaluations.jsonl",
      "batches.jsonl", "log.jsonl", "checkpoint.bin"};
  return files;
}

std::size_t lines_in(const std::string& text) {
  return static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n'));
}

class RecordFilesCli : public ::testing::Test {
 protected:
  void SetUp() override {
    base_ = fresh_folder("record-files");
    experiment_ = base_ / "exp.toml";
    std::ofstream(experiment_) << kExperiment;
    victim_ = base_ / "victim.txt";
    std::ofstream(victim_) << kVictimText;
  }

  // A completed record of kExperiment in `folder`.
  void record(const fs::path& folder) {
    const Outcome o = run_bopp({"run", experiment_.string(), "--output", folder.string()}, {"c"});
    ASSERT_EQ(o.exit_code, 0) << o.err;
  }

  // `o` failed with one line naming `file`, and the victim is as it was.
  void expect_refused(const Outcome& o, const std::string& file, const std::string& what) {
    EXPECT_EQ(o.exit_code, 1) << what << ": " << o.err;
    EXPECT_NE(o.err.find(file), std::string::npos) << what << ": " << o.err;
    EXPECT_EQ(lines_in(o.err), 1u) << what << ": " << o.err;
    EXPECT_EQ(read_text(victim_), kVictimText) << what;
  }

  fs::path base_, experiment_, victim_;
};

TEST_F(RecordFilesCli, ALinkInPlaceOfAnyRecordFileIsRefusedAndNeverWrittenThrough) {
  const fs::path completed = base_ / "completed";
  record(completed);
  for (const std::string& file : record_files()) {
    // A new run into a folder holding only the link.
    const fs::path fresh = base_ / ("fresh-" + file);
    fs::create_directories(fresh);
    fs::create_symlink(victim_, fresh / file);
    expect_refused(run_bopp({"run", experiment_.string(), "--output", fresh.string()}, {"c"}), file,
                   "run into " + fresh.string());

    // --overwrite and resume of a record whose file was replaced by the link.
    const fs::path linked = base_ / ("linked-" + file);
    fs::copy(completed, linked, fs::copy_options::recursive);
    fs::remove(linked / file);
    fs::create_symlink(victim_, linked / file);
    expect_refused(
        run_bopp({"run", experiment_.string(), "--output", linked.string(), "--overwrite"}, {"c"}),
        file, "--overwrite of " + linked.string());
    expect_refused(run_bopp({"resume", linked.string()}, {"c"}), file,
                   "resume of " + linked.string());
    EXPECT_TRUE(fs::is_symlink(linked / file)) << file;
  }
}

TEST_F(RecordFilesCli, AFifoInPlaceOfARecordFileIsRefusedWithoutBlocking) {
  const fs::path folder = base_ / "fifo";
  record(folder);
  fs::remove(folder / "evaluations.jsonl");
  ASSERT_EQ(::mkfifo((folder / "evaluations.jsonl").c_str(), 0644), 0);
  const Outcome o = run_bopp({"resume", folder.string()}, {"c"});
  EXPECT_EQ(o.exit_code, 1) << o.err;
  EXPECT_NE(o.err.find("evaluations.jsonl' is not a regular file"), std::string::npos) << o.err;
}

// A hard link's other name keeps its content: the record file is checked before it is cut.
TEST_F(RecordFilesCli, AHardLinkedRecordFileIsNeverTruncated) {
  const fs::path folder = base_ / "hard";
  record(folder);
  fs::remove(folder / "batches.jsonl");
  fs::create_hard_link(victim_, folder / "batches.jsonl");
  const Outcome o =
      run_bopp({"run", experiment_.string(), "--output", folder.string(), "--overwrite"}, {"c"});
  EXPECT_EQ(o.exit_code, 1) << o.err;
  EXPECT_NE(o.err.find("batches.jsonl: it has other hard links"), std::string::npos) << o.err;
  EXPECT_EQ(read_text(victim_), kVictimText);
}

// bopp report's table and plot files are replaced whole: a link in their place is replaced.
TEST_F(RecordFilesCli, AReportsFilesReplaceLinksAndNeverWriteThroughThem) {
  const fs::path completed = base_ / "reported";
  record(completed);
  const fs::path out = base_ / "report";
  fs::create_directories(out);
  fs::create_symlink(victim_, out / "table.md");
  const Outcome o = run_bopp({"report", completed.string(), "--output", out.string()}, {"c"});
  EXPECT_EQ(o.exit_code, 0) << o.err;
  EXPECT_FALSE(fs::is_symlink(out / "table.md"));
  EXPECT_EQ(read_text(victim_), kVictimText);
}

// A bench folder's files are refused the same way, before any run, leaving no lock file.
TEST_F(RecordFilesCli, ABenchFolderWithALinkIsRefusedUntouched) {
  const fs::path grid = base_ / "grid.toml";
  std::ofstream(grid) << "[bench]\nseeds = [1]\nbudget = 4\n[[algorithm]]\nname = 'random'\n"
                         "[[objective]]\nname = 'c_quadratic'\ndim = 2\n";
  for (const std::string file : {"index.json", ".bopp.lock"}) {
    const fs::path folder = base_ / ("bench-" + file);
    fs::create_directories(folder);
    fs::create_symlink(victim_, folder / file);
    expect_refused(run_bopp({"bench", grid.string(), "--output", folder.string()}, {"c"}), file,
                   "bench into " + folder.string());
    EXPECT_EQ(std::distance(fs::directory_iterator(folder), fs::directory_iterator()), 1) << file;
  }
}

TEST_F(RecordFilesCli, ARefusedRunLeavesNoLockFile) {
  const fs::path users = base_ / "users";
  fs::create_directories(users);
  std::ofstream(users / "notes.txt") << "mine\n";
  const Outcome o = run_bopp({"run", experiment_.string(), "--output", users.string()}, {"c"});
  EXPECT_EQ(o.exit_code, 1) << o.err;
  EXPECT_FALSE(fs::exists(users / ".bopp.lock"));
  EXPECT_EQ(std::distance(fs::directory_iterator(users), fs::directory_iterator()), 1);
}

TEST_F(RecordFilesCli, AnExperimentThatIsNotARegularFileIsRefusedUnread) {
  const fs::path fifo = base_ / "fifo.toml";
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0644), 0);
  for (const fs::path& file : {fs::path("/dev/zero"), fifo, base_}) {
    const Outcome o = run_bopp({"run", file.string()}, {"c"});
    EXPECT_EQ(o.exit_code, 1) << file << ": " << o.err;
    EXPECT_NE(o.err.find(file.string() + ": cannot read the experiment file: "), std::string::npos)
        << o.err;
    EXPECT_EQ(lines_in(o.err), 1u) << o.err;
  }
}

// run.json, once every line of the record's JSON-lines files was checked to be JSON (which a
// byte that is not UTF-8 is not).
nlohmann::json run_json_of(const fs::path& folder) {
  for (const std::string file : {"evaluations.jsonl", "batches.jsonl", "log.jsonl"}) {
    std::ifstream in(folder / file);
    std::string text;
    while (std::getline(in, text))
      EXPECT_TRUE(nlohmann::json::accept(text)) << file << ": " << text;
  }
  return nlohmann::json::parse(read_text(folder / "run.json"));
}

constexpr const char* kReplacement = "\xEF\xBF\xBD";  // U+FFFD

TEST_F(RecordFilesCli, AnExperimentPathThatIsNotUtf8IsRecordedReplaced) {
  const fs::path folder = base_ / "bad-\xFF-name-\xE2\x82";
  fs::create_directories(folder);
  std::ofstream(folder / "exp.toml") << kExperiment;
  const fs::path output = base_ / "bad-name-record";
  const Outcome o =
      run_bopp({"run", (folder / "exp.toml").string(), "--output", output.string()}, {"c"});
  ASSERT_TRUE(o.exited) << o.err;
  EXPECT_EQ(o.exit_code, 0) << o.err;
  const nlohmann::json run = run_json_of(output);
  EXPECT_EQ(run["status"], "completed");
  EXPECT_NE(run.dump().find(kReplacement), std::string::npos) << run.dump();
}

// A command whose last output line and stderr are not UTF-8 (and stop mid-character): under
// every evaluator the evaluations fail, the run completes, the record parses.
TEST_F(RecordFilesCli, AProgramsOutputThatIsNotUtf8IsRecordedReplacedUnderEveryEvaluator) {
  const fs::path script = base_ / "bad-bytes.sh";
  std::ofstream(script) << "cat > /dev/null\n"
                           "printf 'y \\377 cut \\342\\202\\n'\n"
                           "printf 'err \\376 \\342\\202' >&2\n"
                           "exit \"$1\"\n";
  for (const std::string status : {"0", "3"}) {
    for (const std::string kind : {"serial", "threads", "processes"}) {
      const fs::path experiment = base_ / ("command-" + kind + ".toml");
      std::ofstream(experiment) << "[run]\nbudget = 4\nbatch = 2\n[objective]\nname = 'command'\n"
                                   "argv = '[\"sh\", \""
                                << script.string() << "\", \"" << status
                                << "\"]'\nlower = [0.0]\nupper = [1.0]\n"
                                   "[algorithm]\nname = 'random'\n[evaluator]\nkind = '"
                                << kind << "'\nworkers = 2\n";
      const fs::path output = base_ / ("command-" + kind + "-" + status);
      const Outcome o = run_bopp({"run", experiment.string(), "--output", output.string()}, {});
      ASSERT_TRUE(o.exited) << kind << ": " << o.err;
      EXPECT_EQ(o.exit_code, 0) << kind << ": " << o.err;
      EXPECT_EQ(run_json_of(output)["status"], "completed") << kind;
      const std::string evaluations = read_text(output / "evaluations.jsonl");
      EXPECT_EQ(lines_in(evaluations), 4u) << kind;
      EXPECT_NE(evaluations.find(kReplacement), std::string::npos) << kind << ": " << evaluations;
    }
  }
}

}  // namespace
}  // namespace bopp::test
