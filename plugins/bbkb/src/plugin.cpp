// The bbkb library's one exported symbol: BBKB, GlobalLocal-BBKB, BBKB at C̃ = 1 and the baselines.
#include "algorithms.hpp"

#include <bopp/plugin.hpp>

BOPP_PLUGIN_LIBRARY("bbkb", "0.2.0", bopp::Algorithm<bopp::bbkb::Bbkb>,
                    bopp::Algorithm<bopp::bbkb::BbkbLocal>, bopp::Algorithm<bopp::bbkb::Bkb>,
                    bopp::Algorithm<bopp::bbkb::BbkbUnitBatch>, bopp::Algorithm<bopp::bbkb::GpUcb>,
                    bopp::Algorithm<bopp::bbkb::GpBucb>, bopp::Algorithm<bopp::bbkb::EpsilonGreedy>,
                    bopp::Algorithm<bopp::bbkb::BatchThompson>)
