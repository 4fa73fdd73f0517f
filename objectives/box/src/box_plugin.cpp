// The box objective library: its one exported entry symbol.
#include "box_objective.hpp"

#include <bopp/plugin.hpp>

BOPP_PLUGIN_LIBRARY("box", "1.0.0", bopp::Objective<bopp::box::BoxObjective>)
