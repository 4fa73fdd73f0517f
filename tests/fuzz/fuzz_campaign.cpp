#include "fuzz_campaign.hpp"

#include "mutator.hpp"

#include <bopp/host/common/errors.hpp>

#include <cxxabi.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <mutex>
#include <sstream>
#include <thread>
#include <typeinfo>

#if defined(__SANITIZE_ADDRESS__)
#define BOPP_FUZZ_SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define BOPP_FUZZ_SANITIZED 1
#endif
#endif
#ifdef BOPP_FUZZ_SANITIZED
#include <sanitizer/common_interface_defs.h>
#endif

namespace bopp::fuzz {
namespace {

using Clock = std::chrono::steady_clock;

// The input being run, for the reports made when the process dies with it: by the
// watchdog, a sanitizer or a fatal signal. Written before each input, read only then.
struct CurrentInput {
  std::string target;
  std::string input;
  std::uint64_t seed = 0;
  std::size_t index = 0;
  std::atomic<std::int64_t> started_ns{0};  // 0 while no input runs
};
CurrentInput current;

// Writes without allocating, so it is safe from a signal handler or a sanitizer's death.
void write_raw(const char* text, std::size_t size) {
  while (size > 0) {
    const ssize_t n = ::write(STDERR_FILENO, text, size);
    if (n <= 0) return;
    text += n;
    size -= static_cast<std::size_t>(n);
  }
}
void write_raw(const char* text) { write_raw(text, std::char_traits<char>::length(text)); }

void write_number(std::uint64_t value) {
  char digits[24];
  std::size_t n = 0;
  do {
    digits[sizeof digits - 1 - n++] = static_cast<char>('0' + value % 10);
    value /= 10;
  } while (value > 0);
  write_raw(digits + sizeof digits - n, n);
}

// The replay line and the input, hex-escaped, with no allocation.
void report_current_input(const char* why) {
  write_raw("\nfuzz: ");
  write_raw(why);
  write_raw(" on target '");
  write_raw(current.target.c_str());
  write_raw("', input #");
  write_number(current.index);
  write_raw(" (replay: BOPP_FUZZ_SEED=");
  write_number(current.seed);
  write_raw(", or add the input to the target's corpus)\nfuzz: input (");
  write_number(current.input.size());
  write_raw(" bytes): \"");
  static const char kHex[] = "0123456789abcdef";
  for (const char ch : current.input) {
    const auto c = static_cast<unsigned char>(ch);
    if (c >= 0x20 && c < 0x7f && c != '\\' && c != '"') {
      write_raw(&ch, 1);
    } else {
      const char escaped[4] = {'\\', 'x', kHex[c >> 4], kHex[c & 15]};
      write_raw(escaped, 4);
    }
  }
  write_raw("\"\n");
}

extern "C" void on_sanitizer_death() { report_current_input("sanitizer report"); }

extern "C" void on_fatal_signal(int signal) {
  report_current_input("fatal signal");
  std::signal(signal, SIG_DFL);
  std::raise(signal);
}

std::int64_t now_ns() {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(Clock::now().time_since_epoch())
      .count();
}

// Ends the process when one input runs longer than the limit: a hang never returns to be
// measured.
class Watchdog {
 public:
  explicit Watchdog(double limit_seconds)
      : limit_ns_(static_cast<std::int64_t>(limit_seconds * 1e9)), thread_([this] { watch(); }) {}
  ~Watchdog() {
    {
      std::lock_guard lock(mutex_);
      done_ = true;
    }
    wake_.notify_all();
    thread_.join();
  }
  Watchdog(const Watchdog&) = delete;
  Watchdog& operator=(const Watchdog&) = delete;

 private:
  void watch() {
    std::unique_lock lock(mutex_);
    while (!wake_.wait_for(lock, std::chrono::milliseconds(20), [this] { return done_; })) {
      const std::int64_t started = current.started_ns.load();
      if (started != 0 && now_ns() - started > limit_ns_) {
        report_current_input("hang (over the per-input time limit)");
        std::_Exit(EXIT_FAILURE);
      }
    }
  }

