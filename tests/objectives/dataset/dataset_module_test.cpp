// libbopp-dataset.so as a host sees it (tests/support/objective_module.hpp): the CSV checks,
// the candidate set and its optimum, and noise fixed by the evaluation's seed.
#include "objective_module.hpp"
#include "test_paths.hpp"

#include <gtest/gtest.h>

#include <sys/stat.h>

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace {

namespace fs = std::filesystem;

const bopp_objective_class& dataset() { return bopp::test::module_objective("dataset", "dataset"); }

const fs::path small_csv() {
  return fs::path(BOPP_TEST_SOURCE_DIR) / "examples" / "datasets" / "small.csv";
}

// A file holding `text` in a fresh folder; its path.
fs::path write_csv(const std::string& test, const std::string& text) {
  const fs::path file = bopp::test::fresh_folder(test) / "data.csv";
  std::ofstream(file, std::ios::binary) << text;
  return file;
}

std::string config_for(const fs::path& file, const std::string& more = "") {
  return "path = '" + file.string() + "'\n" + more;
}

// The error create() answers for a CSV with `text`.
std::string create_error(const std::string& test, const std::string& text) {
  const fs::path file = write_csv(test, text);
  const bopp::test::Creation c = bopp::test::try_create(dataset(), config_for(file));
  EXPECT_NE(c.status, BOPP_OK) << text;
  return c.error;
}

// The rows of a CSV file parsed independently of the plugin (strtod on each field).
std::vector<std::vector<double>> rows_of(const fs::path& file) {
  std::ifstream in(file);
  std::string line;
  std::getline(in, line);  // header
  std::vector<std::vector<double>> rows;
  while (std::getline(in, line)) {
    std::vector<double> row;
    std::stringstream fields(line);
    std::string field;
    while (std::getline(fields, field, ',')) row.push_back(std::strtod(field.c_str(), nullptr));
    rows.push_back(row);
  }
  return rows;
}

std::vector<double> candidate_row(const bopp_problem& p, std::uint64_t r) {
  return {p.candidates + r * p.dim, p.candidates + (r + 1) * p.dim};
}

TEST(Dataset, ARaggedRowNamesTheFileAndLine) {
  const std::string e = create_error("ragged", "a,b,y\n1,2,3\n4,5\n");
  EXPECT_NE(e.find("data.csv:3: 2 fields, the header has 3"), std::string::npos) << e;
}

TEST(Dataset, AFieldThatIsNotANumberNamesTheFileLineAndColumn) {
  const std::string e = create_error("garbage", "a,y\n1,2\n3,4\n5x,6\n");
  EXPECT_NE(e.find("data.csv:4: column 1 ('5x') is not a number"), std::string::npos) << e;
  const std::string words = create_error("words", "a,y\n1,two\n");
  EXPECT_NE(words.find("data.csv:2: column 2 ('two') is not a number"), std::string::npos) << words;
}

TEST(Dataset, NanInfinityAndEmptyFieldsAreErrors) {
  EXPECT_NE(
      create_error("nan", "a,y\n1,nan\n").find("data.csv:2: column 2 ('nan') is not a finite"),
      std::string::npos);
  EXPECT_NE(
      create_error("inf", "a,y\n-inf,1\n").find("data.csv:2: column 1 ('-inf') is not a finite"),
      std::string::npos);
  EXPECT_NE(create_error("empty_field", "a,y\n1,2\n,3\n").find("data.csv:3: column 1 is empty"),
            std::string::npos);
}

TEST(Dataset, EmptyHeaderOnlyAndOneColumnFilesAreErrors) {
  EXPECT_NE(create_error("empty", "").find("data.csv: empty, no header line"), std::string::npos);
  EXPECT_NE(create_error("header", "a,y\n\n").find("data.csv: a header and no data row"),
            std::string::npos);
  EXPECT_NE(create_error("one", "y\n1\n2\n").find("data.csv:1: the header names one column"),
            std::string::npos);
}

TEST(Dataset, AConstantTargetIsAnError) {
  EXPECT_NE(create_error("constant", "a,y\n1,2\n3,2\n").find("is the same"), std::string::npos);
}

TEST(Dataset, OnlyARegularFileIsRead) {
  const fs::path folder = bopp::test::fresh_folder("not_regular");
  const auto folder_error = bopp::test::try_create(dataset(), config_for(folder));
  EXPECT_NE(folder_error.error.find(folder.string() + ": not a regular file"), std::string::npos)
      << folder_error.error;
  // A FIFO would block the read, /dev/zero would never end it: both are refused unread.
  const fs::path fifo = folder / "fifo.csv";
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0644), 0);
  for (const fs::path& file : {fifo, fs::path("/dev/zero")}) {
    const auto c = bopp::test::try_create(dataset(), config_for(file));
    EXPECT_NE(c.error.find(file.string() + ": not a regular file"), std::string::npos) << c.error;
  }
  const auto missing = bopp::test::try_create(dataset(), config_for(folder / "none.csv"));
  EXPECT_NE(missing.error.find("none.csv: no such file"), std::string::npos) << missing.error;
  const auto no_path = bopp::test::try_create(dataset(), "");
  EXPECT_NE(no_path.error.find("missing required key 'path'"), std::string::npos) << no_path.error;
  const auto empty_path = bopp::test::try_create(dataset(), "path = ''");
  EXPECT_NE(empty_path.error.find("key 'path' of objective 'dataset' must name a CSV file"),
            std::string::npos)
      << empty_path.error;
}

