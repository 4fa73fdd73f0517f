// bopp/kit/detail/algorithm_class.hpp: the ABI function table for a C++ algorithm class.
//
// A plugin author's algorithm is an ordinary class:
//   struct MyAlgorithm {
//     static constexpr const char* name = "my-algorithm";
//     static constexpr const char* version = "1.0.0";
//     static constexpr const char* summary = "one line";
//     static std::vector<bopp::Param> params();
//     MyAlgorithm(const bopp::Problem&, const bopp::Config&, std::uint64_t seed,
//                 const bopp::Host&);
//     bopp::Points ask(std::size_t max_points);  // 1..max_points rows
//     void tell(const bopp::Points& X, const Eigen::VectorXd& y,  // maximization convention
//               std::span<const std::int32_t> status);           // BOPP_OK or failed
//     Eigen::VectorXd recommend();
//     // Optional: it may be asked while points it asked are still being evaluated.
//     static constexpr bool asks_with_pending = true;
//     // Optional: its state can be checkpointed (bopp/kit/state_archive.hpp).
//     void save(bopp::StateArchive&) const;
//     void restore(const bopp::StateArchive&);
//   };
#pragma once

#include <bopp/abi.h>
#include <bopp/ext/pending_asks.h>
#include <bopp/ext/state.h>
#include <bopp/kit/config.hpp>
#include <bopp/kit/detail/boundary.hpp>
#include <bopp/kit/detail/class_table.hpp>
#include <bopp/kit/host.hpp>
#include <bopp/kit/param.hpp>
#include <bopp/kit/problem.hpp>
#include <bopp/kit/state_archive.hpp>

#include <memory>
#include <span>
#include <string>
#include <string_view>

namespace bopp::kit {

template <class T>
concept AlgorithmClass = requires(T& a, const Points& X, const Eigen::VectorXd& y,
                                  std::span<const std::int32_t> status) {
  { T::name } -> std::convertible_to<const char*>;
  { T::version } -> std::convertible_to<const char*>;
  { T::summary } -> std::convertible_to<const char*>;
  { T::params() } -> std::convertible_to<std::vector<Param>>;
  { a.ask(std::size_t{1}) } -> std::convertible_to<Points>;
  a.tell(X, y, status);
  { a.recommend() } -> std::convertible_to<Eigen::VectorXd>;
  requires std::constructible_from<T, const Problem&, const Config&, std::uint64_t, const Host&>;
};

template <AlgorithmClass T>
struct AlgorithmTrampolines {
  // The instance behind the void*: the problem outlives the algorithm that may refer to it.
  struct Instance {
    Problem problem;
    Host host;
    std::unique_ptr<T> algorithm;
  };

  static bopp_status create(const bopp_problem* problem, const char* config, std::uint64_t seed,
                            const bopp_host* host, void** instance, char* error,
                            std::size_t capacity) noexcept {
    return guarded(error, capacity, [&] {
      if (problem == nullptr || instance == nullptr) throw std::invalid_argument("NULL argument");
      auto self = std::make_unique<Instance>();
      self->problem = Problem::from_c(*problem);
      self->host = Host(host);
      const Config parsed = parse_config<T>(config, "algorithm");
      self->algorithm = std::make_unique<T>(self->problem, parsed, seed, self->host);
      *instance = self.release();
    });
  }
  static void destroy(void* instance) noexcept { delete static_cast<Instance*>(instance); }

  static bopp_status ask(void* instance, std::uint64_t max_points, double* X, std::uint64_t* count,
                         char* error, std::size_t capacity) noexcept {
    return guarded(error, capacity, [&] {
      auto& self = *static_cast<Instance*>(instance);
      Points points = self.algorithm->ask(static_cast<std::size_t>(max_points));
      if (points.rows() < 1 || static_cast<std::uint64_t>(points.rows()) > max_points ||
          points.cols() != self.problem.dim()) {
        throw std::logic_error("ask returned " + std::to_string(points.rows()) + "x" +
                               std::to_string(points.cols()) + " points; expected 1.." +
                               std::to_string(max_points) + " rows of " +
                               std::to_string(self.problem.dim()));
      }
      PointsMap(X, points.rows(), points.cols()) = points;
      *count = static_cast<std::uint64_t>(points.rows());
    });
  }

  static bopp_status tell(void* instance, const double* X, std::uint64_t n, const double* y,
                          const std::int32_t* status, char* error, std::size_t capacity) noexcept {
    return guarded(error, capacity, [&] {
      auto& self = *static_cast<Instance*>(instance);
      const auto rows = static_cast<Eigen::Index>(n);
      const Points points = ConstPointsMap(X, rows, self.problem.dim());
      const Eigen::VectorXd values = Eigen::Map<const Eigen::VectorXd>(y, rows);
      self.algorithm->tell(points, values, std::span<const std::int32_t>(status, n));
    });
  }

