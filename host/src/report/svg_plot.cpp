#include <bopp/host/report/html_text.hpp>
#include <bopp/host/report/svg_plot.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <sstream>
#include <vector>

namespace bopp::host {
namespace {

constexpr double kWidth = 600, kHeight = 380;
constexpr double kLeft = 72, kRight = kWidth - 16, kTop = 40, kBottom = kHeight - 48;

// A coordinate or tick value as SVG text: two decimals are a hundredth of a pixel.
std::string svg_coordinate(double v) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.2f", v);
  return buffer;
}

std::string tick_text(double v) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.4g", std::abs(v) < 1e-300 ? 0.0 : v);
  return buffer;
}

// One axis: its range (log10 of it on a log axis) and where its ticks go.
struct Axis {
  bool log = false;
  double lo = 0.0, hi = 1.0;  // in axis units (log10 on a log axis)
  std::vector<double> ticks;  // in data units

  double unit(double v) const { return log ? std::log10(v) : v; }
  // Where `v` falls, from 0 (lo) to 1 (hi).
  double fraction(double v) const { return (unit(v) - lo) / (hi - lo); }
  bool shows(double v) const { return std::isfinite(v) && (!log || v > 0.0); }
};

// Ticks at 1, 2 or 5 times a power of ten, about five of them, the range widened to whole ticks.
Axis linear_axis(double lo, double hi) {
  Axis a;
  if (!(hi > lo)) {
    const double pad = lo == 0.0 ? 1.0 : std::abs(lo) * 0.1;
    lo -= pad;
    hi += pad;
  }
  const double raw = (hi - lo) / 5.0;
  const double magnitude = std::pow(10.0, std::floor(std::log10(raw)));
  const double scaled = raw / magnitude;
  const double step = (scaled < 1.5   ? 1.0
                       : scaled < 3.0 ? 2.0
                       : scaled < 7.0 ? 5.0
                                      : 10.0) *
                      magnitude;
  a.lo = std::floor(lo / step) * step;
  a.hi = std::ceil(hi / step) * step;
  for (double t = a.lo; t <= a.hi + step * 1e-9; t += step) a.ticks.push_back(t);
  return a;
}

// Whole decades, a tick on every one (every second or more when there are many).
Axis log_axis(double lo, double hi) {
  Axis a;
  a.log = true;
  a.lo = std::floor(std::log10(lo));
  a.hi = std::ceil(std::log10(hi));
  if (a.hi <= a.lo) a.hi = a.lo + 1;
  const int every = std::max(1, static_cast<int>(std::ceil((a.hi - a.lo) / 8.0)));
  for (int d = static_cast<int>(a.lo); d <= static_cast<int>(a.hi); d += every)
    a.ticks.push_back(std::pow(10.0, d));
  return a;
}

Axis make_axis(const std::vector<double>& values, bool log) {
  double lo = std::numeric_limits<double>::infinity(), hi = -lo;
  for (double v : values) {
    if (!std::isfinite(v) || (log && v <= 0.0)) continue;
    lo = std::min(lo, v);
    hi = std::max(hi, v);
  }
  if (!std::isfinite(lo)) return log ? log_axis(1.0, 10.0) : linear_axis(0.0, 1.0);
  return log ? log_axis(lo, hi) : linear_axis(lo, hi);
}

}  // namespace

std::string svg_plot(const Figure& figure, const std::map<std::string, std::string>& colours) {
  std::vector<double> xs, ys;
  for (const Curve& c : figure.curves) {
    for (const CurvePoint& p : c.points) {
      xs.push_back(p.x);
      ys.insert(ys.end(), {p.mean, p.lower, p.upper});
    }
  }
  const Axis x = make_axis(xs, figure.log_x);
  const Axis y = make_axis(ys, figure.log_y);
  auto px = [&](double v) { return svg_coordinate(kLeft + x.fraction(v) * (kRight - kLeft)); };
  auto py = [&](double v) { return svg_coordinate(kBottom - y.fraction(v) * (kBottom - kTop)); };

  std::ostringstream out;
  out << "<svg class=\"plot\" xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 " << kWidth << " "
      << kHeight << "\" width=\"" << kWidth << "\" height=\"" << kHeight << "\" role=\"img\">\n"
      << "<title>" << html_escape(figure.title) << "</title>\n"
      << "<rect x=\"" << kLeft << "\" y=\"" << kTop << "\" width=\"" << kRight - kLeft
      << "\" height=\"" << kBottom - kTop << "\" fill=\"#fff\" stroke=\"#999\"/>\n";
  // Grid lines and tick labels.
  for (double t : x.ticks) {
    out << "<line x1=\"" << px(t) << "\" y1=\"" << kTop << "\" x2=\"" << px(t) << "\" y2=\""
        << kBottom << "\" stroke=\"#e4e4e4\"/><text x=\"" << px(t) << "\" y=\"" << kBottom + 16
        << "\" text-anchor=\"middle\">" << tick_text(t) << "</text>\n";
  }
  for (double t : y.ticks) {
    out << "<line x1=\"" << kLeft << "\" y1=\"" << py(t) << "\" x2=\"" << kRight << "\" y2=\""
        << py(t) << "\" stroke=\"#e4e4e4\"/><text x=\"" << kLeft - 6 << "\" y=\"" << py(t)
        << "\" text-anchor=\"end\" dominant-baseline=\"middle\">" << tick_text(t) << "</text>\n";
  }
  out << "<text x=\"" << (kLeft + kRight) / 2 << "\" y=\"" << kHeight - 12
      << "\" text-anchor=\"middle\">" << html_escape(figure.xlabel)
      << (figure.log_x ? " (log scale)" : "") << "</text>\n"
      << "<text transform=\"translate(16 " << (kTop + kBottom) / 2
      << ") rotate(-90)\" text-anchor=\"middle\">" << html_escape(figure.ylabel)
      << (figure.log_y ? " (log scale)" : "") << "</text>\n";

  // Bands under every line, then the lines.
  for (int layer = 0; layer < 2; ++layer) {
    for (const Curve& c : figure.curves) {
      std::vector<const CurvePoint*> shown;
      for (const CurvePoint& p : c.points) {
        if (x.shows(p.x) && y.shows(p.mean)) shown.push_back(&p);
      }
      if (shown.empty()) continue;
      const auto colour = colours.find(c.label);
      const std::string stroke = colour != colours.end() ? colour->second : "#000";
      std::ostringstream points;
      if (layer == 0) {
        for (const CurvePoint* p : shown) points << px(p->x) << "," << py(p->upper) << " ";
        for (auto it = shown.rbegin(); it != shown.rend(); ++it)
          points << px((*it)->x) << "," << py(y.shows((*it)->lower) ? (*it)->lower : (*it)->mean)
                 << " ";
        out << "<polygon fill=\"" << stroke << "\" fill-opacity=\"0.18\" stroke=\"none\" points=\""
            << points.str() << "\"/>\n";
      } else {
        for (const CurvePoint* p : shown) points << px(p->x) << "," << py(p->mean) << " ";
        out << "<polyline fill=\"none\" stroke=\"" << stroke << "\" stroke-width=\"2\" points=\""
            << points.str() << "\"><title>" << html_escape(c.label) << "</title></polyline>\n";
      }
    }
  }
  out << "<text x=\"" << (kLeft + kRight) / 2 << "\" y=\"22\" text-anchor=\"middle\" "
      << "class=\"plot-title\">" << html_escape(figure.title) << "</text>\n"
      << "</svg>\n";
  return out.str();
}

}  // namespace bopp::host
