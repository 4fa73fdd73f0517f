#include "mujoco_model.hpp"

#include <cstring>
#include <mutex>
#include <stdexcept>

namespace bopp::locomotion {
namespace {

// MuJoCo prints its warnings (a diverging simulation, say) on stdout and appends them to
// MUJOCO_LOG.TXT in the working folder; stdout carries `bopp eval`'s values, so the plugin,
// the process's only MuJoCo user, silences them. Episodes read the same warnings from
// mjData::warning instead.
void silent_warning(const char*) {}

}  // namespace

SharedModel load_mjcf(const std::string& mjcf, const std::string& name) {
  // The parser keeps global state in MuJoCo 2.2, so one model compiles at a time.
  static std::mutex parser;
  std::lock_guard lock(parser);
  mju_user_warning = silent_warning;

  const std::string file = name + ".xml";
  auto vfs = std::make_unique<mjVFS>();  // ~2 MB of file-name slots: too big for the stack
  mj_defaultVFS(vfs.get());
  if (mj_makeEmptyFileVFS(vfs.get(), file.c_str(), static_cast<int>(mjcf.size())) != 0)
    throw std::runtime_error("MuJoCo could not hold model '" + name + "' in memory");
  std::memcpy(vfs->filedata[vfs->nfile - 1], mjcf.data(), mjcf.size());

  char error[1000] = "";
  mjModel* model = mj_loadXML(file.c_str(), vfs.get(), error, sizeof error);
  mj_deleteVFS(vfs.get());
  if (model == nullptr)
    throw std::runtime_error("MuJoCo rejected model '" + name + "': " + std::string(error));
  return SharedModel(model, [](const mjModel* m) { mj_deleteModel(const_cast<mjModel*>(m)); });
}

}  // namespace bopp::locomotion