TEST(Dataset, AFileOverOneGibibyteIsRefusedBeforeItIsRead) {
  // A sparse file: its size is over the cap, and no gigabyte is written.
  const fs::path file = write_csv("too_big", "a,y\n1,2\n");
  fs::resize_file(file, (std::uintmax_t{1} << 30) + 1);
  const auto c = bopp::test::try_create(dataset(), config_for(file));
  EXPECT_NE(c.error.find("1073741825 bytes, more than the data-set limit of 1 GiB"),
            std::string::npos)
      << c.error;
}

TEST(Dataset, TheCandidateSetIsTheCsvRowsAndTheBoundsTheirRange) {
  const bopp::test::ModuleObjective o(dataset(), config_for(small_csv()));
  const bopp_problem& p = o.problem();
  const auto rows = rows_of(small_csv());
  ASSERT_EQ(rows.size(), 300u);
  ASSERT_EQ(p.dim, 2u);
  ASSERT_EQ(p.candidate_count, 300u);
  EXPECT_EQ(p.sense, BOPP_MAXIMIZE);
  for (std::uint64_t r = 0; r < rows.size(); ++r) {
    const std::vector<double> features(rows[r].begin(), rows[r].end() - 1);
    EXPECT_EQ(candidate_row(p, r), features) << "row " << r;
  }
  for (std::uint32_t k = 0; k < p.dim; ++k) {
    double lo = rows[0][k], hi = rows[0][k];
    for (const auto& row : rows) {
      lo = std::min(lo, row[k]);
      hi = std::max(hi, row[k]);
    }
    EXPECT_EQ(p.lower[k], lo);
    EXPECT_EQ(p.upper[k], hi);
  }
}

TEST(Dataset, ValuesAreTheTargetRescaledToTheUnitIntervalAndTheOptimumIsTheLargest) {
  const bopp::test::ModuleObjective o(dataset(), config_for(small_csv(), "noise_std = 0.0"));
  const bopp_problem& p = o.problem();
  const auto rows = rows_of(small_csv());
  double lo = rows[0][2], hi = rows[0][2];
  std::size_t best = 0;
  for (std::size_t r = 0; r < rows.size(); ++r) {
    lo = std::min(lo, rows[r][2]);
    if (rows[r][2] > hi) best = r;
    hi = std::max(hi, rows[r][2]);
  }
  ASSERT_EQ(p.has_optimum, 1);
  EXPECT_EQ(p.optimum_value, 1.0);
  ASSERT_NE(p.optimizer, nullptr);
  EXPECT_EQ(std::vector<double>(p.optimizer, p.optimizer + p.dim), candidate_row(p, best));
  EXPECT_EQ(p.noise_std, 0.0);
  for (std::uint64_t r = 0; r < rows.size(); ++r)
    EXPECT_DOUBLE_EQ(o.evaluate_one(candidate_row(p, r)), (rows[r][2] - lo) / (hi - lo));
  EXPECT_EQ(o.evaluate_one(candidate_row(p, best)), 1.0);
}

// Sums and differences of targets near ±1e308 would overflow: the values stay finite and exact.
TEST(Dataset, TargetsNearTheLargestDoublesRescaleToFiniteValues) {
  const fs::path file = write_csv("huge", "a,y\n1,-1e308\n2,1e308\n3,0\n4,1.7e308\n4,1.7e308\n");
  const bopp::test::ModuleObjective o(dataset(), config_for(file, "noise_std = 0.0"));
  const bopp_problem& p = o.problem();
  ASSERT_EQ(p.candidate_count, 4u);
  EXPECT_EQ(p.optimum_value, 1.0);
  const double range = 1.7e308 / 4 + 1e308 / 4;  // (hi - lo) / 4, which is finite
  EXPECT_EQ(o.evaluate_one({1.0}), 0.0);
  EXPECT_DOUBLE_EQ(o.evaluate_one({2.0}), (1e308 / 4 + 1e308 / 4) / range);
  EXPECT_DOUBLE_EQ(o.evaluate_one({3.0}), (1e308 / 4) / range);
  EXPECT_EQ(o.evaluate_one({4.0}), 1.0);
}

