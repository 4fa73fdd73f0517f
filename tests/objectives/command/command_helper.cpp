// command_helper: the program the command objective's tests run, chosen by its first argument.
//   sum      y = the sum of the point's coordinates, read as JSON from standard input, after
//            a line of chatter and followed by blank lines
//   args     y = the sum of the remaining arguments
//   seed     y = the seed, when BOPP_SEED and the JSON agree on it; -1 otherwise
//   literal  y = 1 when the next two arguments arrived as "a;b" and "$(exit 7)", 0 otherwise
//   fail     writes to standard error, exits 2
//   garbage  prints a line that is not a number
//   hang     never ends
#include <nlohmann/json.hpp>

#include <chrono>
#include <cstdlib>
#include <iostream>
#include <string>
#include <thread>

int main(int argc, char** argv) {
  const std::string mode = argc > 1 ? argv[1] : "";
  if (mode == "sum") {
    const nlohmann::json point = nlohmann::json::parse(std::cin);
    double y = 0.0;
    for (double xi : point["x"]) y += xi;
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
    for (;;) std::this_thread::sleep_for(std::chrono::seconds(1));
  }
  return 0;
}
