#include <bopp/host/common/errors.hpp>
#include <bopp/host/plugins/library_fingerprint.hpp>
#include <bopp/host/plugins/plugin_library.hpp>
#include <bopp/host/plugins/struct_size_check.hpp>

#include <bopp/config_schema.hpp>
#include <bopp/kit/message_text.hpp>

#include <boost/dll/shared_library.hpp>

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cstring>
#include <initializer_list>
#include <mutex>
#include <string>
#include <unordered_map>
#include <utility>

namespace bopp::host {
namespace {

// Copies a growable struct written by a plugin: only the fields inside its struct_size.
template <class T>
T read_growable(const T* source) {
  T out{};
  std::memcpy(&out, source, std::min<std::size_t>(source->struct_size, sizeof(T)));
  return out;
}

// "objective 2 of 3: ", for a class whose name cannot be read yet.
std::string class_number(const char* kind, std::uint32_t i, std::uint32_t count) {
  std::string out = kind;
  out += " " + std::to_string(i + 1) + " of " + std::to_string(count) + ": ";
  return out;
}

// "the required function tell" or "the required functions tell, recommend"; "" when none
// is missing.
std::string missing_functions(std::initializer_list<std::pair<const char*, bool>> present) {
  std::string names;
  int count = 0;
  for (const auto& [name, there] : present) {
    if (there) continue;
    if (count++ > 0) names += ", ";
    names += name;
  }
  if (count == 0) return "";
  std::string out = count == 1 ? "the required function " : "the required functions ";
  return out + names;
}

// The loader's message without Boost's wrapping: the dlerror text when there is one.
std::string load_failure_reason(const std::exception& e) {
  std::string what = e.what();
  const std::string marker = "(dlerror system message: ";
  auto start = what.find(marker);
  if (start == std::string::npos) return what;
  start += marker.size();
  auto end = what.find(')', start);
  return what.substr(start, end == std::string::npos ? std::string::npos : end - start);
}

// The one registry of loaded libraries: a library is loaded once per process and kept
// loaded (the handles are never released), so no function pointer can dangle.
struct LoadedLibraries {
  std::mutex mutex;
  std::unordered_map<std::string, std::shared_ptr<const PluginLibrary>> by_path;
  std::vector<boost::dll::shared_library> handles;
};
LoadedLibraries& loaded_libraries() {
  static auto* libraries = new LoadedLibraries;  // deliberately never destroyed
  return *libraries;
}

bool has_text(const char* s) { return s != nullptr && s[0] != '\0'; }

// Names a plugin declares end up in JSON run records and on terminals: they must be UTF-8.
bool is_text(const char* s) { return has_text(s) && is_valid_utf8(s); }

// A class's version and summary are only shown: one missing or not UTF-8 is replaced.
template <class Class>
void fill_missing_text(Class& c) {
  if (!is_text(c.version)) c.version = "unversioned";
  if (c.summary == nullptr || !is_valid_utf8(c.summary)) c.summary = "";
}

}  // namespace

template <class Class>
void PluginLibrary::own_params(Class& c, const std::string& file, const std::string& kind) {
  const std::string owner = kind + " '" + c.name + "'";
  auto misbehaving = [&](const std::string& what) {
    return Error(file + ": plugin misbehaving: " + owner + " " + what);
  };
  auto owned = std::make_unique<OwnedParams>();
  if (c.param_count > 0 && c.params == nullptr)
    throw misbehaving("declares parameters but no table");
  for (std::uint32_t i = 0; i < c.param_count; ++i) {
    if (c.params[i] == nullptr) throw misbehaving("has a null parameter");
    const std::string size =
        struct_size_problem(c.params[i]->struct_size, kMinParamSize, "bopp_param");
    if (!size.empty()) throw misbehaving("parameter " + std::to_string(i + 1) + ": " + size);
    bopp_param p = read_growable(c.params[i]);
    if (!is_text(p.name) || p.type < BOPP_PARAM_BOOL || p.type > BOPP_PARAM_REAL_LIST) {
      throw misbehaving("declares a parameter without a UTF-8 name or of an unknown type");
    }
    for (const bopp_param& earlier : owned->params) {
      if (std::strcmp(earlier.name, p.name) == 0)
        throw misbehaving(std::string("declares parameter '") + p.name + "' twice");
    }
    if (p.help == nullptr) p.help = "";
    owned->params.push_back(p);
  }
  for (const bopp_param& p : owned->params) owned->pointers.push_back(&p);
  // Each default must be a value the schema itself accepts: one TOML value of the declared
  // type, inside the declared range. Checked once here, not at every configuration.
  for (const bopp_param* p : owned->pointers) {
    if (p->default_value == nullptr || p->default_value[0] == '\0') continue;
    toml::table probe;
    try {
      apply_schema(probe, std::span(&p, 1), owner);
    } catch (const SchemaError& e) {
      throw Error(file + ": plugin misbehaving: " + e.what());
    }
  }
  c.params = owned->pointers.data();
  params_.push_back(std::move(owned));
}

std::shared_ptr<const PluginLibrary> PluginLibrary::load(const std::filesystem::path& path) {
  std::error_code ec;
  const std::filesystem::path canonical = std::filesystem::weakly_canonical(path, ec);
  const std::string file = path.string();
  if (!is_valid_utf8(canonical.string())) {
    throw Error(echo(canonical.string()) +
                ": refused to load: the path is not valid UTF-8, and run records keep it as "
                "JSON text; rename the file or folder whose name holds the escaped byte");
  }
  LoadedLibraries& loaded = loaded_libraries();
  std::lock_guard lock(loaded.mutex);
  if (auto it = loaded.by_path.find(canonical.string()); it != loaded.by_path.end()) {
    return it->second;
  }

  boost::dll::shared_library handle;
  try {
    handle.load(canonical, boost::dll::load_mode::rtld_now | boost::dll::load_mode::rtld_local);
  } catch (const std::exception& e) {
    throw Error(file + ": cannot load plugin library: " + load_failure_reason(e));
  }
  if (!handle.has(BOPP_ENTRY_SYMBOL)) {
    loaded.handles.push_back(std::move(handle));
    throw Error(file + ": not a bopp plugin: no entry symbol '" BOPP_ENTRY_SYMBOL "'");
  }
  auto entry = handle.get<const bopp_manifest*()>(BOPP_ENTRY_SYMBOL);
  loaded.handles.push_back(std::move(handle));

  const bopp_manifest* manifest = entry();
  if (manifest == nullptr) {
    throw Error(file + ": plugin misbehaving: " BOPP_ENTRY_SYMBOL " returned no manifest");
  }
  // The ABI version first (its three fields never move), so that a library of another major
  // version is told so rather than judged by this version's sizes.
  if (manifest->struct_size < 3 * sizeof(std::uint32_t)) {
    throw Error(file + ": plugin misbehaving: " +
                struct_size_problem(manifest->struct_size, kMinManifestSize, "bopp_manifest"));
  }
  if (manifest->abi_major != BOPP_ABI_MAJOR) {
    throw Error(file + ": built for bopp ABI " + std::to_string(manifest->abi_major) + "." +
                std::to_string(manifest->abi_minor) + ", this host speaks ABI " +
                std::to_string(BOPP_ABI_MAJOR) + "." + std::to_string(BOPP_ABI_MINOR) +
                " (the major versions must match; rebuild the plugin against this SDK)");
  }

  if (const std::string size =
          struct_size_problem(manifest->struct_size, kMinManifestSize, "bopp_manifest");
      !size.empty()) {
    throw Error(file + ": plugin misbehaving: " + size);
  }

  auto library = std::shared_ptr<PluginLibrary>(new PluginLibrary);
  library->path_ = canonical;
  library->file_ = ::open(canonical.c_str(), O_RDONLY | O_CLOEXEC);
  if (library->file_ < 0) throw Error(file + ": cannot open the library to fingerprint it");
  library->build_id_ = gnu_build_id(canonical);
  library->manifest_ = read_growable(manifest);
  const bopp_manifest& m = library->manifest_;
  if (!is_text(m.library_name)) {
    throw Error(file + ": plugin misbehaving: the manifest has no UTF-8 library name");
  }
  library->name_ = m.library_name;
  library->version_ = is_text(m.library_version) ? m.library_version : "unversioned";

  auto misbehaving = [&](const std::string& what) {
    return Error(file + ": plugin misbehaving: " + what);
  };
  for (std::uint32_t i = 0; i < m.algorithm_count; ++i) {
    if (m.algorithms == nullptr || m.algorithms[i] == nullptr)
      throw misbehaving("null algorithm entry");
    const std::string size = struct_size_problem(m.algorithms[i]->struct_size,
                                                 kMinAlgorithmClassSize, "bopp_algorithm_class");
    if (!size.empty()) throw misbehaving(class_number("algorithm", i, m.algorithm_count) + size);
    bopp_algorithm_class c = read_growable(m.algorithms[i]);
    if (!is_text(c.name)) throw misbehaving("an algorithm has no UTF-8 name");
    const std::string missing = missing_functions({{"create", c.create != nullptr},
                                                   {"destroy", c.destroy != nullptr},
                                                   {"ask", c.ask != nullptr},
                                                   {"tell", c.tell != nullptr},
                                                   {"recommend", c.recommend != nullptr}});
    if (!missing.empty()) {
      throw misbehaving(std::string("algorithm '") + c.name + "' lacks " + missing +
                        " (NULL in its bopp_algorithm_class)");
    }
    fill_missing_text(c);
    library->own_params(c, file, "algorithm");
    library->algorithms_.push_back(c);
  }
  for (std::uint32_t i = 0; i < m.objective_count; ++i) {
    if (m.objectives == nullptr || m.objectives[i] == nullptr)
      throw misbehaving("null objective entry");
    const std::string size = struct_size_problem(m.objectives[i]->struct_size,
                                                 kMinObjectiveClassSize, "bopp_objective_class");
    if (!size.empty()) throw misbehaving(class_number("objective", i, m.objective_count) + size);
    bopp_objective_class c = read_growable(m.objectives[i]);
    if (!is_text(c.name)) throw misbehaving("an objective has no UTF-8 name");
    const std::string missing = missing_functions({{"create", c.create != nullptr},
                                                   {"destroy", c.destroy != nullptr},
                                                   {"problem", c.problem != nullptr},
                                                   {"evaluate", c.evaluate != nullptr}});
    if (!missing.empty()) {
      throw misbehaving(std::string("objective '") + c.name + "' lacks " + missing +
                        " (NULL in its bopp_objective_class)");
    }
    fill_missing_text(c);
    library->own_params(c, file, "objective");
    library->objectives_.push_back(c);
  }
  loaded.by_path.emplace(canonical.string(), library);
  return library;
}

PluginLibrary::~PluginLibrary() {
  if (file_ >= 0) ::close(file_);
}

const std::string& PluginLibrary::file_sha1() const {
  std::call_once(sha1_once_, [this] { file_sha1_ = descriptor_sha1(file_, path_); });
  return file_sha1_;
}

}  // namespace bopp::host
