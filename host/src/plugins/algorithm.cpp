#include <bopp/ext/pending_asks.h>
#include <bopp/ext/state.h>
#include <bopp/host/common/errors.hpp>
#include <bopp/host/plugins/algorithm.hpp>
#include <bopp/host/plugins/guarded_buffer.hpp>

#include <cmath>
#include <vector>

namespace bopp::host {

bopp::Problem problem_for_algorithm(const bopp::Problem& objective_problem) {
  bopp::Problem p = objective_problem;
  if (p.sense == bopp::Sense::minimize && p.optimum_value) p.optimum_value = -*p.optimum_value;
  p.sense = bopp::Sense::maximize;
  return p;
}

Algorithm::Algorithm(const AlgorithmEntry& entry, const bopp::Problem& problem,
                     const std::string& config_toml, std::uint64_t seed,
                     const HostServices& services)
    : entry_(entry),
      name_(entry.name()),
      config_(entry.params(), config_toml),
      host_(config_.attach(*services.get())),
      problem_(problem_for_algorithm(problem)) {
  c_problem_.emplace(problem_);
  ErrorBuffer error;
  const bopp_status status =
      entry_.table->create(c_problem_->get(), config_toml.c_str(), seed, &host_, &instance_,
                           error.data(), error.capacity());
  if (status != BOPP_OK || instance_ == nullptr) {
    throw Error("algorithm '" + name_ + "' (" + entry_.library->path().filename().string() +
                ") could not be created: " + error.message("no message"));
  }
}

bool Algorithm::asks_with_pending() const {
  // get_extension is optional, and returns NULL for an id the library does not know.
  if (entry_.table->get_extension == nullptr) return false;
  const auto* extension = static_cast<const bopp_pending_asks*>(
      entry_.table->get_extension(instance_, BOPP_EXTENSION_PENDING_ASKS));
  return extension != nullptr && extension->struct_size >= sizeof(std::uint32_t);
}

const bopp_state* Algorithm::state_extension() const {
  if (entry_.table->get_extension == nullptr) return nullptr;
  const auto* extension =
      static_cast<const bopp_state*>(entry_.table->get_extension(instance_, BOPP_EXTENSION_STATE));
  // Both functions must lie inside what the plugin wrote.
  if (extension == nullptr || extension->struct_size < sizeof(bopp_state) ||
      extension->save == nullptr || extension->restore == nullptr) {
    return nullptr;
  }
  return extension;
}

bool Algorithm::offers_state() const { return state_extension() != nullptr; }

std::vector<std::uint8_t> Algorithm::save_state() {
  const bopp_state* extension = state_extension();
  if (extension == nullptr) throw Error("algorithm '" + name_ + "' cannot save its state");
  std::vector<std::uint8_t> bytes;
  const bopp_state_sink sink = [](void* context, const std::uint8_t* data,
                                  std::uint64_t size) -> bopp_status {
    try {
      auto& out = *static_cast<std::vector<std::uint8_t>*>(context);
      if (size != 0) out.insert(out.end(), data, data + size);
      return BOPP_OK;
    } catch (...) {
      return BOPP_ERROR;
    }
  };
  ErrorBuffer error;
  if (extension->save(instance_, sink, &bytes, error.data(), error.capacity()) != BOPP_OK) {
    fail("saving its state", error);
  }
  return bytes;
}

void Algorithm::restore_state(std::span<const std::uint8_t> bytes) {
  const bopp_state* extension = state_extension();
  if (extension == nullptr) throw Error("algorithm '" + name_ + "' cannot restore a state");
  ErrorBuffer error;
  if (extension->restore(instance_, bytes.data(), bytes.size(), error.data(), error.capacity()) !=
      BOPP_OK) {
    fail("restoring its state", error);
  }
}

Algorithm::~Algorithm() {
  if (instance_ != nullptr) entry_.table->destroy(instance_);
}

void Algorithm::fail(const char* call, const ErrorBuffer& error) const {
  throw Error("algorithm '" + name_ + "' (" + entry_.library->path().filename().string() +
              ") failed in " + call + ": " + error.message("no message"));
}

void Algorithm::check_guards(const char* call, bool past_buffer, const char* buffer,
                             const ErrorBuffer& error) const {
  if (!past_buffer && !error.overrun()) return;
  const std::string what = past_buffer && error.overrun() ? std::string(buffer) + " and error"
                           : past_buffer                  ? std::string(buffer)
                                                          : std::string("error");
  throw PluginMisbehaving("algorithm '" + name_ + "' (" +
                          entry_.library->path().filename().string() + ") wrote past the end of " +
                          what + " in " + call + " (the guard after the buffer changed)");
}

bopp::Points Algorithm::ask(std::size_t max_points) {
  const auto d = problem_.dim();
  GuardedBuffer<double> buffer(max_points * static_cast<std::size_t>(d),
                               std::numeric_limits<double>::quiet_NaN(), 1);
  std::uint64_t count = 0;
  ErrorBuffer error;
  const bopp_status status = entry_.table->ask(instance_, max_points, buffer.data(), &count,
                                               error.data(), error.capacity());
  check_guards("ask", buffer.overrun(), "X", error);
  if (status != BOPP_OK) fail("ask", error);
  if (count < 1 || count > max_points) {
    throw PluginMisbehaving("algorithm '" + name_ + "' returned " + std::to_string(count) +
                            " points from ask(" + std::to_string(max_points) + "); expected 1.." +
                            std::to_string(max_points));
  }
  bopp::Points X = bopp::ConstPointsMap(buffer.data(), static_cast<Eigen::Index>(count), d);
  for (Eigen::Index r = 0; r < X.rows(); ++r) {
    if (const std::string where = outside_bounds(X.row(r)); !where.empty())
      throw OutOfBoundsAsk("algorithm '" + name_ + "' asked a point outside the bounds: " + where);
  }
  return X;
}

std::string Algorithm::outside_bounds(const Eigen::Ref<const Eigen::RowVectorXd>& x) const {
  for (Eigen::Index i = 0; i < x.size(); ++i) {
    const double v = x[i];
    if (!(v >= problem_.lower[i] && v <= problem_.upper[i])) {
      return "x[" + std::to_string(i) + "] = " + std::to_string(v) + " not in [" +
             std::to_string(problem_.lower[i]) + ", " + std::to_string(problem_.upper[i]) + "]";
    }
  }
  return "";
}

void Algorithm::tell(const bopp::Points& X, std::span<const double> y,
                     std::span<const std::int32_t> status) {
  ErrorBuffer error;
  if (entry_.table->tell(instance_, X.data(), static_cast<std::uint64_t>(X.rows()), y.data(),
                         status.data(), error.data(), error.capacity()) != BOPP_OK) {
    fail("tell", error);
  }
}

Eigen::VectorXd Algorithm::recommend() {
  const auto d = static_cast<std::size_t>(problem_.dim());
  GuardedBuffer<double> buffer(d, std::numeric_limits<double>::quiet_NaN(), 1);
  ErrorBuffer error;
  const bopp_status status =
      entry_.table->recommend(instance_, buffer.data(), error.data(), error.capacity());
  check_guards("recommend", buffer.overrun(), "x", error);
  if (status != BOPP_OK) fail("recommend", error);
  const Eigen::VectorXd x = Eigen::Map<const Eigen::VectorXd>(buffer.data(), problem_.dim());
  if (const std::string where = outside_bounds(x.transpose()); !where.empty()) {
    throw PluginMisbehaving("algorithm '" + name_ +
                            "' recommended a point outside the bounds: " + where);
  }
  return x;
}

}  // namespace bopp::host
