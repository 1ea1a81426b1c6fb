#include "kernels/boot_order.hpp"

#include <random>
#include <stdexcept>

namespace clonebench {

std::vector<Image> boot_order(std::size_t boots_per_image, std::uint64_t seed) {
  if (boots_per_image == 0) {
    throw std::invalid_argument("boot_order: at least one boot per image");
  }
  std::mt19937_64 random(seed);
  std::vector<Image> order;
  std::size_t left = boots_per_image;
  while (left > 0) {
    const bool a_first = (random() & 1u) == 0;
    const Image first = a_first ? Image::kA : Image::kB;
    const Image second = a_first ? Image::kB : Image::kA;
    if (left >= 2) {
      order.insert(order.end(), {first, second, second, first});
      left -= 2;
    } else {
      order.insert(order.end(), {first, second});
      left -= 1;
    }
  }
  return order;
}

std::string boot_order_text(const std::vector<Image>& order) {
  std::string text;
  for (std::size_t i = 0; i < order.size(); ++i) {
    if (i > 0 && i % 4 == 0) {
      text += ' ';
    }
    text += order[i] == Image::kA ? 'A' : 'B';
  }
  return text;
}

}  // namespace clonebench
