#include <bopp/host/common/sha1_digest.hpp>

namespace bopp::host {

std::string Sha1Digest::hex() const {
  boost::uuids::detail::sha1 copy = sha_;  // finishing a digest changes it
  boost::uuids::detail::sha1::digest_type digest;
  copy.get_digest(digest);
  static const char digits[] = "0123456789abcdef";
  std::string out;
  out.reserve(40);
  // Each 32-bit word of the digest, most significant byte first: the usual SHA-1 text.
  for (std::size_t w = 0; w < 5; ++w) {
    for (int shift = 28; shift >= 0; shift -= 4) out.push_back(digits[(digest[w] >> shift) & 0xf]);
  }
  return out;
}

}  // namespace bopp::host
