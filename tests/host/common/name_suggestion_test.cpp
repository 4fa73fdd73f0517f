#include <bopp/host/common/name_suggestion.hpp>

#include <gtest/gtest.h>

namespace bopp::host {
namespace {

TEST(NameSuggestion, SuggestsTheClosestKnownName) {
  const std::vector<std::string> known = {"branin", "hartmann6", "ackley", "random"};
  EXPECT_EQ(closest_name("brannin", known), "branin");
  EXPECT_EQ(closest_name("Hartman6", known), "hartmann6");
  EXPECT_EQ(closest_name("randon", known), "random");
}

TEST(NameSuggestion, SuggestsNothingForAFarName) {
  EXPECT_FALSE(closest_name("gibo", {"branin", "random"}).has_value());
  EXPECT_EQ(did_you_mean("zzzzzz", {"branin"}), "");
}

TEST(NameSuggestion, TreatsDashAndUnderscoreAlike) {
  EXPECT_EQ(closest_name("six-hump-camel", {"six_hump_camel", "sphere"}), "six_hump_camel");
}

TEST(NameSuggestion, UnknownNameMessageNamesWhatAndSuggests) {
  EXPECT_EQ(unknown_name("objective", "branni", {"branin", "sphere"}),
            "unknown objective 'branni' (did you mean 'branin'?)");
  EXPECT_EQ(unknown_name("section", "zzz", {"run"}), "unknown section 'zzz'");
}

}  // namespace
}  // namespace bopp::host
