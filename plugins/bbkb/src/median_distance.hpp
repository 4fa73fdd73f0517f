// The default bandwidth of the bbkb library: the median heuristic.
#pragma once

#include <bopp/plugin.hpp>

namespace bopp::bbkb {

// The median Euclidean distance between pairs of candidates, over at most 512 of them spread
// evenly through the rows, so the kernel is e^-1/2 at the typical pair; 1 when that is 0.
// O(min(A, 512)² d).
double median_distance(const Points& candidates);

}  // namespace bopp::bbkb
