#include <bopp/host/plugins/host_services.hpp>

#include <cstdio>
#include <mutex>

namespace bopp::host {

const char* log_level_name(std::int32_t level) {
  static const char* const names[] = {"debug", "info", "warning", "error"};
  return level >= BOPP_LOG_DEBUG && level <= BOPP_LOG_ERROR ? names[level - BOPP_LOG_DEBUG] : "log";
}

LogSink stderr_log_sink(std::int32_t threshold) {
  return [threshold](std::int32_t level, const std::string& plugin, const std::string& message) {
    if (level < threshold) return;
    static std::mutex mutex;  // plugins may log from several threads
    std::lock_guard lock(mutex);
    std::fprintf(stderr, "[%s] %s: %s\n", plugin.c_str(), log_level_name(level), message.c_str());
  };
}

std::int32_t log_threshold(int verbosity) {
  return verbosity <= 0 ? BOPP_LOG_WARNING : verbosity == 1 ? BOPP_LOG_INFO : BOPP_LOG_DEBUG;
}

HostServices::HostServices(std::string plugin, LogSink sink, const std::atomic<bool>* stop_flag,
                           std::uint32_t thread_budget)
    : plugin_(std::move(plugin)), sink_(std::move(sink)), stop_flag_(stop_flag) {
  c_.struct_size = sizeof(bopp_host);
  c_.context = this;
  c_.log = &HostServices::log;
  c_.stop_requested = &HostServices::stop_requested;
  c_.thread_budget = thread_budget > 0 ? thread_budget : 1;
}

void HostServices::log(void* context, std::int32_t level, const char* message) {
  auto* self = static_cast<HostServices*>(context);
  if (self->sink_ && message != nullptr) self->sink_(level, self->plugin_, message);
}

std::int32_t HostServices::stop_requested(void* context) {
  auto* self = static_cast<HostServices*>(context);
  return self->stop_flag_ != nullptr && self->stop_flag_->load() ? 1 : 0;
}

}  // namespace bopp::host
