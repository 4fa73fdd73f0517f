// Just enough of PNG to look at the plots gnuplot draws: 8-bit RGB or RGBA, not interlaced.
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <vector>

namespace bopp::test {

struct RgbImage {
  std::uint32_t width = 0;
  std::uint32_t height = 0;
  std::vector<std::uint32_t> pixels;  // 0xRRGGBB, row by row
};

// Throws std::runtime_error when the file is not a PNG of that kind.
RgbImage read_png(const std::filesystem::path& file);

std::size_t distinct_colours(const RgbImage& image);

}  // namespace bopp::test
