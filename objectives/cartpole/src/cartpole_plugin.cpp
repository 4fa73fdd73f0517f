// The cartpole objective library: its one exported entry symbol.
#include "cartpole_objective.hpp"

#include <bopp/plugin.hpp>

BOPP_PLUGIN_LIBRARY("cartpole", "1.0.0", bopp::Objective<bopp::cartpole::CartPoleObjective>)
