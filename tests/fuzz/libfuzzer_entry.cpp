// A libFuzzer target over one of the entries of fuzz_targets.hpp (BOPP_FUZZ_ENTRY names it),
// built with clang when -DBOPP_LIBFUZZER=ON: coverage-guided runs by hand, beside CI's seeded
// ones. host::Error is a valid outcome; anything else escaping aborts, which libFuzzer reports.
#include "fuzz_targets.hpp"

#include <bopp/host/common/errors.hpp>

#include <cstddef>
#include <cstdint>
#include <string_view>

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  bopp::fuzz::prepare_targets();
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  try {
    bopp::fuzz::BOPP_FUZZ_ENTRY(std::string_view(reinterpret_cast<const char*>(data), size));
  } catch (const bopp::host::Error&) {
  }
  return 0;
}
