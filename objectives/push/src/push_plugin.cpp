// The push objective library: its one exported entry symbol.
#include "push_objective.hpp"

#include <bopp/plugin.hpp>

BOPP_PLUGIN_LIBRARY("push", "1.0.0", bopp::Objective<bopp::push::PushObjective>)
