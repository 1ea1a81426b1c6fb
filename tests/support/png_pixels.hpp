#pragma once
// Reads the pixels of a PNG as a browser's screenshot writes it (8-bit RGB or RGBA, not
// interlaced), enough to tell a rendered page from a blank one. zlib inflates; the five row
// filters of the PNG specification (section 9) are undone here.

#include <zlib.h>

#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

namespace clonebench::testing {

struct PngPixels {
  std::uint32_t width = 0, height = 0, channels = 0;
  std::vector<std::uint8_t> data;  // rows of width * channels bytes
};

inline std::uint32_t png_u32(const std::string& bytes, std::size_t at) {
  return (std::uint32_t{static_cast<std::uint8_t>(bytes[at])} << 24) |
         (std::uint32_t{static_cast<std::uint8_t>(bytes[at + 1])} << 16) |
         (std::uint32_t{static_cast<std::uint8_t>(bytes[at + 2])} << 8) |
         std::uint32_t{static_cast<std::uint8_t>(bytes[at + 3])};
}

inline std::uint8_t paeth(int a, int b, int c) {
  const int p = a + b - c;
  const int pa = std::abs(p - a), pb = std::abs(p - b), pc = std::abs(p - c);
  return static_cast<std::uint8_t>(pa <= pb && pa <= pc ? a : pb <= pc ? b : c);
}

// nullopt when the file is not such a PNG.
inline std::optional<PngPixels> read_png(const std::string& path) {
  std::ifstream file(path, std::ios::binary);
  std::stringstream buffer;
  buffer << file.rdbuf();
  const std::string bytes = buffer.str();
  if (bytes.size() < 33 || bytes.compare(0, 8, "\x89PNG\r\n\x1a\n") != 0) {
    return std::nullopt;
  }
  PngPixels png;
  std::string compressed;
  for (std::size_t at = 8; at + 8 <= bytes.size();) {
    const std::uint32_t length = png_u32(bytes, at);
    const std::string type = bytes.substr(at + 4, 4);
    if (at + 12 + length > bytes.size()) {
      return std::nullopt;
    }
    if (type == "IHDR") {
      png.width = png_u32(bytes, at + 8);
      png.height = png_u32(bytes, at + 12);
      const int depth = bytes[at + 16], color = bytes[at + 17], interlace = bytes[at + 20];
      if (depth != 8 || (color != 2 && color != 6) || interlace != 0) {
        return std::nullopt;
      }
      png.channels = color == 6 ? 4 : 3;
    } else if (type == "IDAT") {
      compressed += bytes.substr(at + 8, length);
    }
    at += 12 + length;
  }
  const std::size_t stride = std::size_t{png.width} * png.channels;
  std::vector<std::uint8_t> raw((stride + 1) * png.height);
  uLongf raw_size = raw.size();
  if (png.channels == 0 ||
      ::uncompress(raw.data(), &raw_size, reinterpret_cast<const Bytef*>(compressed.data()),
                   compressed.size()) != Z_OK ||
      raw_size != raw.size()) {
    return std::nullopt;
  }
  png.data.assign(stride * png.height, 0);
  for (std::size_t y = 0; y < png.height; ++y) {
    const std::uint8_t filter = raw[y * (stride + 1)];
    const std::uint8_t* in = &raw[y * (stride + 1) + 1];
    std::uint8_t* out = &png.data[y * stride];
    const std::uint8_t* up = y > 0 ? &png.data[(y - 1) * stride] : nullptr;
    for (std::size_t x = 0; x < stride; ++x) {
      const int a = x >= png.channels ? out[x - png.channels] : 0;
      const int b = up != nullptr ? up[x] : 0;
      const int c = up != nullptr && x >= png.channels ? up[x - png.channels] : 0;
      const int predictor = filter == 1   ? a
                            : filter == 2 ? b
                            : filter == 3 ? (a + b) / 2
                            : filter == 4 ? paeth(a, b, c)
                                          : 0;
      out[x] = static_cast<std::uint8_t>(in[x] + predictor);
    }
  }
  return png;
}

// The share of pixels whose colour differs from the top-left pixel's (the page background).
inline double share_not_background(const PngPixels& png) {
  if (png.data.empty()) {
    return 0;
  }
  std::size_t differing = 0;
  const std::size_t pixels = std::size_t{png.width} * png.height;
  for (std::size_t i = 0; i < pixels; ++i) {
    for (std::size_t k = 0; k < 3; ++k) {
      if (png.data[i * png.channels + k] != png.data[k]) {
        ++differing;
        break;
      }
    }
  }
  return static_cast<double>(differing) / static_cast<double>(pixels);
}

}  // namespace clonebench::testing
