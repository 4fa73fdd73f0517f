// The HTML report: record text escaped (a label holding a script shows as text), the live
// page's refresh, colours fixed per label, the SVG plot drawn from the figures.
#include <bopp/host/report/html_report.hpp>
#include <bopp/host/report/html_text.hpp>
#include <bopp/host/report/label_colours.hpp>
#include <bopp/host/report/report.hpp>
#include <bopp/host/report/svg_plot.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <set>
#include <string>
#include <vector>

namespace bopp::test {
namespace {

const std::string kScript = "<script>alert(1)</script>";

std::string lower(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return s;
}

std::size_t count(const std::string& text, const std::string& part) {
  std::size_t n = 0;
  for (auto at = text.find(part); at != std::string::npos; at = text.find(part, at + 1)) ++n;
  return n;
}

// `algorithm` on `objective` with seed `seed`: y = (5 - i) * scale after evaluation i.
host::ReportRun run_of(const std::string& objective, const std::string& algorithm,
                       std::uint64_t seed, double scale) {
  host::ReportRun r;
  r.objective = objective;
  r.algorithm = algorithm;
  r.seed = seed;
  r.optimum = 0.0;
  r.bopp_version = "0.test";
  r.objective_plugin = {objective, "1.0", "lib" + objective, "1.0", "ab12"};
  r.algorithm_plugin = {algorithm, "2.0", "lib" + algorithm, "2.0", "cd34"};
  for (std::uint64_t i = 0; i < 5; ++i) {
    host::RecordedEvaluation e;
    e.index = i;
    e.batch = i;
    e.x = {0.5};
    e.y = (5.0 - static_cast<double>(i)) * scale + static_cast<double>(seed) * 0.01;
    e.ok = true;
    e.seconds = 0.001;
    r.evaluations.push_back(e);
    r.batches.push_back({i, 1, 0.001, 0.001, 0.001, 0.0005, 0.0005, std::nullopt});
  }
  return r;
}

TEST(HtmlText, EscapesMarkupQuotesAndControlCharacters) {
  EXPECT_EQ(host::html_escape(kScript), "&lt;script&gt;alert(1)&lt;/script&gt;");
  EXPECT_EQ(host::html_escape("a&b \"c\" 'd'"), "a&amp;b &quot;c&quot; &#39;d&#39;");
  EXPECT_EQ(host::html_escape("one\ntwo\r\x1b[31m\x7f"), "one two  [31m ");
  EXPECT_EQ(host::html_escape("ünï €"), "ünï €");  // UTF-8 passes through
  EXPECT_EQ(host::html_escape_block("a <b>\n\tc\r"), "a &lt;b&gt;\n\tc ");
}

TEST(HtmlReport, AScriptInALabelShowsAsTextAndNothingRuns) {
  std::vector<host::ReportRun> runs;
  for (std::uint64_t seed = 0; seed < 3; ++seed) {
    runs.push_back(run_of("branin" + kScript, kScript, seed, 1.0));
    runs.push_back(run_of("branin" + kScript, "random\" onload=\"alert(2)", seed, 2.0));
  }
  host::HtmlPage page;
  page.notes = {"left out " + kScript};
  page.grids = {{"grid" + kScript, "[bench]\n# " + kScript + "\n"}};
  const std::string html = host::html_report(runs, host::build_report(runs), page);

  // No element from a record: the page itself has no script at all, and no record text
  // closes an attribute.
  EXPECT_EQ(lower(html).find("<script"), std::string::npos);
  EXPECT_EQ(html.find("onload=\""), std::string::npos);
  EXPECT_EQ(html.find(kScript), std::string::npos);
  EXPECT_GT(count(html, "&lt;script&gt;alert(1)&lt;/script&gt;"), 5u);  // shown as text
  EXPECT_NE(html.find("random&quot; onload=&quot;alert(2)"), std::string::npos);
  // Scripts are refused by the page's policy besides.
  EXPECT_NE(html.find("Content-Security-Policy\" content=\"default-src 'none'"), std::string::npos);
  // The parts of the page: tables, the paired statistics, plots, provenance.
  EXPECT_NE(html.find("<table class=\"runs\">"), std::string::npos);
  EXPECT_EQ(count(html, "<table class=\"pairs\">"), 2u);  // best values; regret and time
  EXPECT_NE(html.find("<td class=\"text\">cumulative regret</td>"), std::string::npos);
  EXPECT_GE(count(html, "<svg class=\"plot\""), 4u);
  EXPECT_NE(html.find("<code>ab12</code>"), std::string::npos);
  EXPECT_NE(html.find("0.test (6 runs)"), std::string::npos);
  // Not live: no refresh.
  EXPECT_EQ(html.find("http-equiv=\"refresh\""), std::string::npos);
}

TEST(HtmlReport, ReloadsWhileTheBenchRunsAndStopsOnceItEnded) {
  const std::vector<host::ReportRun> runs = {run_of("branin", "random", 0, 1.0)};
  const auto report = host::build_report(runs);
  host::HtmlPage page;
  page.progress = host::BenchProgress{1, 0, 2, 3, 0};
  const std::string running = host::html_report(runs, report, page);
  EXPECT_NE(running.find("<meta http-equiv=\"refresh\" content=\"5\">"), std::string::npos);
  EXPECT_NE(running.find("Bench running: <span id=\"done\">1</span> of 6 runs done, <span "
                         "id=\"running\">2</span> running, <span id=\"left\">3</span> left"),
            std::string::npos)
      << running;

  page.progress = host::BenchProgress{5, 1, 0, 0, 0};
  const std::string complete = host::html_report(runs, report, page);
  EXPECT_EQ(complete.find("http-equiv=\"refresh\""), std::string::npos);
  EXPECT_NE(complete.find("Bench complete: 6 of 6 runs done"), std::string::npos);

  page.progress = host::BenchProgress{2, 0, 0, 0, 4};  // stopped with runs left
  const std::string stopped = host::html_report(runs, report, page);
  EXPECT_EQ(stopped.find("http-equiv=\"refresh\""), std::string::npos);
  EXPECT_NE(stopped.find("Bench stopped: 2 of 6 runs done, 4 left"), std::string::npos);
}

TEST(LabelColours, DistinctUpToTenLabelsAndTheSameForTheSameLabels) {
  std::set<std::string> labels;
  for (int i = 0; i < 10; ++i) labels.insert("algorithm-" + std::to_string(i));
  const auto colours = host::label_colours(labels);
  std::set<std::string> distinct;
  for (const auto& [label, colour] : colours) distinct.insert(colour);
  EXPECT_EQ(distinct.size(), 10u);
  EXPECT_EQ(host::label_colours(labels), colours);
  // A label alone gets its hash's colour, whatever report it is in.
  for (const std::string l : {"gpbo", "random", "tpe"}) {
    EXPECT_EQ(host::label_colours({l}).at(l), host::label_colours({l, "zzz-last"}).at(l)) << l;
  }
}

TEST(SvgPlot, DrawsEachCurveAsABandAndALineOnLogAxes) {
  host::Figure f{"f", "title <t>", "evaluations", "simple regret", false, true, {}};
  f.curves.push_back({"a<b>", {{1, 10, 1, 9, 11, 3}, {2, 1, 0.5, 0.5, 1.5, 3}}});
  f.curves.push_back({"c", {{1, 100, 0, 100, 100, 3}}});
  const std::string svg = host::svg_plot(f, host::label_colours({"a<b>", "c"}));
  EXPECT_EQ(count(svg, "<polygon"), 2u);
  EXPECT_EQ(count(svg, "<polyline"), 2u);
  EXPECT_NE(svg.find("<title>a&lt;b&gt;</title>"), std::string::npos);
  EXPECT_NE(svg.find("title &lt;t&gt;"), std::string::npos);
  EXPECT_NE(svg.find(">100</text>"), std::string::npos);  // a decade tick
  EXPECT_NE(svg.find("(log scale)"), std::string::npos);
}

}  // namespace
}  // namespace bopp::test
