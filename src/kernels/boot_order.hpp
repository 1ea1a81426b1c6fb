#pragma once
// The order in which `clonebench kernels` boots its two images: balanced and randomized, in
// blocks of four boots that are ABBA or BAAB by a seeded coin flip (an odd last pair AB or BA),
// so that drift of the host cancels and neither image always boots first or after itself.
// Pure and seeded: the same seed gives the same order, which is printed and stored.

#include <cstdint>
#include <string>
#include <vector>

namespace clonebench {

enum class Image { kA, kB };

// `boots_per_image` boots of each image. Throws std::invalid_argument when it is 0.
std::vector<Image> boot_order(std::size_t boots_per_image, std::uint64_t seed);

// "ABBA BAAB AB": the order in blocks, as printed.
std::string boot_order_text(const std::vector<Image>& order);

}  // namespace clonebench
