#include <bopp/host/plugins/readable_memory.hpp>

#include <fcntl.h>
#include <sys/uio.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

namespace bopp::host {
namespace {

// Where process_vm_readv is not allowed (a seccomp filter), a pipe does it: write(2) reports
// EFAULT for memory the process cannot read.
bool copy_through_pipe(const char* from, std::size_t size, char* out) {
  int pipe_fds[2];
  if (::pipe2(pipe_fds, O_CLOEXEC) != 0) return false;
  constexpr std::size_t kChunk = 4096;  // well under a pipe's capacity
  bool readable = true;
  for (std::size_t done = 0; readable && done < size;) {
    const std::size_t chunk = std::min(kChunk, size - done);
    const ssize_t written = ::write(pipe_fds[1], from + done, chunk);
    readable = written == static_cast<ssize_t>(chunk) &&
               ::read(pipe_fds[0], out + done, chunk) == static_cast<ssize_t>(chunk);
    done += chunk;
  }
  ::close(pipe_fds[0]);
  ::close(pipe_fds[1]);
  return readable;
}

}  // namespace

bool copy_if_readable(const void* address, std::size_t size, void* out) {
  if (size == 0) return true;
  if (address == nullptr) return false;
  iovec local{out, size};
  iovec remote{const_cast<void*>(address), size};
  const ssize_t n = ::process_vm_readv(::getpid(), &local, 1, &remote, 1, 0);
  if (n == static_cast<ssize_t>(size)) return true;
  if (n < 0 && (errno == EPERM || errno == ENOSYS)) {
    return copy_through_pipe(static_cast<const char*>(address), size, static_cast<char*>(out));
  }
  return false;
}

}  // namespace bopp::host
