// The OpenBLAS kernels the host names from the CPU's features.
#include <bopp/host/plugins/openblas_core.hpp>

#include <gtest/gtest.h>

#include <cstdlib>
#include <string>

namespace bopp::host {
namespace {

TEST(OpenblasCore, TheKernelsFollowTheInstructionSets) {
  EXPECT_EQ(openblas_core_for({.avx2_fma = true, .avx512 = true}), "SkylakeX");
  EXPECT_EQ(openblas_core_for({.avx2_fma = true, .avx512 = false}), "Haswell");
  EXPECT_EQ(openblas_core_for({.avx2_fma = false, .avx512 = false}), "");
}

TEST(OpenblasCore, SetsTheEnvironmentUnlessTheUserDid) {
  ::unsetenv("OPENBLAS_CORETYPE");
  const OpenblasCoreChoice chosen = choose_openblas_core();
  EXPECT_TRUE(chosen.requested.empty());
  EXPECT_EQ(chosen.chosen, openblas_core_for(this_cpu_vector_features()));
  const char* set = std::getenv("OPENBLAS_CORETYPE");
  EXPECT_EQ(set == nullptr ? "" : std::string(set), chosen.chosen);

  ::setenv("OPENBLAS_CORETYPE", "Sandybridge", 1);
  const OpenblasCoreChoice kept = choose_openblas_core();
  EXPECT_EQ(kept.requested, "Sandybridge");
  EXPECT_TRUE(kept.chosen.empty());
  EXPECT_STREQ(std::getenv("OPENBLAS_CORETYPE"), "Sandybridge");
  ::unsetenv("OPENBLAS_CORETYPE");
}

TEST(OpenblasCore, DescribesWhoChose) {
  EXPECT_EQ(describe({"", "SkylakeX"}),
            "OpenBLAS kernels: SkylakeX (OPENBLAS_CORETYPE, set by bopp from the CPU's "
            "instruction sets)");
  EXPECT_EQ(describe({"Haswell", ""}),
            "OpenBLAS kernels: Haswell (OPENBLAS_CORETYPE, as the environment sets it)");
}

}  // namespace
}  // namespace bopp::host
