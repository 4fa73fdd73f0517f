// bopp/host/run/loop/initial_design.hpp: the points of a [run] initial_design, made for the
// objective's problem: the same for every algorithm of a run seed.
#pragma once

#include <bopp/host/run/input/experiment.hpp>
#include <bopp/kit/problem.hpp>

#include <cstdint>

namespace bopp::host {

// The design's points, one per row, as the host evaluates them:
//   sobol    the first `points` points of the scrambled Sobol sequence of design_seed(run_seed)
//            (the toolkit's sobol_design), mapped into the box;
//   uniform  `points` points uniform in the box, from the same seed;
//   file     the first `points` rows of the CSV file `path` (every row when 0), each finite and
//            inside the box.
// A continuous coordinate u of the unit cube maps to lower + u (upper - lower); an integer or
// categorical one to the level floor(u k) of its k levels, so every level is as likely. On a
// finite candidate set, sobol and uniform draw `points` distinct rows (uniform without
// replacement), and every row of a file must be a candidate. Integer and categorical
// coordinates of a file's points are rounded as an algorithm's are. Errors (Error) name the
// key or the file and line.
bopp::Points initial_design_points(const InitialDesignSettings& design,
                                   const bopp::Problem& problem, std::uint64_t run_seed);

}  // namespace bopp::host
