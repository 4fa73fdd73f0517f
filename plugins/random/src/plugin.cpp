// The random library's one exported symbol.
#include "random_search.hpp"

#include <bopp/plugin.hpp>

BOPP_PLUGIN_LIBRARY("random", "1.0.0", bopp::Algorithm<bopp::random_search::RandomSearch>)