TEST(Dataset, TheTargetColumnIsChosenByNameOrIndex) {
  const fs::path file = write_csv("target", "a,t,b\n1,10,5\n2,30,7\n3,20,9\n");
  for (const std::string target : {"t", "1"}) {
    const bopp::test::ModuleObjective o(
        dataset(), config_for(file, "noise_std = 0.0\ntarget = '" + target + "'"));
    ASSERT_EQ(o.dim(), 2u);
    EXPECT_EQ(candidate_row(o.problem(), 1), (std::vector<double>{2, 7}));
    EXPECT_EQ(o.evaluate_one({2, 7}), 1.0);
    EXPECT_EQ(o.evaluate_one({3, 9}), 0.5);
  }
  const auto unknown = bopp::test::try_create(dataset(), config_for(file, "target = 'z'"));
  EXPECT_NE(unknown.error.find("no column 'z' (columns 'a', 't', 'b', or an index 0..2)"),
            std::string::npos)
      << unknown.error;
}

TEST(Dataset, NoiseIsDrawnFromTheEvaluationSeedOnly) {
  const bopp::test::ModuleObjective noisy(dataset(), config_for(small_csv()));
  const bopp::test::ModuleObjective exact(dataset(), config_for(small_csv(), "noise_std = 0.0"));
  EXPECT_EQ(noisy.problem().noise_std, 0.01);
  const std::vector<double> a = candidate_row(noisy.problem(), 3);
  const std::vector<double> b = candidate_row(noisy.problem(), 7);
  std::vector<double> ab = a;
  ab.insert(ab.end(), b.begin(), b.end());
  std::vector<double> ba = b;
  ba.insert(ba.end(), a.begin(), a.end());
  // The same point and seed give the same value in any batch, in any position.
  const std::vector<double> y_ab = noisy.evaluate(ab, {11, 12});
  const std::vector<double> y_ba = noisy.evaluate(ba, {12, 11});
  EXPECT_EQ(y_ab[0], y_ba[1]);
  EXPECT_EQ(y_ab[1], y_ba[0]);
  EXPECT_EQ(y_ab[0], noisy.evaluate_one(a, 11));
  // Another seed, another draw; the draws scatter around the noiseless value with std 0.01.
  EXPECT_NE(noisy.evaluate_one(a, 11), noisy.evaluate_one(a, 13));
  double sum = 0.0, squares = 0.0;
  const int draws = 2000;
  for (int s = 0; s < draws; ++s) {
    const double e = noisy.evaluate_one(a, static_cast<std::uint64_t>(s)) - exact.evaluate_one(a);
    sum += e;
    squares += e * e;
  }
  EXPECT_NEAR(sum / draws, 0.0, 0.001);                  // 4.5 standard errors
  EXPECT_NEAR(std::sqrt(squares / draws), 0.01, 0.001);  // about 6 standard errors
}

TEST(Dataset, APointThatIsNotARowFailsNamingThePoint) {
  const bopp::test::ModuleObjective o(dataset(), config_for(small_csv()));
  std::vector<double> x = candidate_row(o.problem(), 0);
  x[0] = std::nextafter(x[0], 2.0);
  try {
    o.evaluate_one(x);
    FAIL() << "a point off the candidate set was evaluated";
  } catch (const std::runtime_error& e) {
    char expected[128];
    std::snprintf(expected, sizeof expected, "the point (%.17g, %.17g) is not a row", x[0], x[1]);
    EXPECT_NE(std::string(e.what()).find(expected), std::string::npos) << e.what();
  }
}

TEST(Dataset, RepeatedFeatureRowsAreOneCandidateWithTheirMeanTarget) {
  const fs::path file = write_csv("repeated", "a,y\n1,0\n-0,4\n1,2\n0,8\n");
  const bopp::test::ModuleObjective o(dataset(), config_for(file, "noise_std = 0.0"));
  ASSERT_EQ(o.problem().candidate_count, 2u);
  EXPECT_EQ(candidate_row(o.problem(), 0), std::vector<double>{1.0});
  EXPECT_EQ(o.evaluate_one({1.0}), 0.0);  // mean 1 of the two rows at 1
  EXPECT_EQ(o.evaluate_one({0.0}), 1.0);  // mean 6 at 0 and −0
  EXPECT_EQ(o.evaluate_one({-0.0}), 1.0);
}

}  // namespace
