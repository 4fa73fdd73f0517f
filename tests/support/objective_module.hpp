// An objective library as a host sees it: the built module, loaded with dlopen from the
// build's plugin folder, and its objectives driven through the C function table of abi.h.
#pragma once

#include <bopp/abi.h>

#include <dlfcn.h>

#include <cstdint>
#include <cstring>
#include <map>
#include <mutex>
#include <stdexcept>
#include <string>
#include <vector>

namespace bopp::test {

// The manifest of libbopp-<library>.so in the build's plugin folder. Each library is loaded
// once and never unloaded (house rule 6).
inline const bopp_manifest& module_manifest(const std::string& library) {
  static std::mutex mutex;
  static std::map<std::string, const bopp_manifest*> loaded;
  std::lock_guard lock(mutex);
  if (auto it = loaded.find(library); it != loaded.end()) return *it->second;
  const std::string path = std::string(BOPP_TEST_PLUGIN_DIR) + "/libbopp-" + library + ".so";
  void* handle = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (handle == nullptr) throw std::runtime_error("cannot load " + path + ": " + dlerror());
  void* symbol = dlsym(handle, BOPP_ENTRY_SYMBOL);
  if (symbol == nullptr) throw std::runtime_error(path + " has no " BOPP_ENTRY_SYMBOL);
  bopp_manifest_function entry;
  std::memcpy(&entry, &symbol, sizeof entry);
  return *loaded.emplace(library, entry()).first->second;
}

inline const bopp_objective_class& module_objective(const std::string& library,
                                                    const std::string& name) {
  const bopp_manifest& m = module_manifest(library);
  for (std::uint32_t i = 0; i < m.objective_count; ++i)
    if (name == m.objectives[i]->name) return *m.objectives[i];
  throw std::runtime_error("libbopp-" + library + ".so has no objective '" + name + "'");
}

// What `create` answered for a configuration.
struct Creation {
  bopp_status status;
  std::string error;
};

inline Creation try_create(const bopp_objective_class& c, const std::string& config) {
  void* instance = nullptr;
  char error[512] = "";
  const bopp_status status = c.create(config.c_str(), 1, nullptr, &instance, error, sizeof error);
  if (instance != nullptr) c.destroy(instance);
  return {status, error};
}

// One objective instance, destroyed with the object; `create_seed` is the host's seed.
class ModuleObjective {
 public:
  ModuleObjective(const bopp_objective_class& c, const std::string& config,
                  std::uint64_t create_seed = 1)
      : class_(&c) {
    char error[512] = "";
    if (c.create(config.c_str(), create_seed, nullptr, &instance_, error, sizeof error) != BOPP_OK)
      throw std::runtime_error(std::string(c.name) + " {" + config + "}: " + error);
  }
  ModuleObjective(const ModuleObjective&) = delete;
  ModuleObjective& operator=(const ModuleObjective&) = delete;
  ~ModuleObjective() { class_->destroy(instance_); }

  const bopp_problem& problem() const { return *class_->problem(instance_); }
  std::uint32_t dim() const { return problem().dim; }

  // Values at the rows of X (row-major, dim() columns), each point with its seed; a failed
  // point throws.
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

}  // namespace bopp::test