  static bopp_status recommend(void* instance, double* x, char* error,
                               std::size_t capacity) noexcept {
    return guarded(error, capacity, [&] {
      auto& self = *static_cast<Instance*>(instance);
      const Eigen::VectorXd best = self.algorithm->recommend();
      if (best.size() != self.problem.dim()) throw std::logic_error("recommend: wrong size");
      Eigen::Map<Eigen::VectorXd>(x, best.size()) = best;
    });
  }

  // A class that sets `static constexpr bool asks_with_pending = true` may be asked while
  // points it asked are still being evaluated (bopp/ext/pending_asks.h).
  static constexpr bool asks_with_pending() {
    if constexpr (requires { T::asks_with_pending; }) {
      return T::asks_with_pending;
    } else {
      return false;
    }
  }

  // A class with `save(StateArchive&) const` and `restore(const StateArchive&)` offers
  // bopp/ext/state.h; its bytes are CBOR: {class, version, format, state}.
  static constexpr bool offers_state() { return SavesState<T> && RestoresState<T>; }

  static constexpr std::int64_t state_format() {
    if constexpr (requires { T::state_format; }) {
      return T::state_format;
    } else {
      return 1;
    }
  }

  static std::string state_identity(const std::string& name, const std::string& version,
                                    std::int64_t format) {
    return "'" + name + "' " + version + " (state format " + std::to_string(format) + ")";
  }

  static bopp_status save_state(void* instance, bopp_state_sink sink, void* context, char* error,
                                std::size_t capacity) noexcept {
    if constexpr (offers_state()) {
      bopp_status kept = BOPP_OK;
      const bopp_status status = guarded(error, capacity, [&] {
        auto& self = *static_cast<Instance*>(instance);
        StateArchive fields;
        self.algorithm->save(fields);
        const nlohmann::json envelope{{"class", T::name},
                                      {"version", T::version},
                                      {"format", state_format()},
                                      {"state", fields.fields()}};
        const std::vector<std::uint8_t> bytes = nlohmann::json::to_cbor(envelope);
        kept = sink(context, bytes.data(), bytes.size());
        if (kept != BOPP_OK) throw std::runtime_error("the host could not keep the state");
      });
      return kept != BOPP_OK ? kept : status;
    } else {
      write_error(error, capacity, "this algorithm has no state extension");
      return BOPP_ERROR;
    }
  }

  static bopp_status restore_state(void* instance, const std::uint8_t* bytes, std::uint64_t size,
                                   char* error, std::size_t capacity) noexcept {
    if constexpr (offers_state()) {
      const bopp_status status = guarded(error, capacity, [&] {
        auto& self = *static_cast<Instance*>(instance);
        const std::string expected = state_identity(T::name, T::version, state_format());
        const nlohmann::json envelope = nlohmann::json::from_cbor(
            bytes, bytes + size, /*strict=*/true, /*allow_exceptions=*/false);
        if (envelope.is_discarded() || !envelope.is_object()) {
          throw StateError("state for " + expected + " is unreadable: truncated or corrupt bytes");
        }
        const auto& cls = envelope.value("class", nlohmann::json());
        const auto& version = envelope.value("version", nlohmann::json());
        const auto& format = envelope.value("format", nlohmann::json());
        if (!cls.is_string() || !version.is_string() || !format.is_number_integer() ||
            !envelope.contains("state")) {
          throw StateError("state for " + expected + " has no class, version or format");
        }
        const std::string written = state_identity(
            cls.get<std::string>(), version.get<std::string>(), format.get<std::int64_t>());
        if (written != expected) {
          throw StateError("state written by " + written + " cannot be restored into " + expected);
        }
        self.algorithm->restore(StateArchive(envelope["state"], ""));
      });
      return status == BOPP_OK ? BOPP_OK : BOPP_INVALID_ARGUMENT;
    } else {
      write_error(error, capacity, "this algorithm has no state extension");
      return BOPP_INVALID_ARGUMENT;
    }
  }

  static const void* get_extension(void*, const char* id) noexcept {
    static const bopp_pending_asks pending_asks{sizeof(bopp_pending_asks)};
    static const bopp_state state{sizeof(bopp_state), &save_state, &restore_state};
    if (id == nullptr) return nullptr;
    const std::string_view wanted(id);
    if (asks_with_pending() && wanted == BOPP_EXTENSION_PENDING_ASKS) return &pending_asks;
    if (offers_state() && wanted == BOPP_EXTENSION_STATE) return &state;
    return nullptr;
  }

  static const bopp_algorithm_class* table() {
    static const bopp_algorithm_class c = [] {
      auto t = class_table_head<bopp_algorithm_class, T>();
      t.create = &create;
      t.destroy = &destroy;
      t.ask = &ask;
      t.tell = &tell;
      t.recommend = &recommend;
      t.get_extension = &get_extension;
      return t;
    }();
    return &c;
  }
};

}  // namespace bopp::kit
