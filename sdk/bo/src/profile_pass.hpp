// Private to bopp::bo: the kernel profile on raw arrays, in a unit built for AVX2 and FMA and
// chosen at run time (Kernel's ProfilePath). It includes no Eigen: the unit is compiled with
// other instructions than the rest of the library, and Eigen's templates instantiated there would
// be merged with theirs (bopp/eigen_configuration.hpp).
#pragma once

#include <cstddef>

namespace bopp::bo::profile_pass {

// Kernel's profiles g (kernel.hpp), in KernelType's order.
enum class Shape { rbf, matern12, matern32, matern52 };

// True when the CPU has AVX2 and FMA and the environment does not ask for the baseline
// (BOPP_KERNEL_BASELINE set to anything but 0); decided once per process.
bool wide_available();

// The passes below, built with AVX2 and FMA; call them only when wide_available(). Each
// element's result depends on its own s alone, not on its position or the count, so the three
// agree bit for bit with one another.
// s[i] ← σ² g(s[i]).
void wide_values(Shape shape, double outputscale, double* s, std::ptrdiff_t count);
// s[i] ← σ² g'(s[i]) (0 at s = 0 for matern12, as Kernel::profile_derivative).
void wide_derivatives(Shape shape, double outputscale, double* s, std::ptrdiff_t count);
// value[i] ← σ² g(s[i]), then s[i] ← σ² g'(s[i]).
void wide_values_and_derivatives(Shape shape, double outputscale, double* s, double* value,
                                 std::ptrdiff_t count);

}  // namespace bopp::bo::profile_pass
