// Run records are shared data: names and labels in someone else's record must never run as
// gnuplot commands or shell commands, nor break the Markdown and CSV tables.
#include <bopp/host/report/html_report.hpp>
#include <bopp/host/report/report.hpp>
#include <bopp/host/report/report_plots.hpp>
#include <bopp/host/report/report_runs.hpp>

#include "test_paths.hpp"
#include "text_file.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace bopp::test {
namespace {
namespace fs = std::filesystem;

// Every way out of a gnuplot string or a table cell: quotes, a newline and a gnuplot `!`
// shell escape, system(), backquotes, a line-continuing backslash, pipes, control
// characters, and a leading '=' for spreadsheets.
std::string poison(const fs::path& marker, const std::string& prefix) {
  const std::string touch = "touch '" + marker.string() + "'";
  return prefix + "x'\"\n!" + touch + "\nsystem(\"" + touch + "\")\n`" + touch + "`\\\n'; ! " +
         touch + "; '\r|a|b|\x1b[31m\\";
}

void write_run(const fs::path& folder, const std::string& objective, const std::string& algorithm,
               const std::string& design) {
  fs::create_directories(folder);
  const nlohmann::json run = {{"seed", 0},
                              {"batch", 1},
                              {"sense", "minimize"},
                              {"optimum", 0.0},
                              {"status", "completed"},
                              {"objective", {{"name", objective}}},
                              {"algorithm", {{"name", algorithm}}},
                              {"time", {{"algorithm", 0.01}, {"evaluation", 0.02}}}};
  std::ofstream(folder / "run.json") << run.dump(2);
  std::ofstream evaluations(folder / "evaluations.jsonl");
  std::ofstream batches(folder / "batches.jsonl");
  for (int i = 0; i < 4; ++i) {
    evaluations << nlohmann::json{{"index", i},     {"batch", i}, {"x", {0.5}},   {"y", 4.0 - i},
                                  {"status", "ok"}, {"seed", i},  {"time", 0.001}}
                       .dump()
                << "\n";
    batches << nlohmann::json{{"batch", i},
                              {"points", 1},
                              {"ask_time", 0.001},
                              {"evaluation_time", 0.001},
                              {"tell_time", 0.001}}
                   .dump()
            << "\n";
  }
  const nlohmann::json design_json = design;  // a JSON string is a valid TOML basic string
  std::ofstream(folder / "experiment.toml")
      << "[objective]\nname = " << nlohmann::json(objective).dump()
      << "\n[algorithm]\nname = " << nlohmann::json(algorithm).dump()
      << "\ndesign = " << design_json.dump() << "\n";
}

// Loose runs whose names and a differing setting are poisoned, and a bench index whose
// labels are.
std::vector<host::ReportRun> poisoned_runs(const fs::path& root, const fs::path& marker) {
  write_run(root / "loose" / "a", poison(marker, "o1"), poison(marker, "a1"), poison(marker, "d"));
  write_run(root / "loose" / "b", poison(marker, "o1"), poison(marker, "a1"), "plain");
  write_run(root / "loose" / "c", "plain", poison(marker, "a3"), "plain");
  write_run(root / "bench" / "r", "branin", "random", "plain");
  const nlohmann::json index = {{"runs",
                                 {{{"folder", "r"},
                                   {"objective", poison(marker, "=o2")},
                                   {"algorithm", poison(marker, "@a2")}}}}};
  std::ofstream(root / "bench" / "index.json") << index.dump(2);
  std::vector<std::string> notes;
  return host::load_report_runs({root / "loose", root / "bench"}, notes);
}

// The cells of one CSV record (RFC 4180: quoted cells may hold commas and doubled quotes).
std::vector<std::string> csv_cells(const std::string& line) {
  std::vector<std::string> cells(1);
  bool quoted = false;
  for (std::size_t i = 0; i < line.size(); ++i) {
    const char c = line[i];
    if (quoted && c == '"' && i + 1 < line.size() && line[i + 1] == '"') {
      cells.back() += '"';
      ++i;
    } else if (c == '"') {
      quoted = !quoted;
    } else if (c == ',' && !quoted) {
      cells.emplace_back();
    } else {
      cells.back() += c;
    }
  }
  EXPECT_FALSE(quoted) << "unterminated quote in " << line;
  return cells;
}

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

bool has_control_character(const std::string& text) {
  return std::any_of(text.begin(), text.end(), [](char c) {
    return (static_cast<unsigned char>(c) < 0x20 && c != '\n') || c == 0x7f;
  });
}

TEST(PoisonedRecord, PlottingRunsNothingFromTheRecord) {
  const fs::path root = fresh_folder("poisoned-plot");
  const fs::path marker = root / "MARKER";
  const auto runs = poisoned_runs(root, marker);
  ASSERT_EQ(runs.size(), 4u);
  host::PlotOptions options;
  options.render = true;
  const host::PlotFiles files = host::write_plots(runs, root / "plots", options);
  EXPECT_FALSE(fs::exists(marker)) << "a record string ran as a command";
  for (const fs::path& script : files.scripts) {
    const std::string text = read_text(script);
    EXPECT_FALSE(has_control_character(text)) << script;
    for (const std::string& line : lines_of(text)) {
      EXPECT_NE(line.rfind("!", 0), 0u) << script << ": " << line;
    }
  }
  for (const fs::path& data : files.data) {
    // Every line is a comment, a blank block separator or six numbers.
    for (const std::string& line : lines_of(read_text(data))) {
      if (line.empty() || line[0] == '#') continue;
      std::istringstream numbers(line);
      std::string cell;
      int cells = 0;
      while (numbers >> cell) ++cells;
      EXPECT_EQ(cells, 6) << data << ": " << line;
    }
  }
  if (std::system("command -v gnuplot > /dev/null") == 0) {
    EXPECT_EQ(files.images.size(), files.scripts.size());
  }
}

TEST(PoisonedRecord, MarkdownTableKeepsOneRowPerLineAndItsColumns) {
  const fs::path root = fresh_folder("poisoned-md");
  const auto runs = poisoned_runs(root, root / "MARKER");
  const std::string table = host::format_report(host::build_report(runs, {}), "md");
  EXPECT_FALSE(has_control_character(table));
  // Every line of a table has its header's cells: 10 columns in the algorithms' table when the
  // optimum is known, 9 in the paired best values' (which names labels twice), 11 in the paired
  // regrets and times'.
  std::size_t header = 0, tables = 0;
  for (const std::string& line : lines_of(table)) {
    if (line.rfind("|", 0) != 0) {
      header = 0;
      continue;
    }
    // Cells are split at pipes not escaped with a backslash.
    std::size_t pipes = 0;
    for (std::size_t i = 0; i < line.size(); ++i)
      pipes += line[i] == '|' && (i == 0 || line[i - 1] != '\\');
    if (header == 0) {
      header = pipes;
      ++tables;
      EXPECT_TRUE(pipes == 11u || pipes == 10u || pipes == 12u) << line;
    }
    EXPECT_EQ(pipes, header) << line;
  }
  EXPECT_GE(tables, 3u);  // per objective, its algorithms and their two tables of pairs
}

TEST(PoisonedRecord, CsvKeepsOneRecordPerLineAndNoFormula) {
  const fs::path root = fresh_folder("poisoned-csv");
  const auto runs = poisoned_runs(root, root / "MARKER");
  const std::string table = host::format_report(host::build_report(runs, {}), "csv");
  EXPECT_FALSE(has_control_character(table));
  const auto lines = lines_of(table);
  ASSERT_EQ(lines.size(), 5u) << table;  // the header and four rows
  const std::size_t columns = csv_cells(lines[0]).size();
  for (const std::string& line : lines) {
    const auto cells = csv_cells(line);
    EXPECT_EQ(cells.size(), columns) << line;
    for (const std::string& cell : {cells[0], cells[4]}) {
      ASSERT_FALSE(cell.empty());
      EXPECT_EQ(std::string("=+-@").find(cell[0]), std::string::npos) << cell;
    }
  }
}

TEST(PoisonedRecord, HtmlPageKeepsEveryRecordStringAsTextOnOneLine) {
  const fs::path root = fresh_folder("poisoned-html");
  const auto runs = poisoned_runs(root, root / "MARKER");
  ASSERT_EQ(runs.size(), 4u);
  const std::string html = host::html_report(runs, host::build_report(runs), {});
  // No control character, no quote left unescaped in the records' text: every string stayed
  // inside its element or attribute.
  EXPECT_FALSE(has_control_character(html));
  EXPECT_EQ(html.find("x'\""), std::string::npos);
  EXPECT_NE(html.find("x&#39;&quot; !touch &#39;"), std::string::npos);
  EXPECT_EQ(html.find("<script"), std::string::npos);
}

}  // namespace
}  // namespace bopp::test
