// NetworkFunction, a trained draw u ↦ β [f(u; θ) + ⟨∇θ f(u; θ0), v⟩] on its own workspaces:
// against Mlp's values, Jacobian-vector products and input gradients (double), over several
// blocks of points (with input gradients at one point and at many), for each term alone and
// both, ReLU and erf, depths 0 to 2; float within a small fraction of the values' spread.
#include <bopp/nn/mlp.hpp>
#include <bopp/nn/network_function.hpp>

#include <gtest/gtest.h>

#include <random>
#include <string>
#include <tuple>

namespace {

using bopp::nn::Activation;
using bopp::nn::Mlp;
using bopp::nn::MlpShape;
using bopp::nn::NetworkFunction;

constexpr double beta = 1.7;

struct Draw {
  Mlp mlp;
  Eigen::VectorXd theta, base, tangent;
  Eigen::MatrixXd U;  // 600 points: three blocks, the last one partial
};

Draw draw(Activation activation, int depth) {
  MlpShape shape;
  shape.input_dim = 3;
  shape.depth = depth;
  shape.width = 16;
  shape.activation = activation;
  Draw d{Mlp(shape), {}, {}, {}, {}};
  std::mt19937_64 rng(static_cast<std::uint64_t>(depth) + 11);
  std::normal_distribution<double> normal;
  std::uniform_real_distribution<double> uniform;
  const Eigen::Index p = d.mlp.parameter_count();
  d.theta = Eigen::VectorXd::NullaryExpr(p, [&] { return normal(rng); });
  d.base = Eigen::VectorXd::NullaryExpr(p, [&] { return normal(rng); });
  d.tangent = Eigen::VectorXd::NullaryExpr(p, [&] { return normal(rng); });
  d.U = Eigen::MatrixXd::NullaryExpr(600, 3, [&] { return uniform(rng); });
  return d;
}

// The same function from Mlp's own passes.
Eigen::VectorXd reference(const Draw& d, bool network, bool tangent) {
  Eigen::VectorXd out = Eigen::VectorXd::Zero(d.U.rows());
  if (network) out += d.mlp.values(d.U, d.theta);
  if (tangent) out += d.mlp.jacobian_vector_products(d.U, d.base, d.tangent);
  return beta * out;
}

double reference_point(const Draw& d, bool network, bool tangent, const Eigen::VectorXd& u,
                       Eigen::VectorXd& gradient) {
  gradient = Eigen::VectorXd::Zero(u.size());
  Eigen::VectorXd part;
  double out = 0;
  if (network) {
    out += d.mlp.value(u, d.theta, &part);
    gradient += part;
  }
  if (tangent) {
    out += d.mlp.jacobian_vector_product(u, d.base, d.tangent, &part);
    gradient += part;
  }
  gradient *= beta;
  return beta * out;
}

template <class Scalar>
NetworkFunction<Scalar> function(const Draw& d, bool network, bool tangent) {
  const Eigen::VectorXd none;
  return {d.mlp, beta, network ? d.theta : none, tangent ? d.base : none,
          tangent ? d.tangent : none};
}

// Which terms: the network, the tangent term, or both.
enum Terms { network_only = 1, tangent_only = 2, both = 3 };

class NetworkFunctionTerms : public ::testing::TestWithParam<std::tuple<Activation, int, Terms>> {
 protected:
  static bool network() { return (std::get<2>(GetParam()) & network_only) != 0; }
  static bool tangent() { return (std::get<2>(GetParam()) & tangent_only) != 0; }
};

TEST_P(NetworkFunctionTerms, MatchesTheNetworksPassesInDouble) {
  const auto [activation, depth, terms] = GetParam();
  const Draw d = draw(activation, depth);
  const bool network = this->network(), tangent = this->tangent();
  NetworkFunction<double> g = function<double>(d, network, tangent);
  const Eigen::VectorXd expected = reference(d, network, tangent);
  Eigen::VectorXd values(d.U.rows());
  g.values(d.U, values);
  const double scale = 1 + expected.cwiseAbs().maxCoeff();
  EXPECT_LT((values - expected).cwiseAbs().maxCoeff(), 1e-12 * scale);
  for (Eigen::Index j : {0, 299, 599}) {
    const Eigen::VectorXd u = d.U.row(j).transpose();
    Eigen::VectorXd gradient, expected_gradient;
    const double expected_value = reference_point(d, network, tangent, u, expected_gradient);
    EXPECT_NEAR(g.value(u, &gradient), expected_value, 1e-12 * scale);
    EXPECT_NEAR(g.value(u), expected_value, 1e-12 * scale);
    EXPECT_LT((gradient - expected_gradient).norm(), 1e-12 * (1 + expected_gradient.norm()));
    EXPECT_NEAR(values[j], expected_value, 1e-12 * scale);
  }
}

// The L-BFGS runs of a search in lockstep: many points at once, each with its input gradient,
// over blocks (the last partial), as each point alone gives them.
TEST_P(NetworkFunctionTerms, ValuesAndGradientsOfManyPointsAreEachPointsOwn) {
  const auto [activation, depth, terms] = GetParam();
  const Draw d = draw(activation, depth);
  const bool network = this->network(), tangent = this->tangent();
  NetworkFunction<double> g = function<double>(d, network, tangent);
  const Eigen::VectorXd expected = reference(d, network, tangent);
  const double scale = 1 + expected.cwiseAbs().maxCoeff();
  for (const Eigen::Index rows : {Eigen::Index{1}, Eigen::Index{7}, d.U.rows()}) {
    Eigen::VectorXd values(rows);
    Eigen::MatrixXd gradients;
    g.values_and_gradients(d.U.topRows(rows), values, gradients);
    ASSERT_EQ(gradients.rows(), rows);
    ASSERT_EQ(gradients.cols(), d.U.cols());
    EXPECT_LT((values - expected.head(rows)).cwiseAbs().maxCoeff(), 1e-12 * scale);
    for (Eigen::Index j = 0; j < rows; j += 37) {
      const Eigen::VectorXd u = d.U.row(j).transpose();
      Eigen::VectorXd gradient;
      reference_point(d, network, tangent, u, gradient);
      EXPECT_LT((gradients.row(j).transpose() - gradient).norm(), 1e-12 * (1 + gradient.norm()))
          << "point " << j << " of " << rows;
    }
  }
}

TEST_P(NetworkFunctionTerms, FloatStaysCloseToDouble) {
  const auto [activation, depth, terms] = GetParam();
  const Draw d = draw(activation, depth);
  const bool network = this->network(), tangent = this->tangent();
  NetworkFunction<double> exact = function<double>(d, network, tangent);
  NetworkFunction<float> fast = function<float>(d, network, tangent);
  Eigen::VectorXd a(d.U.rows()), b(d.U.rows());
  exact.values(d.U, a);
  fast.values(d.U, b);
  const double spread = a.maxCoeff() - a.minCoeff();
  ASSERT_GT(spread, 0);
  EXPECT_LT((a - b).cwiseAbs().maxCoeff(), 1e-5 * (spread + a.cwiseAbs().maxCoeff()));
}

std::string case_name(const ::testing::TestParamInfo<std::tuple<Activation, int, Terms>>& info) {
  const Activation activation = std::get<0>(info.param);
  const Terms terms = std::get<2>(info.param);
  return std::string(activation == Activation::relu ? "relu" : "erf") + "_depth" +
         std::to_string(std::get<1>(info.param)) + ((terms & network_only) != 0 ? "_network" : "") +
         ((terms & tangent_only) != 0 ? "_tangent" : "");
}

INSTANTIATE_TEST_SUITE_P(Terms, NetworkFunctionTerms,
                         ::testing::Combine(::testing::Values(Activation::relu, Activation::erf),
                                            ::testing::Values(0, 1, 2),
                                            ::testing::Values(network_only, tangent_only, both)),
                         case_name);

}  // namespace
