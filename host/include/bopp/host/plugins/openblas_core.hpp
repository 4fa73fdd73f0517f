// bopp/host/plugins/openblas_core.hpp: which OpenBLAS kernels the plugins run on.
//
// OpenBLAS picks its kernels once, when it loads, from the CPU's model number, and a version
// older than the CPU falls back to its Prescott kernels, SSE3 only: Debian 12's 0.3.21 on a 2023
// Xeon ran a 1000² GEMM at 14.7 GFLOP/s, against 70.7 with its SkylakeX kernels. The host loads
// OpenBLAS only through plugins, so before the first one loads it names the kernels from the
// CPU's instruction sets in OPENBLAS_CORETYPE, which OpenBLAS reads as it loads; records then
// follow the CPU's features rather than OpenBLAS's table of models (docs/decisions.md).
#pragma once

#include <string>

namespace bopp::host {

// The instruction sets that decide the kernels.
struct CpuVectorFeatures {
  bool avx2_fma = false;  // AVX2 and FMA
  bool avx512 = false;    // AVX-512 F, CD, BW, DQ and VL (OpenBLAS's SkylakeX kernels)
};

// This CPU's, as the OS enables them.
CpuVectorFeatures this_cpu_vector_features();

// OpenBLAS's name of the kernels for a CPU with these features: "SkylakeX" with AVX-512,
// "Haswell" with AVX2 and FMA, "" (OpenBLAS's own choice) without.
std::string openblas_core_for(CpuVectorFeatures cpu);

// What was decided at start, for `bopp --version`.
struct OpenblasCoreChoice {
  std::string requested;  // OPENBLAS_CORETYPE as the environment gave it ("" when unset)
  std::string chosen;     // what bopp set it to ("" when it left it alone)
};

// Sets OPENBLAS_CORETYPE to openblas_core_for(this CPU) unless the environment sets it already.
// Call it at start, before any plugin loads OpenBLAS: an OpenBLAS loaded already keeps its
// kernels. Child processes (bench's runs, workers, external objectives) inherit the choice.
OpenblasCoreChoice choose_openblas_core();

// The kernels of an OpenBLAS this process has loaded already ("" when none is): a process that
// loaded one before choose_openblas_core (Python after numpy) keeps its kernels.
std::string loaded_openblas_core();

// One line for `bopp --version`: the kernels and who chose them.
std::string describe(const OpenblasCoreChoice& choice);

}  // namespace bopp::host
