// copy_if_readable: memory a plugin points to is copied when it is there, refused (not
// faulted on) when it is not.
#include <bopp/host/plugins/readable_memory.hpp>

#include <gtest/gtest.h>

#include <sys/mman.h>
#include <unistd.h>

#include <cstring>
#include <vector>

namespace bopp::host {
namespace {

TEST(ReadableMemory, CopiesWhatIsThereAndRefusesWhatIsNot) {
  const std::vector<int> values = {1, 2, 3};
  std::vector<int> out(3, 0);
  ASSERT_TRUE(copy_if_readable(values.data(), sizeof(int) * 3, out.data()));
  EXPECT_EQ(out, values);

  // A readable page followed by one that is not: an array declared one page longer than it is.
  const auto page = static_cast<std::size_t>(::sysconf(_SC_PAGESIZE));
  void* pages =
      ::mmap(nullptr, 2 * page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  ASSERT_NE(pages, MAP_FAILED);
  ASSERT_EQ(::mprotect(static_cast<char*>(pages) + page, page, PROT_NONE), 0);
  std::vector<char> copy(2 * page);
  EXPECT_TRUE(copy_if_readable(pages, page, copy.data()));
  EXPECT_FALSE(copy_if_readable(pages, 2 * page, copy.data()));
  EXPECT_FALSE(copy_if_readable(static_cast<char*>(pages) + page, 8, copy.data()));
  EXPECT_FALSE(copy_if_readable(nullptr, 8, copy.data()));
  ::munmap(pages, 2 * page);
}

}  // namespace
}  // namespace bopp::host
