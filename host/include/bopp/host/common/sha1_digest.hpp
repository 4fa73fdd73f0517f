// bopp/host/common/sha1_digest.hpp: a SHA-1 computed piece by piece, as hex text.
#pragma once

#include <boost/uuid/detail/sha1.hpp>

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>

namespace bopp::host {

// Fingerprints of record files (a checkpoint's state, the evaluations it was written after):
// they tell a torn or foreign file apart, they are no defence against a forger.
class Sha1Digest {
 public:
  void add(std::string_view bytes) { sha_.process_bytes(bytes.data(), bytes.size()); }
  void add(std::span<const std::uint8_t> bytes) { sha_.process_bytes(bytes.data(), bytes.size()); }
  // The 40 lowercase hex digits of what was added so far; more may be added afterwards.
  std::string hex() const;

 private:
  boost::uuids::detail::sha1 sha_;
};

inline std::string sha1_hex(std::string_view bytes) {
  Sha1Digest digest;
  digest.add(bytes);
  return digest.hex();
}

inline std::string sha1_hex(std::span<const std::uint8_t> bytes) {
  Sha1Digest digest;
  digest.add(bytes);
  return digest.hex();
}

}  // namespace bopp::host
