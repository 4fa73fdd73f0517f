// The minucb library's one exported symbol: MinUCB and LA-MinUCB.
#include "la_minucb.hpp"
#include "minucb.hpp"

#include <bopp/plugin.hpp>

BOPP_PLUGIN_LIBRARY("minucb", "0.1.0", bopp::Algorithm<bopp::minucb::MinUcb>,
                    bopp::Algorithm<bopp::minucb::LaMinUcb>)
