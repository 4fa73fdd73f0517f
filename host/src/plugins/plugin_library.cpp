#include <bopp/host/common/errors.hpp>
#include <bopp/host/plugins/library_fingerprint.hpp>
#include <bopp/host/plugins/plugin_library.hpp>
#include <bopp/host/plugins/readable_memory.hpp>
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
#include <optional>
#include <string>
#include <unordered_map>
#include <utility>

namespace bopp::host {
namespace {

// Copies a growable struct a plugin points to, only the fields inside its struct_size, through
// copy_if_readable: nullopt when the memory is not there (a pointer read from past the end of
// an array, into nothing).
template <class T>
std::optional<T> read_growable_checked(const T* source) {
  std::uint32_t size = 0;
  if (!copy_if_readable(source, sizeof size, &size)) return std::nullopt;
  T out{};
  if (!copy_if_readable(source, std::min<std::size_t>(size, sizeof(T)), &out)) return std::nullopt;
  out.struct_size = size;
  return out;
}

// More classes or parameters than any library declares: a count that is garbage.
constexpr std::uint32_t kMaxEntries = 100000;

// The `count` pointers of a manifest's (or a class's) array, copied; an Error from
// `misbehaving` when the count is beyond reason or the array is shorter than its count, so
// nothing is read past its end. `what` is "objectives", "algorithms" or "parameters".
template <class Entry, class Misbehaving>
std::vector<const Entry*> entries_of(const Entry* const* array, std::uint32_t count,
                                     const std::string& what, const Misbehaving& misbehaving) {
  std::vector<const Entry*> entries;
  if (count == 0) return entries;
  if (array == nullptr)
    throw misbehaving("declares " + std::to_string(count) + " " + what + " but no array of them");
  if (count > kMaxEntries) {
    throw misbehaving("declares " + std::to_string(count) + " " + what + " (at most " +
                      std::to_string(kMaxEntries) + "; a count that is not the array's length?)");
  }
  entries.resize(count);
  if (!copy_if_readable(array, count * sizeof(const Entry*), entries.data())) {
    throw misbehaving("declares " + std::to_string(count) + " " + what +
                      ", but its array of them is shorter (the memory past it is not there)");
  }
  return entries;
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
  const std::vector<const bopp_param*> entries =
      entries_of(c.params, c.param_count, "parameters", misbehaving);
  for (std::uint32_t i = 0; i < entries.size(); ++i) {
    if (entries[i] == nullptr) throw misbehaving("has a null parameter");
    const std::optional<bopp_param> read = read_growable_checked(entries[i]);
    if (!read) {
      throw misbehaving("parameter " + std::to_string(i + 1) +
                        ": points to memory that is not there");
    }
    const std::string size = struct_size_problem(read->struct_size, kMinParamSize, "bopp_param");
    if (!size.empty()) throw misbehaving("parameter " + std::to_string(i + 1) + ": " + size);
    bopp_param p = *read;
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

  const bopp_manifest* returned = entry();
  if (returned == nullptr) {
    throw Error(file + ": plugin misbehaving: " BOPP_ENTRY_SYMBOL " returned no manifest");
  }
  const std::optional<bopp_manifest> copied = read_growable_checked(returned);
  if (!copied) {
    throw Error(file + ": plugin misbehaving: " BOPP_ENTRY_SYMBOL
                       " returned a pointer to memory that is not there");
  }
  const bopp_manifest* manifest = &*copied;
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
  library->manifest_ = *copied;
  const bopp_manifest& m = library->manifest_;
  if (!is_text(m.library_name)) {
    throw Error(file + ": plugin misbehaving: the manifest has no UTF-8 library name");
  }
  library->name_ = m.library_name;
  library->version_ = is_text(m.library_version) ? m.library_version : "unversioned";

  auto misbehaving = [&](const std::string& what) {
    return Error(file + ": plugin misbehaving: " + what);
  };
  const std::vector<const bopp_algorithm_class*> algorithms =
      entries_of(m.algorithms, m.algorithm_count, "algorithms", misbehaving);
  for (std::uint32_t i = 0; i < algorithms.size(); ++i) {
    if (algorithms[i] == nullptr) throw misbehaving("null algorithm entry");
    const std::optional<bopp_algorithm_class> read = read_growable_checked(algorithms[i]);
    if (!read) {
      throw misbehaving(class_number("algorithm", i, m.algorithm_count) +
                        "points to memory that is not there");
    }
    const std::string size =
        struct_size_problem(read->struct_size, kMinAlgorithmClassSize, "bopp_algorithm_class");
    if (!size.empty()) throw misbehaving(class_number("algorithm", i, m.algorithm_count) + size);
    bopp_algorithm_class c = *read;
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
  const std::vector<const bopp_objective_class*> objectives =
      entries_of(m.objectives, m.objective_count, "objectives", misbehaving);
  for (std::uint32_t i = 0; i < objectives.size(); ++i) {
    if (objectives[i] == nullptr) throw misbehaving("null objective entry");
    const std::optional<bopp_objective_class> read = read_growable_checked(objectives[i]);
    if (!read) {
      throw misbehaving(class_number("objective", i, m.objective_count) +
                        "points to memory that is not there");
    }
    const std::string size =
        struct_size_problem(read->struct_size, kMinObjectiveClassSize, "bopp_objective_class");
    if (!size.empty()) throw misbehaving(class_number("objective", i, m.objective_count) + size);
    bopp_objective_class c = *read;
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
