// bopp/eigen_configuration.hpp: how Eigen is configured, and a stamp that makes a binary whose
// translation units disagree about it fail to link.
//
// Every C++ translation unit that links bopp::sdk reads this header first (the target's
// "-include"; a test program compiles it as a source of its own, next to its precompiled
// header). The configuration is set by the CMake target a unit links, in one place:
//   bopp::eigen           BOPP_EIGEN_OPENBLAS, EIGEN_USE_BLAS, EIGEN_USE_LAPACKE: Eigen calls
//                         OpenBLAS and LAPACKE (bopp::bo and bopp::nn link it), unless bopp was
//                         built with BOPP_BO_USE_OPENBLAS=OFF;
//   bopp::eigen_portable  Eigen's own kernels (bopp::bo_portable; bopp::sdk alone is the same).
// Eigen's templates are instantiated in every unit that uses them and the linker keeps one copy
// of each, so two units of one binary built with different settings (BLAS or not, another
// instruction set) silently run one another's code. The stamp below turns that into a link
// error that names both configurations ("multiple definition of
// bopp_eigen_configurations_differ ... [bopp_eigen_configuration_<name>]").
//
// A file that deliberately sees no Eigen (for instance one built with wider instructions and
// dispatched at run time) defines BOPP_EIGEN_NO_STAMP and must not include Eigen.
#pragma once

#if defined(BOPP_EIGEN_OPENBLAS) && !(defined(EIGEN_USE_BLAS) && defined(EIGEN_USE_LAPACKE))
#error "BOPP_EIGEN_OPENBLAS without EIGEN_USE_BLAS and EIGEN_USE_LAPACKE: link bopp::eigen"
#endif

#if defined(BOPP_EIGEN_OPENBLAS)
extern "C" void openblas_set_num_threads(int);
namespace bopp::eigen_configuration {
// OpenBLAS on one thread, set when a binary with a unit on it loads, whichever of its libraries
// it uses: bopp's parallelism is in its evaluators, and OpenBLAS blocks its threaded Cholesky by
// the thread count, so results would depend on the number of cores (docs/decisions.md).
[[maybe_unused]] inline const bool openblas_on_one_thread = (openblas_set_num_threads(1), true);
}  // namespace bopp::eigen_configuration
#endif

#if defined(EIGEN_USE_MKL_ALL) || defined(EIGEN_USE_MKL_VML)
#define BOPP_EIGEN_CONFIGURATION_LIBRARIES "mkl"
#elif defined(EIGEN_USE_BLAS) && (defined(EIGEN_USE_LAPACKE) || defined(EIGEN_USE_LAPACKE_STRICT))
#define BOPP_EIGEN_CONFIGURATION_LIBRARIES "blas_lapacke"
#elif defined(EIGEN_USE_BLAS)
#define BOPP_EIGEN_CONFIGURATION_LIBRARIES "blas"
#elif defined(EIGEN_USE_LAPACKE) || defined(EIGEN_USE_LAPACKE_STRICT)
#define BOPP_EIGEN_CONFIGURATION_LIBRARIES "lapacke"
#else
#define BOPP_EIGEN_CONFIGURATION_LIBRARIES "eigen"
#endif

#if defined(EIGEN_DONT_VECTORIZE)
#define BOPP_EIGEN_CONFIGURATION_ISA "scalar"
#elif defined(__AVX512F__)
#define BOPP_EIGEN_CONFIGURATION_ISA "avx512"
#elif defined(__AVX2__) && defined(__FMA__)
#define BOPP_EIGEN_CONFIGURATION_ISA "avx2_fma"
#elif defined(__AVX__)
#define BOPP_EIGEN_CONFIGURATION_ISA "avx"
#elif defined(__SSE2__)
#define BOPP_EIGEN_CONFIGURATION_ISA "sse2"
#else
#define BOPP_EIGEN_CONFIGURATION_ISA "other"
#endif

// The configuration as text, e.g. "blas_lapacke_sse2".
#define BOPP_EIGEN_CONFIGURATION BOPP_EIGEN_CONFIGURATION_LIBRARIES "_" BOPP_EIGEN_CONFIGURATION_ISA

// One hidden symbol, defined in a COMDAT group named after the configuration: copies of one
// group are merged, two groups both define the symbol, and the link fails. ELF only.
#if !defined(BOPP_EIGEN_NO_STAMP) && defined(__ELF__) && defined(__GNUC__)
__asm__(
    ".pushsection .rodata.bopp_eigen_configuration,\"aG\",@progbits,"
    "bopp_eigen_configuration_" BOPP_EIGEN_CONFIGURATION
    ",comdat\n"
    ".globl bopp_eigen_configurations_differ\n"
    ".hidden bopp_eigen_configurations_differ\n"
    "bopp_eigen_configurations_differ:\n"
    ".byte 0\n"
    ".popsection\n");
#endif
