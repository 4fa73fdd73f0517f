// The gpsample objective library: its one exported entry symbol.
#include "gpsample_objective.hpp"

#include <bopp/plugin.hpp>

BOPP_PLUGIN_LIBRARY("gpsample", "1.0.0", bopp::Objective<bopp::gpsample::GpSampleObjective>)
