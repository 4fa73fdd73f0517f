// command_helper: the program the command objective's tests run, chosen by its first argument.
//   sum      y = the sum of the point's coordinates, read as JSON from standard input, after
//            a line of chatter and followed by blank lines
//   args     y = the sum of the remaining arguments
//   seed     y = the seed, when BOPP_SEED and the JSON agree on it; -1 otherwise
//   literal  y = 1 when the next two arguments arrived as "a;b" and "$(exit 7)", 0 otherwise
//   fail     writes to standard error, exits 2
//   garbage  prints a line that is not a number
//   hang     never ends
//   closed   closes its standard output and error, then sleeps 30 s and prints 1
//   orphan F starts a child that sleeps 30 s holding standard output, writes the child's pid
//            to F, prints 1.5 and exits 0
//   family F starts a child that sleeps 30 s, writes its own pid and the child's to F, hangs
//   flood    prints lines of "y" for ever, as `yes` does
//   fd N     y = 1 when descriptor N is open in it, 0 otherwise; writes to it when it is
//   cwd      y = 1 when its working folder holds a file "marker", 0 otherwise, after 0.1 s
#include <nlohmann/json.hpp>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <string>
#include <thread>

namespace {

void sleep_s(int seconds) { std::this_thread::sleep_for(std::chrono::seconds(seconds)); }

}  // namespace

int main(int argc, char** argv) {
  const std::string mode = argc > 1 ? argv[1] : "";
  if (mode == "sum") {
    const nlohmann::json point = nlohmann::json::parse(std::cin);
    double y = 0.0;
    for (double xi : point["x"]) y += xi;
    std::cout.precision(17);  // y read back as the same double
    std::cout << "evaluating...\n" << y << "\n\n  \n";
  } else if (mode == "args") {
    double y = 0.0;
    for (int i = 2; i < argc; ++i) y += std::stod(argv[i]);
    std::cout << y << "\n";
  } else if (mode == "seed") {
    const nlohmann::json point = nlohmann::json::parse(std::cin);
    const char* env = std::getenv("BOPP_SEED");
    const auto seed = point["seed"].get<std::uint64_t>();
    const bool agree = env != nullptr && std::stoull(env) == seed;
    std::cout << (agree ? static_cast<double>(seed % 1000) : -1.0) << "\n";
  } else if (mode == "literal") {
    const bool literal =
        argc == 4 && std::string(argv[2]) == "a;b" && std::string(argv[3]) == "$(exit 7)";
    std::cout << (literal ? 1 : 0) << "\n";
  } else if (mode == "fail") {
    std::cerr << "lots of noise\n" << std::string(1000, 'n') << "\nthe model diverged\n";
    return 2;
  } else if (mode == "garbage") {
    std::cout << "1.5\nnot a number\n";
  } else if (mode == "hang") {
    for (;;) sleep_s(1);
  } else if (mode == "closed") {
    ::close(1);
    ::close(2);
    sleep_s(30);
    std::printf("1\n");
  } else if (mode == "orphan" && argc > 2) {
    const pid_t child = ::fork();
    if (child == 0) {
      sleep_s(30);
      ::_exit(0);
    }
    std::ofstream(argv[2]) << child << "\n";
    std::cout << 1.5 << std::endl;
  } else if (mode == "family" && argc > 2) {
    const pid_t child = ::fork();
    if (child == 0) {
      sleep_s(30);
      ::_exit(0);
    }
    std::ofstream(argv[2]) << ::getpid() << " " << child << "\n";
    for (;;) sleep_s(1);
  } else if (mode == "flood") {
    for (;;) std::fputs("y\n", stdout);
  } else if (mode == "fd" && argc > 2) {
    const int fd = std::atoi(argv[2]);
    const bool open = ::write(fd, "?", 1) == 1 || ::fcntl(fd, F_GETFD) >= 0;
    std::cout << (open ? 1 : 0) << "\n";
  } else if (mode == "cwd") {
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    struct stat info {};
    std::cout << (::stat("marker", &info) == 0 ? 1 : 0) << "\n";
  }
  return 0;
}
