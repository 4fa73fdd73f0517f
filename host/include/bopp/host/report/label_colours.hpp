// bopp/host/report/label_colours.hpp: one colour per label, the same in every figure of a report
// and, for the same labels, in every report (docs/comparing-methods.md, "Colours").
#pragma once

#include <map>
#include <set>
#include <string>
#include <string_view>

namespace bopp::host {

// The palette: Tableau 10 (the ten colours of matplotlib's default cycle), as "#rrggbb".
inline constexpr std::string_view kLabelPalette[] = {"#1f77b4", "#ff7f0e", "#2ca02c", "#d62728",
                                                     "#9467bd", "#8c564b", "#e377c2", "#7f7f7f",
                                                     "#bcbd22", "#17becf"};

// A colour for each of `labels`: the palette entry the label's FNV-1a hash picks, so a label
// keeps its colour from report to report whatever else is in them; when an earlier label (in
// sorted order) already holds that entry, the next free one, so up to ten labels all differ.
// Deterministic: depends on the set of labels alone.
std::map<std::string, std::string> label_colours(const std::set<std::string>& labels);

}  // namespace bopp::host
