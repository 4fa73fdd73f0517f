// A test program's Eigen configuration stamp (bopp/eigen_configuration.hpp), compiled with the
// program's flags but without its precompiled header: GCC uses a precompiled header only as a
// unit's first include, so the test files themselves cannot read the stamp first.
#if __has_include(<bopp/eigen_configuration.hpp>)
#include <bopp/eigen_configuration.hpp>
#endif
