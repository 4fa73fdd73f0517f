// bopp/host/report/svg_plot.hpp: one figure of `bopp report` as an inline SVG element, drawn by
// bopp itself so the HTML report needs no plotting program, script or network.
#pragma once

#include <bopp/host/report/report_figures.hpp>

#include <map>
#include <string>

namespace bopp::host {

// `figure` as an <svg> element: axes with ticks (log10 where the figure says), each curve's mean
// as a line and its standard-error band as a translucent area, in the colour `colours` gives its
// label. Every text from a record is HTML-escaped; the legend is left to the page (one per
// objective, since a label keeps its colour in every figure).
std::string svg_plot(const Figure& figure, const std::map<std::string, std::string>& colours);

}  // namespace bopp::host
