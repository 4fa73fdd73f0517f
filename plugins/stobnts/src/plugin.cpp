// The stobnts library's one exported symbol: STO-BNTS, STO-BNTS-Linear and the deep ensemble.
#include "algorithms.hpp"

#include <bopp/plugin.hpp>

BOPP_PLUGIN_LIBRARY("stobnts", "0.2.2", bopp::Algorithm<bopp::stobnts::StoBnts>,
                    bopp::Algorithm<bopp::stobnts::StoBntsLinear>,
                    bopp::Algorithm<bopp::stobnts::DeepEnsemble>)
