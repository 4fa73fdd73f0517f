// The synthetic objective library: its one exported entry symbol.
#include "synthetic_objective.hpp"

#include <bopp/plugin.hpp>

namespace synthetic = bopp::synthetic;

template <const synthetic::TestFunction& F>
using Provided = bopp::Objective<synthetic::SyntheticObjective<F>>;

BOPP_PLUGIN_LIBRARY("synthetic", "1.0.0", Provided<synthetic::sphere_function>,
                    Provided<synthetic::ackley_function>, Provided<synthetic::rastrigin_function>,
                    Provided<synthetic::levy_function>, Provided<synthetic::rosenbrock_function>,
                    Provided<synthetic::griewank_function>,
                    Provided<synthetic::styblinski_tang_function>,
                    Provided<synthetic::michalewicz_function>, Provided<synthetic::powell_function>,
                    Provided<synthetic::branin_function>,
                    Provided<synthetic::six_hump_camel_function>,
                    Provided<synthetic::eggholder_function>,
                    Provided<synthetic::hartmann3_function>,
                    Provided<synthetic::hartmann6_function>)
