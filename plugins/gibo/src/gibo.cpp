#include "gibo.hpp"

#include "mueller_gibo.hpp"
#include "wu_bfgs_gibo.hpp"
#include "wu_gibo.hpp"

namespace bopp::gibo {

namespace {

std::unique_ptr<GradientAscent> make_ascent(const Problem& problem, const Settings& settings,
                                            std::uint64_t seed, const Host& host) {
  switch (settings.variant) {
    case Variant::mueller:
      return std::make_unique<MuellerGibo>(problem, settings, seed, host);
    case Variant::wu:
      return std::make_unique<WuGibo>(problem, settings, seed, host);
    case Variant::wu_bfgs:
      break;
  }
  return std::make_unique<WuBfgsGibo>(problem, settings, seed, host);
}

}  // namespace

Gibo::Gibo(const Problem& problem, const Config& config, std::uint64_t seed, const Host& host)
    : ascent_(make_ascent(problem, read_settings(problem, config), seed, host)) {}

}  // namespace bopp::gibo
