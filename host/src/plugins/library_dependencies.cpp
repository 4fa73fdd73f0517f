#include <bopp/host/plugins/library_dependencies.hpp>

#include <elf.h>
#include <fcntl.h>
#include <link.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstring>
#include <optional>
#include <string_view>

namespace bopp::host {
namespace {

// The file, mapped read-only for as long as it is read.
class MappedFile {
 public:
  explicit MappedFile(const std::filesystem::path& file) {
    const int fd = ::open(file.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) return;
    struct stat st {};
    if (::fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_size > 0) {
      void* data =
          ::mmap(nullptr, static_cast<std::size_t>(st.st_size), PROT_READ, MAP_PRIVATE, fd, 0);
      if (data != MAP_FAILED) {
        data_ = static_cast<const unsigned char*>(data);
        size_ = static_cast<std::size_t>(st.st_size);
      }
    }
    ::close(fd);
  }
  ~MappedFile() {
    if (data_ != nullptr) ::munmap(const_cast<unsigned char*>(data_), size_);
  }
  MappedFile(const MappedFile&) = delete;
  MappedFile& operator=(const MappedFile&) = delete;

  // A copy of the T at `offset`, when the file holds all of it.
  template <class T>
  std::optional<T> at(std::size_t offset) const {
    if (data_ == nullptr || offset > size_ || size_ - offset < sizeof(T)) return std::nullopt;
    T out;
    std::memcpy(&out, data_ + offset, sizeof out);
    return out;
  }
  // The NUL-terminated text at `offset`, when it ends inside [offset, end).
  std::optional<std::string> text(std::size_t offset, std::size_t end) const {
    end = std::min(end, size_);
    if (data_ == nullptr || offset >= end) return std::nullopt;
    const auto* start = reinterpret_cast<const char*>(data_ + offset);
    const std::size_t length = ::strnlen(start, end - offset);
    if (length == end - offset) return std::nullopt;
    return std::string(start, length);
  }

 private:
  const unsigned char* data_ = nullptr;
  std::size_t size_ = 0;
};

// The file offset of virtual address `address`, through the PT_LOAD segment holding it.
std::optional<std::size_t> file_offset(const std::vector<ElfW(Phdr)>& segments,
                                       ElfW(Addr) address) {
  for (const ElfW(Phdr) & p : segments) {
    if (p.p_type == PT_LOAD && address >= p.p_vaddr && address - p.p_vaddr < p.p_filesz)
      return static_cast<std::size_t>(p.p_offset + (address - p.p_vaddr));
  }
  return std::nullopt;
}

// A RUNPATH entry as the loader takes it: $ORIGIN (or ${ORIGIN}) is the library's folder.
std::filesystem::path expand_origin(std::string entry, const std::filesystem::path& origin) {
  for (const std::string_view token : {"${ORIGIN}", "$ORIGIN"}) {
    for (std::size_t at = entry.find(token); at != std::string::npos; at = entry.find(token, at))
      entry.replace(at, token.size(), origin.string());
  }
  return entry.empty() ? std::filesystem::path(".") : std::filesystem::path(entry);
}

}  // namespace

LibraryDependencies library_dependencies(const std::filesystem::path& file) {
  LibraryDependencies out;
  const MappedFile elf(file);
  const auto header = elf.at<ElfW(Ehdr)>(0);
  if (!header || std::memcmp(header->e_ident, ELFMAG, SELFMAG) != 0 ||
      header->e_ident[EI_CLASS] != (sizeof(void*) == 8 ? ELFCLASS64 : ELFCLASS32) ||
      header->e_phentsize != sizeof(ElfW(Phdr))) {
    return out;
  }
  std::vector<ElfW(Phdr)> segments;
  for (std::size_t i = 0; i < header->e_phnum; ++i) {
    const auto p = elf.at<ElfW(Phdr)>(header->e_phoff + i * sizeof(ElfW(Phdr)));
    if (!p) return out;
    segments.push_back(*p);
  }
  std::vector<ElfW(Dyn)> dynamic;
  for (const ElfW(Phdr) & p : segments) {
    if (p.p_type != PT_DYNAMIC) continue;
    for (std::size_t at = 0; at + sizeof(ElfW(Dyn)) <= p.p_filesz; at += sizeof(ElfW(Dyn))) {
      const auto d = elf.at<ElfW(Dyn)>(p.p_offset + at);
      if (!d || d->d_tag == DT_NULL) break;
      dynamic.push_back(*d);
    }
  }
  std::optional<std::size_t> strings;
  std::size_t strings_size = 0;
  for (const ElfW(Dyn) & d : dynamic) {
    if (d.d_tag == DT_STRTAB) strings = file_offset(segments, d.d_un.d_ptr);
    if (d.d_tag == DT_STRSZ) strings_size = d.d_un.d_val;
  }
  if (!strings) return out;
  const auto string_at = [&](ElfW(Xword) offset) -> std::optional<std::string> {
    if (offset >= strings_size) return std::nullopt;
    return elf.text(*strings + offset, *strings + strings_size);
  };
  // RUNPATH wins over RPATH when both are there, as in the loader.
  std::optional<std::string> runpath, rpath;
  for (const ElfW(Dyn) & d : dynamic) {
    if (d.d_tag == DT_RUNPATH) runpath = string_at(d.d_un.d_val);
    if (d.d_tag == DT_RPATH) rpath = string_at(d.d_un.d_val);
    if (d.d_tag == DT_NEEDED) {
      if (auto name = string_at(d.d_un.d_val)) out.needed.push_back(*name);
    }
  }
  if (const std::optional<std::string>& path = runpath ? runpath : rpath) {
    const std::filesystem::path origin = std::filesystem::absolute(file).parent_path();
    std::size_t start = 0;
    for (std::size_t colon = path->find(':');; colon = path->find(':', start)) {
      out.search_folders.push_back(expand_origin(path->substr(start, colon - start), origin));
      if (colon == std::string::npos) break;
      start = colon + 1;
    }
  }
  return out;
}

}  // namespace bopp::host
