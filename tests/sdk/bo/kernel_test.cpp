// Kernels: closed-form values, and input derivatives against central differences.
#include <bopp/bo/kernel.hpp>

#include <gtest/gtest.h>

#include <cmath>

namespace {

using bopp::bo::Kernel;
using bopp::bo::KernelType;
using bopp::bo::ProfilePath;

const KernelType all_types[] = {KernelType::rbf, KernelType::matern12, KernelType::matern32,
                                KernelType::matern52};

Kernel make_kernel(KernelType type) {
  Kernel k(type, 3);
  k.set_lengthscales(Eigen::Vector3d(0.3, 0.7, 1.3));
  k.set_outputscale(1.7);
  return k;
}

double relative_error(const Eigen::MatrixXd& a, const Eigen::MatrixXd& b) {
  return (a - b).norm() / std::max(1e-300, b.norm());
}

TEST(Kernel, ValuesMatchClosedFormsAtKnownDistance) {
  // With ℓ = (0.3, 0.7, 1.3) and x − x' = (0.3, 0, 0), the scaled distance is r = 1.
  const Eigen::Vector3d x(0.5, 0.2, 0.1), x2(0.2, 0.2, 0.1);
  const double s3 = std::sqrt(3.0), s5 = std::sqrt(5.0);
  EXPECT_NEAR(make_kernel(KernelType::rbf)(x, x2), 1.7 * std::exp(-0.5), 1e-14);
  EXPECT_NEAR(make_kernel(KernelType::matern12)(x, x2), 1.7 * std::exp(-1.0), 1e-14);
  EXPECT_NEAR(make_kernel(KernelType::matern32)(x, x2), 1.7 * (1 + s3) * std::exp(-s3), 1e-14);
  EXPECT_NEAR(make_kernel(KernelType::matern52)(x, x2), 1.7 * (1 + s5 + 5.0 / 3.0) * std::exp(-s5),
              1e-14);
}

TEST(Kernel, MatrixAgreesWithPointwiseValuesAndIsSymmetric) {
  Eigen::MatrixXd A = (Eigen::MatrixXd::Random(5, 3).array() + 1) / 2;
  Eigen::MatrixXd B = (Eigen::MatrixXd::Random(4, 3).array() + 1) / 2;
  for (auto type : all_types) {
    const Kernel k = make_kernel(type);
    const Eigen::MatrixXd KAB = k.matrix(A, B);
    for (int i = 0; i < 5; ++i)
      for (int j = 0; j < 4; ++j)
        EXPECT_NEAR(KAB(i, j), k(A.row(i).transpose(), B.row(j).transpose()), 1e-12);
    const Eigen::MatrixXd KAA = k.matrix(A);
    EXPECT_EQ((KAA - KAA.transpose()).norm(), 0.0);
    EXPECT_EQ(KAA(2, 2), 1.7);
  }
}

TEST(Kernel, GradientInInputsMatchesCentralDifferences) {
  const Eigen::Vector3d x(0.4, 0.6, 0.2);
  const Eigen::MatrixXd B = (Eigen::MatrixXd::Random(4, 3).array() + 1) / 2;
  const double h = 1e-6;
  for (auto type : all_types) {
    const Kernel k = make_kernel(type);
    const Eigen::MatrixXd G = k.gradient(x, B);
    Eigen::MatrixXd fd(3, 4);
    for (int i = 0; i < 3; ++i) {
      Eigen::Vector3d xp = x, xm = x;
      xp[i] += h;
      xm[i] -= h;
      fd.row(i) = (k.matrix(xp.transpose(), B) - k.matrix(xm.transpose(), B)) / (2 * h);
    }
    EXPECT_LT(relative_error(G, fd), 1e-6) << bopp::bo::kernel_type_name(type);
  }
}

TEST(Kernel, CrossHessianMatchesCentralDifferencesOfGradient) {
  const Eigen::Vector3d x(0.4, 0.6, 0.2), x2(0.3, 0.9, 0.5);
  for (auto type : all_types) {
    const Kernel k = make_kernel(type);
    for (const Eigen::Vector3d& other : {Eigen::Vector3d(x2), Eigen::Vector3d(x)}) {
      if (type == KernelType::matern12 && other == x) continue;
      // At x = x' the Matérn 3/2 gradient is only Lipschitz: a smaller step keeps O(h) small.
      const double h = other == x ? 1e-8 : 1e-5;
      Eigen::MatrixXd fd(3, 3);
      for (int j = 0; j < 3; ++j) {
        Eigen::Vector3d p = other, m = other;
        p[j] += h;
        m[j] -= h;
        fd.col(j) = (k.gradient(x, p.transpose()) - k.gradient(x, m.transpose())) / (2 * h);
      }
      EXPECT_LT(relative_error(k.cross_hessian(x, other), fd), 1e-6)
          << bopp::bo::kernel_type_name(type) << (other == x ? " at x = x'" : "");
    }
  }
}

TEST(Kernel, CrossHessianAtCoincidentPointsIsDiagonalClosedForm) {
  const Eigen::Vector3d x(0.4, 0.6, 0.2);
  const Eigen::Array3d inv2 = Eigen::Array3d(0.3, 0.7, 1.3).square().inverse();
  EXPECT_LT((make_kernel(KernelType::rbf).cross_hessian(x, x).diagonal().array() - 1.7 * inv2)
                .abs()
                .maxCoeff(),
            1e-12);
  EXPECT_LT((make_kernel(KernelType::matern52).cross_hessian(x, x).diagonal().array() -
             1.7 * 5.0 / 3.0 * inv2)
                .abs()
                .maxCoeff(),
            1e-12);
  EXPECT_LT(
      (make_kernel(KernelType::matern32).cross_hessian(x, x).diagonal().array() - 1.7 * 3.0 * inv2)
          .abs()
          .maxCoeff(),
      1e-12);
  EXPECT_THROW(make_kernel(KernelType::matern12).cross_hessian(x, x), std::invalid_argument);
}

TEST(Kernel, ProfileWithDerivativeIsBothProfilesInOnePassBitForBit) {
  // 600 distances: more than one chunk of either pass, 0 (matern12's derivative) among them.
  const Eigen::ArrayXd s = Eigen::ArrayXd::LinSpaced(600, 0.0, 9.0).square();
  for (const ProfilePath path : {ProfilePath::dispatched, ProfilePath::baseline}) {
    for (const KernelType type : all_types) {
      Kernel k(type, 3);
      k.set_outputscale(1.7);
      Eigen::ArrayXd derivative = s;
      Eigen::ArrayXd value(s.size());
      k.profile_with_derivative(derivative, value, path);
      Eigen::ArrayXd in_place = s;
      k.profile_in_place(in_place, path);
      const Eigen::ArrayXXd expected_value = k.profile(s, path);
      const Eigen::ArrayXXd expected_derivative = k.profile_derivative(s, path);
      for (Eigen::Index i = 0; i < s.size(); ++i) {
        EXPECT_EQ(value[i], expected_value(i, 0)) << bopp::bo::kernel_type_name(type) << " " << i;
        EXPECT_EQ(in_place[i], expected_value(i, 0))
            << bopp::bo::kernel_type_name(type) << " " << i;
        EXPECT_EQ(derivative[i], expected_derivative(i, 0))
            << bopp::bo::kernel_type_name(type) << " " << i;
      }
    }
  }
}

TEST(Kernel, DispatchedProfileAgreesWithBaselineToRounding) {
  // Odd lengths and offsets: the wide pass's padded last block and unaligned starts.
  const Eigen::ArrayXd s = Eigen::ArrayXd::LinSpaced(1001, 0.0, 40.0);
  for (const KernelType type : all_types) {
    Kernel k(type, 3);
    k.set_outputscale(1.7);
    const Eigen::ArrayXXd wide = k.profile(s, ProfilePath::dispatched);
    const Eigen::ArrayXXd base = k.profile(s, ProfilePath::baseline);
    const Eigen::ArrayXXd wide_d = k.profile_derivative(s, ProfilePath::dispatched);
    const Eigen::ArrayXXd base_d = k.profile_derivative(s, ProfilePath::baseline);
    for (Eigen::Index i = 0; i < s.size(); ++i) {
      EXPECT_NEAR(wide(i, 0), base(i, 0), 1e-14 * std::abs(base(i, 0)))
          << bopp::bo::kernel_type_name(type) << " " << i;
      EXPECT_NEAR(wide_d(i, 0), base_d(i, 0), 1e-14 * std::abs(base_d(i, 0)))
          << bopp::bo::kernel_type_name(type) << " " << i;
    }
    // Where an element sits does not change its value: the pass over a tail agrees with the
    // pass over the whole.
    Eigen::ArrayXd tail = s.tail(333);
    k.profile_in_place(tail);
    for (Eigen::Index i = 0; i < tail.size(); ++i) EXPECT_EQ(tail[i], wide(s.size() - 333 + i, 0));
  }
}

TEST(Kernel, MatrixIntoAReusedBufferIsMatrix) {
  const Eigen::MatrixXd A = (Eigen::MatrixXd::Random(37, 3).array() + 1) / 2;
  const Eigen::MatrixXd B = (Eigen::MatrixXd::Random(11, 3).array() + 1) / 2;
  Eigen::MatrixXd buffer(37, 20);
  for (const KernelType type : all_types) {
    const Kernel k = make_kernel(type);
    auto out = buffer.leftCols(11);
    k.matrix_into(A, B, out);
    EXPECT_EQ(Eigen::MatrixXd(out), k.matrix(A, B));
  }
  EXPECT_THROW(make_kernel(KernelType::rbf).matrix_into(A, B, buffer), std::invalid_argument);
}

TEST(Kernel, NamesRoundTripAndUnknownNameThrows) {
  for (auto type : all_types)
    EXPECT_EQ(bopp::bo::kernel_type_from_name(bopp::bo::kernel_type_name(type)), type);
  EXPECT_THROW(bopp::bo::kernel_type_from_name("matern72"), std::invalid_argument);
}

}  // namespace
