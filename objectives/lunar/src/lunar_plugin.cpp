// The lunar objective library: its one exported entry symbol.
#include "lunar_objective.hpp"

#include <bopp/plugin.hpp>

BOPP_PLUGIN_LIBRARY("lunar", "1.0.0", bopp::Objective<bopp::lunar::LunarObjective>)
