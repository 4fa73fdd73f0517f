// The dataset objective library: its one exported entry symbol.
#include "dataset_objective.hpp"

#include <bopp/plugin.hpp>

BOPP_PLUGIN_LIBRARY("dataset", "1.0.0", bopp::Objective<bopp::dataset::DatasetObjective>)
