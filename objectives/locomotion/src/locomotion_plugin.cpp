// The locomotion objective library: its one exported entry symbol.
#include "locomotion_objective.hpp"

#include <bopp/plugin.hpp>

namespace locomotion = bopp::locomotion;

BOPP_PLUGIN_LIBRARY("locomotion", "1.0.0",
                    bopp::Objective<locomotion::LocomotionObjective<locomotion::swimmer_task>>,
                    bopp::Objective<locomotion::LocomotionObjective<locomotion::hopper_task>>)
