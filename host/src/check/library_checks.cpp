#include <bopp/host/check/library_checks.hpp>
#include <bopp/host/common/errors.hpp>

#include <string_view>

namespace bopp::host {
namespace {

// Which of the library checks a loader refusal belongs to, from its one line.
const char* failed_library_check(std::string_view reason) {
  if (reason.find("cannot load plugin library") != std::string_view::npos) return "loads";
  if (reason.find("no entry symbol") != std::string_view::npos) return "exports";
  if (reason.find("struct_size") != std::string_view::npos) return "struct-sizes";
  return "manifest";
}

}  // namespace

std::shared_ptr<const PluginLibrary> check_library(const std::filesystem::path& file,
                                                   PluginTrust trust, const CheckSink& sink) {
  const std::string subject = file.filename().string();
  if (trust == PluginTrust::owner_only) {
    if (std::string reason = insecure_plugin_reason(file); !reason.empty()) {
      sink({subject, "loads", false, reason});
      return nullptr;
    }
  }
  try {
    auto library = PluginLibrary::load(file);
    for (const char* check : {"loads", "exports", "manifest", "struct-sizes"})
      sink({subject, check, true, ""});
    return library;
  } catch (const Error& e) {
    sink({subject, failed_library_check(e.what()), false, e.what()});
    return nullptr;
  }
}

}  // namespace bopp::host
