#include "png_image.hpp"

#include <zlib.h>

#include <cstdlib>
#include <fstream>
#include <iterator>
#include <stdexcept>
#include <string>
#include <unordered_set>

namespace bopp::test {
namespace {

std::uint32_t big_endian(const std::vector<unsigned char>& b, std::size_t at) {
  return (std::uint32_t{b.at(at)} << 24) | (std::uint32_t{b.at(at + 1)} << 16) |
         (std::uint32_t{b.at(at + 2)} << 8) | std::uint32_t{b.at(at + 3)};
}

int paeth(int a, int b, int c) {
  const int p = a + b - c;
  const int pa = std::abs(p - a), pb = std::abs(p - b), pc = std::abs(p - c);
  if (pa <= pb && pa <= pc) return a;
  return pb <= pc ? b : c;
}

}  // namespace

RgbImage read_png(const std::filesystem::path& file) {
  std::ifstream in(file, std::ios::binary);
  const std::vector<unsigned char> bytes{std::istreambuf_iterator<char>(in),
                                         std::istreambuf_iterator<char>()};
  static const unsigned char signature[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
  if (bytes.size() < 8 || !std::equal(signature, signature + 8, bytes.begin())) {
    throw std::runtime_error(file.string() + ": not a PNG file");
  }
  RgbImage image;
  int channels = 0;
  std::vector<unsigned char> compressed;
  for (std::size_t at = 8; at + 8 <= bytes.size();) {
    const std::uint32_t length = big_endian(bytes, at);
    const std::string type(bytes.begin() + static_cast<std::ptrdiff_t>(at + 4),
                           bytes.begin() + static_cast<std::ptrdiff_t>(at + 8));
    const std::size_t data = at + 8;
    if (type == "IHDR") {
      image.width = big_endian(bytes, data);
      image.height = big_endian(bytes, data + 4);
      const int depth = bytes.at(data + 8), colour = bytes.at(data + 9),
                interlace = bytes.at(data + 12);
      channels = colour == 2 ? 3 : colour == 6 ? 4 : 0;
      if (depth != 8 || channels == 0 || interlace != 0) {
        throw std::runtime_error(file.string() +
                                 ": only 8-bit RGB(A) non-interlaced PNG is read here");
      }
    } else if (type == "IDAT") {
      compressed.insert(compressed.end(), bytes.begin() + static_cast<std::ptrdiff_t>(data),
                        bytes.begin() + static_cast<std::ptrdiff_t>(data + length));
    }
    at = data + length + 4;  // + CRC
  }
  const std::size_t stride =
      static_cast<std::size_t>(image.width) * static_cast<std::size_t>(channels);
  std::vector<unsigned char> raw((stride + 1) * image.height);
  uLongf raw_size = raw.size();
  if (uncompress(raw.data(), &raw_size, compressed.data(), compressed.size()) != Z_OK ||
      raw_size != raw.size()) {
    throw std::runtime_error(file.string() + ": the image data does not inflate");
  }
  std::vector<unsigned char> previous(stride, 0), row(stride);
  image.pixels.reserve(static_cast<std::size_t>(image.width) * image.height);
  for (std::uint32_t y = 0; y < image.height; ++y) {
    const unsigned char* line = raw.data() + y * (stride + 1);
    const int filter = line[0];
    for (std::size_t i = 0; i < stride; ++i) {
      const int a =
          i >= static_cast<std::size_t>(channels) ? row[i - static_cast<std::size_t>(channels)] : 0;
      const int b = previous[i];
      const int c = i >= static_cast<std::size_t>(channels)
                        ? previous[i - static_cast<std::size_t>(channels)]
                        : 0;
      const int predictor = filter == 1   ? a
                            : filter == 2 ? b
                            : filter == 3 ? (a + b) / 2
                            : filter == 4 ? paeth(a, b, c)
                                          : 0;
      row[i] = static_cast<unsigned char>(line[1 + i] + predictor);
    }
    for (std::uint32_t x = 0; x < image.width; ++x) {
      const unsigned char* p =
          row.data() + static_cast<std::size_t>(x) * static_cast<std::size_t>(channels);
      image.pixels.push_back((std::uint32_t{p[0]} << 16) | (std::uint32_t{p[1]} << 8) |
                             std::uint32_t{p[2]});
    }
    previous = row;
  }
  return image;
}

std::size_t distinct_colours(const RgbImage& image) {
  return std::unordered_set<std::uint32_t>(image.pixels.begin(), image.pixels.end()).size();
}

}  // namespace bopp::test
