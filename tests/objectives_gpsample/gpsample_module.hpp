// libbopp-gpsample.so as a host sees it: loaded with dlopen, driven through abi.h's table.
#pragma once

#include <bopp/abi.h>

#include <dlfcn.h>

#include <cstdint>
#include <cstring>
#include <stdexcept>
#include <string>
#include <vector>

namespace gpsample_test {

// The module's one objective class. Loaded once, never unloaded.
inline const bopp_objective_class& objective_class() {
  static const bopp_objective_class* loaded = [] {
    const std::string path = std::string(BOPP_TEST_PLUGIN_DIR) + "/libbopp-gpsample.so";
    void* library = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (library == nullptr) throw std::runtime_error("cannot load " + path + ": " + dlerror());
    void* symbol = dlsym(library, BOPP_ENTRY_SYMBOL);
    if (symbol == nullptr) throw std::runtime_error(path + " has no " BOPP_ENTRY_SYMBOL);
    bopp_manifest_function entry;
    std::memcpy(&entry, &symbol, sizeof entry);
    const bopp_manifest* m = entry();
    if (m->objective_count != 1) throw std::runtime_error(path + " should provide one objective");
    return m->objectives[0];
  }();
  return *loaded;
}

inline bopp_status create_status(const std::string& config) {
  const bopp_objective_class& c = objective_class();
  void* instance = nullptr;
  char error[512] = "";
  const bopp_status status = c.create(config.c_str(), 1, nullptr, &instance, error, sizeof error);
  if (instance != nullptr) c.destroy(instance);
  return status;
}

// One objective instance, destroyed with the object; `create_seed` is the host's seed.
class Objective {
 public:
  explicit Objective(const std::string& config, std::uint64_t create_seed = 1) {
    char error[512] = "";
    if (objective_class().create(config.c_str(), create_seed, nullptr, &instance_, error,
                                 sizeof error) != BOPP_OK)
      throw std::runtime_error("gpsample {" + config + "}: " + error);
  }
  Objective(const Objective&) = delete;
  Objective& operator=(const Objective&) = delete;
  ~Objective() { objective_class().destroy(instance_); }

  const bopp_problem& problem() const { return *objective_class().problem(instance_); }
  std::uint32_t dim() const { return problem().dim; }

  // Values at the rows of X (row-major, dim() columns), each point with its seed.
  std::vector<double> evaluate(const std::vector<double>& X,
                               const std::vector<std::uint64_t>& seeds) const {
    const std::size_t n = seeds.size();
    if (X.size() != n * dim()) throw std::logic_error("evaluate: X and seeds disagree");
    std::vector<double> y(n);
    std::vector<std::int32_t> status(n);
    char error[512] = "";
    if (objective_class().evaluate(instance_, X.data(), n, seeds.data(), y.data(), status.data(),
                                   error, sizeof error) != BOPP_OK)
      throw std::runtime_error(std::string("evaluate failed: ") + error);
    return y;
  }
  std::vector<double> evaluate(const std::vector<double>& X) const {
    return evaluate(X, std::vector<std::uint64_t>(X.size() / dim(), 0));
  }

 private:
  void* instance_ = nullptr;
};

}  // namespace gpsample_test
