// The rover objective library: its one exported entry symbol.
#include "rover_objective.hpp"

#include <bopp/plugin.hpp>

BOPP_PLUGIN_LIBRARY("rover", "1.0.0", bopp::Objective<bopp::rover::RoverObjective>)
