// The command objective library: its one exported entry symbol.
#include "command_objective.hpp"

#include <bopp/plugin.hpp>

BOPP_PLUGIN_LIBRARY("command", "1.0.0", bopp::Objective<bopp::command::CommandObjective>)
