#include <bopp/host/report/label_colours.hpp>

#include <cstdint>
#include <iterator>

namespace bopp::host {
namespace {

// FNV-1a, 64 bits: a fixed hash of the label's bytes (std::hash may differ between builds).
std::uint64_t fnv1a(std::string_view text) {
  std::uint64_t h = 0xcbf29ce484222325ull;
  for (const char c : text) {
    h ^= static_cast<unsigned char>(c);
    h *= 0x100000001b3ull;
  }
  return h;
}

}  // namespace

std::map<std::string, std::string> label_colours(const std::set<std::string>& labels) {
  constexpr std::size_t kSize = std::size(kLabelPalette);
  bool taken[kSize] = {};
  std::size_t used = 0;
  std::map<std::string, std::string> out;
  for (const std::string& label : labels) {
    std::size_t slot = fnv1a(label) % kSize;
    if (used < kSize) {
      while (taken[slot]) slot = (slot + 1) % kSize;
      taken[slot] = true;
      ++used;
    }
    out[label] = std::string(kLabelPalette[slot]);
  }
  return out;
}

}  // namespace bopp::host
