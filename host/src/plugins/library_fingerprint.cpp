#include <bopp/host/common/errors.hpp>
#include <bopp/host/plugins/library_fingerprint.hpp>

#include <boost/uuid/detail/sha1.hpp>

#include <elf.h>
#include <fcntl.h>
#include <link.h>
#include <unistd.h>

#include <cerrno>
#include <cstdint>
#include <cstring>
#include <vector>

namespace bopp::host {
namespace {

std::string hex(const unsigned char* bytes, std::size_t n) {
  static const char digits[] = "0123456789abcdef";
  std::string out;
  out.reserve(2 * n);
  for (std::size_t i = 0; i < n; ++i) {
    out.push_back(digits[bytes[i] >> 4]);
    out.push_back(digits[bytes[i] & 0xf]);
  }
  return out;
}

struct BuildIdSearch {
  std::string path;
  std::string id;
};

// The NT_GNU_BUILD_ID note among the PT_NOTE segments of one loaded object.
std::string build_id_in(const dl_phdr_info& info) {
  for (ElfW(Half) i = 0; i < info.dlpi_phnum; ++i) {
    const ElfW(Phdr)& segment = info.dlpi_phdr[i];
    if (segment.p_type != PT_NOTE) continue;
    const auto* p = reinterpret_cast<const unsigned char*>(info.dlpi_addr + segment.p_vaddr);
    const unsigned char* end = p + segment.p_memsz;
    // Notes are 4-aligned: a header, the name padded to 4, the descriptor padded to 4.
    while (p + sizeof(ElfW(Nhdr)) <= end) {
      ElfW(Nhdr) note;
      std::memcpy(&note, p, sizeof note);
      const unsigned char* name = p + sizeof note;
      const unsigned char* desc = name + ((note.n_namesz + 3u) & ~3u);
      const unsigned char* next = desc + ((note.n_descsz + 3u) & ~3u);
      if (next > end) break;
      if (note.n_type == NT_GNU_BUILD_ID && note.n_namesz == 4 &&
          std::memcmp(name, "GNU", 4) == 0) {
        return hex(desc, note.n_descsz);
      }
      p = next;
    }
  }
  return "";
}

}  // namespace

std::string file_sha1(const std::filesystem::path& file) {
  const int fd = ::open(file.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) throw Error("cannot read '" + file.string() + "' to fingerprint it");
  try {
    std::string sha1 = descriptor_sha1(fd, file);
    ::close(fd);
    return sha1;
  } catch (...) {
    ::close(fd);
    throw;
  }
}

std::string descriptor_sha1(int fd, const std::filesystem::path& name) {
  boost::uuids::detail::sha1 sha;
  std::vector<char> buffer(1 << 16);
  off_t offset = 0;
  for (;;) {
    const ssize_t n = ::pread(fd, buffer.data(), buffer.size(), offset);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) throw Error("cannot read '" + name.string() + "' to fingerprint it");
    if (n == 0) break;
    sha.process_bytes(buffer.data(), static_cast<std::size_t>(n));
    offset += n;
  }
  boost::uuids::detail::sha1::digest_type digest;
  sha.get_digest(digest);
  unsigned char bytes[sizeof digest];
  // Each 32-bit word of the digest, most significant byte first: the usual SHA-1 text.
  for (std::size_t w = 0; w < 5; ++w) {
    for (std::size_t b = 0; b < 4; ++b) bytes[4 * w + b] = (digest[w] >> (24 - 8 * b)) & 0xff;
  }
  return hex(bytes, 20);
}

std::string gnu_build_id(const std::filesystem::path& loaded_path) {
  BuildIdSearch search{loaded_path.string(), ""};
  dl_iterate_phdr(
      [](dl_phdr_info* info, std::size_t, void* data) {
        auto* s = static_cast<BuildIdSearch*>(data);
        if (info->dlpi_name == nullptr || s->path != info->dlpi_name) return 0;
        s->id = build_id_in(*info);
        return 1;
      },
      &search);
  return search.id;
}

}  // namespace bopp::host
