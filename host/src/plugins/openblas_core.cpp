#include <bopp/host/plugins/openblas_core.hpp>

#include <dlfcn.h>

#include <cstdlib>

namespace bopp::host {

CpuVectorFeatures this_cpu_vector_features() {
  __builtin_cpu_init();
  CpuVectorFeatures cpu;
  cpu.avx2_fma = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
  cpu.avx512 = __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512cd") &&
               __builtin_cpu_supports("avx512bw") && __builtin_cpu_supports("avx512dq") &&
               __builtin_cpu_supports("avx512vl");
  return cpu;
}

std::string openblas_core_for(CpuVectorFeatures cpu) {
  if (cpu.avx512) return "SkylakeX";
  if (cpu.avx2_fma) return "Haswell";
  return "";
}

OpenblasCoreChoice choose_openblas_core() {
  OpenblasCoreChoice choice;
  if (const char* requested = std::getenv("OPENBLAS_CORETYPE");
      requested != nullptr && *requested != '\0') {
    choice.requested = requested;
    return choice;
  }
  choice.chosen = openblas_core_for(this_cpu_vector_features());
  if (!choice.chosen.empty()) setenv("OPENBLAS_CORETYPE", choice.chosen.c_str(), 1);
  return choice;
}

std::string loaded_openblas_core() {
  // The soname the plugins load OpenBLAS by (Debian's libopenblas0); RTLD_NOLOAD loads nothing.
  void* library = dlopen("libopenblas.so.0", RTLD_NOW | RTLD_NOLOAD);
  if (library == nullptr) return "";
  std::string core;
  using CoreName = char* (*)();
  if (auto core_name = reinterpret_cast<CoreName>(dlsym(library, "openblas_get_corename"))) {
    if (const char* name = core_name()) core = name;
  }
  dlclose(library);
  return core;
}

std::string describe(const OpenblasCoreChoice& choice) {
  if (!choice.requested.empty())
    return "OpenBLAS kernels: " + choice.requested +
           " (OPENBLAS_CORETYPE, as the environment sets it)";
  if (choice.chosen.empty()) return "OpenBLAS kernels: OpenBLAS's choice (a CPU without AVX2)";
  return "OpenBLAS kernels: " + choice.chosen +
         " (OPENBLAS_CORETYPE, set by bopp from the CPU's instruction sets)";
}

}  // namespace bopp::host
