// StateArchive: every kind of field comes back bit for bit, and a bad field is named.
#include <bopp/kit/state_archive.hpp>

#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstring>
#include <limits>
#include <optional>
#include <random>
#include <string>
#include <vector>

namespace {

struct Nested {
  int count = 0;
  Eigen::MatrixXd weights;
  void save(bopp::StateArchive& a) const {
    a.write("count", count);
    a.write("weights", weights);
  }
  void restore(const bopp::StateArchive& a) {
    a.read("count", count);
    a.read("weights", weights);
  }
};

enum class Phase { warmup, main };

bool same_bits(double a, double b) { return std::memcmp(&a, &b, sizeof a) == 0; }

bopp::StateArchive round_trip(const bopp::StateArchive& written) {
  // Through CBOR, as the kit stores it.
  const auto bytes = nlohmann::json::to_cbor(written.fields());
  return bopp::StateArchive(nlohmann::json::from_cbor(bytes), "");
}

TEST(StateArchive, EveryFieldKindComesBackBitForBit) {
  bopp::StateArchive a;
  std::mt19937_64 rng(5);
  rng.discard(17);
  const double nan_with_payload = std::bit_cast<double>(0x7ff8000000000123ULL);
  a.write("flag", true);
  a.write("count", std::uint64_t{1} << 63);
  a.write("offset", std::int64_t{-3});
  a.write("phase", Phase::main);
  a.write("zero", -0.0);
  a.write("nan", nan_with_payload);
  a.write("tiny", std::numeric_limits<double>::denorm_min());
  a.write("name", std::string("gp"));
  a.write("rng", rng);
  a.write("maybe", std::optional<double>(2.5));
  a.write("nothing", std::optional<double>());
  a.write("indices", std::vector<long>{3, 1, 2});
  a.write("names", std::vector<std::string>{"a", "b"});
  Nested nested{4, Eigen::MatrixXd::Random(3, 2)};
  a.write("nested", nested);
  a.write("nested_list", std::vector<Nested>{nested, Nested{}});
  const Eigen::VectorXf floats = Eigen::VectorXf::Random(5);
  a.write("floats", floats);

  const bopp::StateArchive b = round_trip(a);
  bool flag = false;
  std::uint64_t count = 0;
  std::int64_t offset = 0;
  Phase phase = Phase::warmup;
  double zero = 1, nan = 0, tiny = 0;
  std::string name;
  std::mt19937_64 restored_rng;
  std::optional<double> maybe, nothing = 1.0;
  std::vector<long> indices;
  std::vector<std::string> names;
  Nested restored;
  std::vector<Nested> list;
  Eigen::VectorXf restored_floats;
  b.read("flag", flag);
  b.read("count", count);
  b.read("offset", offset);
  b.read("phase", phase);
  b.read("zero", zero);
  b.read("nan", nan);
  b.read("tiny", tiny);
  b.read("name", name);
  b.read("rng", restored_rng);
  b.read("maybe", maybe);
  b.read("nothing", nothing);
  b.read("indices", indices);
  b.read("names", names);
  b.read("nested", restored);
  b.read("nested_list", list);
  b.read("floats", restored_floats);
  EXPECT_TRUE(flag);
  EXPECT_EQ(count, std::uint64_t{1} << 63);
  EXPECT_EQ(offset, -3);
  EXPECT_EQ(phase, Phase::main);
  EXPECT_TRUE(same_bits(zero, -0.0));
  EXPECT_TRUE(same_bits(nan, nan_with_payload));
  EXPECT_TRUE(same_bits(tiny, std::numeric_limits<double>::denorm_min()));
  EXPECT_EQ(name, "gp");
  EXPECT_EQ(restored_rng(), rng());
  EXPECT_EQ(maybe, 2.5);
  EXPECT_FALSE(nothing.has_value());
  EXPECT_EQ(indices, (std::vector<long>{3, 1, 2}));
  EXPECT_EQ(names, (std::vector<std::string>{"a", "b"}));
  EXPECT_EQ(restored.count, 4);
  EXPECT_EQ(restored.weights, nested.weights);
  ASSERT_EQ(list.size(), 2u);
  EXPECT_EQ(list[0].weights, nested.weights);
  EXPECT_EQ(restored_floats, floats);
}

TEST(StateArchive, AMissingOrMistypedFieldIsNamedWithItsPath) {
  bopp::StateArchive a;
  a.write("nested", Nested{1, Eigen::MatrixXd::Ones(2, 2)});
  a.write("text", std::string("x"));
  const bopp::StateArchive b = round_trip(a);
  double value = 0;
  try {
    b.read("absent", value);
    FAIL();
  } catch (const bopp::StateError& e) {
    EXPECT_STREQ(e.what(), "state: field 'absent' is missing");
  }
  try {
    b.read("text", value);
    FAIL();
  } catch (const bopp::StateError& e) {
    EXPECT_STREQ(e.what(), "state: field 'text' is not an array of bytes");
  }
  Eigen::Matrix3d fixed;
  bopp::StateArchive inner;
  inner.write("m", Eigen::MatrixXd::Ones(2, 2));
  EXPECT_THROW(round_trip(inner).read("m", fixed), bopp::StateError);
  struct Wrong {
    int count = 0;
    void save(bopp::StateArchive&) const {}
    void restore(const bopp::StateArchive& archive) { archive.read("weights", count); }
  } wrong;
  try {
    b.read("nested", wrong);
    FAIL();
  } catch (const bopp::StateError& e) {
    EXPECT_STREQ(e.what(), "state: field 'nested.weights' is not an integer");
  }
}

}  // namespace
