// The synthetic objective library as a host sees it: the built module, loaded with dlopen, and
// its objectives driven through the C function table of abi.h.
#pragma once

#include <bopp/abi.h>

#include <dlfcn.h>

#include <cstdint>
#include <cstring>
#include <stdexcept>
#include <string>
#include <vector>

namespace synthetic_test {

// The manifest of libbopp-synthetic.so in the build's plugin folder. Loaded once, never
// unloaded (house rule 6).
inline const bopp_manifest& manifest() {
  static const bopp_manifest* loaded = [] {
    const std::string path = std::string(BOPP_TEST_PLUGIN_DIR) + "/libbopp-synthetic.so";
    void* library = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (library == nullptr) throw std::runtime_error("cannot load " + path + ": " + dlerror());
    void* symbol = dlsym(library, BOPP_ENTRY_SYMBOL);
    if (symbol == nullptr) throw std::runtime_error(path + " has no " BOPP_ENTRY_SYMBOL);
    bopp_manifest_function entry;
    std::memcpy(&entry, &symbol, sizeof entry);
    return entry();
  }();
  return *loaded;
}

inline const bopp_objective_class& objective_class(const std::string& name) {
  const bopp_manifest& m = manifest();
  for (std::uint32_t i = 0; i < m.objective_count; ++i)
    if (name == m.objectives[i]->name) return *m.objectives[i];
  throw std::runtime_error("libbopp-synthetic.so has no objective '" + name + "'");
}

// What `create` answered for a configuration.
struct Creation {
  bopp_status status;
  std::string error;
};

inline Creation try_create(const std::string& name, const std::string& config) {
  const bopp_objective_class& c = objective_class(name);
  void* instance = nullptr;
  char error[512] = "";
  const bopp_status status = c.create(config.c_str(), 1, nullptr, &instance, error, sizeof error);
  if (instance != nullptr) c.destroy(instance);
  return {status, error};
}

// One objective instance, destroyed with the object.
class Objective {
 public:
  Objective(const std::string& name, const std::string& config) : class_(&objective_class(name)) {
    char error[512] = "";
    if (class_->create(config.c_str(), 1, nullptr, &instance_, error, sizeof error) != BOPP_OK)
      throw std::runtime_error(name + " {" + config + "}: " + error);
  }
  Objective(const Objective&) = delete;
  Objective& operator=(const Objective&) = delete;
  ~Objective() { class_->destroy(instance_); }

  const bopp_problem& problem() const { return *class_->problem(instance_); }
  std::uint32_t dim() const { return problem().dim; }

  // Values at the rows of X (row-major, dim() columns), each point with its seed.
  std::vector<double> evaluate(const std::vector<double>& X,
                               const std::vector<std::uint64_t>& seeds) const {
    const std::size_t n = seeds.size();
    if (X.size() != n * dim()) throw std::logic_error("evaluate: X and seeds disagree");
    std::vector<double> y(n);
    std::vector<std::int32_t> status(n);
    char error[512] = "";
    if (class_->evaluate(instance_, X.data(), n, seeds.data(), y.data(), status.data(), error,
                         sizeof error) != BOPP_OK)
      throw std::runtime_error(std::string("evaluate failed: ") + error);
    for (std::int32_t s : status)
      if (s != BOPP_OK) throw std::runtime_error(std::string("a point failed: ") + error);
    return y;
  }
  std::vector<double> evaluate(const std::vector<double>& X) const {
    return evaluate(X, std::vector<std::uint64_t>(X.size() / dim(), 0));
  }
  double evaluate_one(const std::vector<double>& x, std::uint64_t seed = 0) const {
    return evaluate(x, {seed})[0];
  }

 private:
  const bopp_objective_class* class_;
  void* instance_ = nullptr;
};

}  // namespace synthetic_test