  std::int64_t limit_ns_;
  std::mutex mutex_;
  std::condition_variable wake_;
  bool done_ = false;
  std::thread thread_;
};

// The exception's type as written in C++ ("nlohmann::...::type_error").
std::string type_name(const std::type_info& type) {
  int status = 0;
  char* name = abi::__cxa_demangle(type.name(), nullptr, nullptr, &status);
  std::string text = status == 0 && name != nullptr ? name : type.name();
  std::free(name);
  return text;
}

std::uint64_t environment_number(const char* name, std::uint64_t fallback) {
  const char* text = std::getenv(name);
  if (text == nullptr || *text == '\0') return fallback;
  return std::strtoull(text, nullptr, 10);
}

}  // namespace

CampaignSettings settings_from_environment() {
  CampaignSettings s;
  s.seed = environment_number("BOPP_FUZZ_SEED", 20261124);
  // 5 targets x 2500 inputs: over 10 000 in all, about a minute under ASan on 2 cores.
  s.mutations = environment_number("BOPP_FUZZ_RUNS", 2500);
  s.verbose = environment_number("BOPP_FUZZ_VERBOSE", 0) != 0;
  if (const char* text = std::getenv("BOPP_FUZZ_INPUT_SECONDS"); text != nullptr && *text != '\0')
    s.input_seconds = std::strtod(text, nullptr);
  return s;
}

std::vector<std::string> read_corpus(const std::filesystem::path& folder) {
  std::vector<std::filesystem::path> files;
  for (const auto& entry : std::filesystem::directory_iterator(folder))
    if (entry.is_regular_file()) files.push_back(entry.path());
  std::sort(files.begin(), files.end());
  std::vector<std::string> corpus;
  for (const auto& file : files) {
    std::ifstream in(file, std::ios::binary);
    corpus.emplace_back(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  }
  return corpus;
}

std::string hex_escaped(std::string_view input) {
  std::string out;
  static const char kHex[] = "0123456789abcdef";
  for (const char ch : input) {
    const auto c = static_cast<unsigned char>(ch);
    if (c >= 0x20 && c < 0x7f && c != '\\' && c != '"') {
      out += ch;
    } else {
      out += {'\\', 'x', kHex[c >> 4], kHex[c & 15]};
    }
  }
  return out;
}

CampaignResult run_campaign(const std::string& target, Entry entry,
                            const std::vector<std::string>& corpus,
                            const CampaignSettings& settings) {
  current.target = target;
  current.seed = settings.seed;
#ifdef BOPP_FUZZ_SANITIZED
  __sanitizer_set_death_callback(on_sanitizer_death);
#endif
  for (int signal : {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT})
    std::signal(signal, on_fatal_signal);

  // Each target its own stream, so changing one target's corpus leaves the others' inputs.
  std::uint64_t target_seed = settings.seed;
  for (const char c : target)
    target_seed = target_seed * 1099511628211u ^ static_cast<unsigned char>(c);
  Mutator mutator(target_seed, corpus, tokens_of(corpus));

  CampaignResult result;
  Watchdog watchdog(settings.input_seconds);
  const std::size_t total = corpus.size() + settings.mutations;
  for (std::size_t i = 0; i < total; ++i) {
    current.input = i < corpus.size() ? corpus[i] : mutator.next();
    current.index = i;
    current.started_ns.store(now_ns());
    try {
      entry(current.input);
    } catch (const bopp::host::Error& e) {
      ++result.rejected;
      if (settings.verbose)
        std::fprintf(stderr, "fuzz: %s #%zu: %s\n", target.c_str(), i, e.what());
    } catch (const std::exception& e) {
      std::ostringstream failure;
      failure << "input #" << i << " (BOPP_FUZZ_SEED=" << settings.seed << ") threw "
              << type_name(typeid(e)) << " and not bopp::host::Error: " << e.what()
              << "\n  input: \"" << hex_escaped(current.input) << "\"";
      result.failures.push_back(failure.str());
    } catch (...) {
      result.failures.push_back("input #" + std::to_string(i) +
                                " threw a non-std exception\n  input: \"" +
                                hex_escaped(current.input) + "\"");
    }
    current.started_ns.store(0);
    ++result.inputs;
  }
  return result;
}

}  // namespace bopp::fuzz
