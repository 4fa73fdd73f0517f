// libbopp-misbehaving.so: the kit-based misbehaving objectives and algorithms, for the host's
// loader and run-loop tests. too_many_points_algorithm is in misbehaving_raw/, since the kit
// itself refuses a batch larger than max_points.
#include "algorithms.hpp"
#include "logging.hpp"
#include "objectives.hpp"
#include "slow_algorithm.hpp"
#include "unreliable.hpp"

#include <bopp/plugin.hpp>

BOPP_PLUGIN_LIBRARY(
    "misbehaving", "1.0.0", bopp::Objective<misbehaving::ThrowingObjective>,
    bopp::Objective<misbehaving::NanObjective>, bopp::Objective<misbehaving::SlowObjective>,
    bopp::Objective<misbehaving::MixedObjective>, bopp::Algorithm<misbehaving::ThrowingAlgorithm>,
    bopp::Algorithm<misbehaving::OutOfBoundsAlgorithm>,
    bopp::Algorithm<misbehaving::BadRecommendAlgorithm>,
    bopp::Objective<misbehaving::LoggingObjective>, bopp::Algorithm<misbehaving::LoggingAlgorithm>,
    bopp::Objective<misbehaving::BatchSizeObjective>,
    bopp::Objective<misbehaving::CountingObjective>,
    bopp::Objective<misbehaving::ThreadBoundObjective>,
    bopp::Objective<misbehaving::RequiredKeyObjective>,
    bopp::Algorithm<misbehaving::UnseededAlgorithm>,
    bopp::Algorithm<misbehaving::ForgetfulAlgorithm>,
    bopp::Algorithm<misbehaving::LateOutOfBoundsAlgorithm>,
    bopp::Objective<misbehaving::CornerObjective>, bopp::Algorithm<misbehaving::SlowAlgorithm>)
