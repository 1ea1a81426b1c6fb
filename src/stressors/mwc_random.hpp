#pragma once
// stress-ng's multiply-with-carry generator (its core-mwc.c), so that a seed gives stress-ng's
// sequence of random choices.

#include <cstdint>

namespace clonebench {

class MwcRandom {
 public:
  // clonebench's rule: a zero half of the seed keeps stress-ng's default for that half (a zero
  // half of the state would stay zero).
  explicit MwcRandom(std::uint64_t seed) noexcept {
    const auto high = static_cast<std::uint32_t>(seed >> 32);
    const auto low = static_cast<std::uint32_t>(seed & 0xffffffffU);
    if (high != 0) {
      z_ = high;
    }
    if (low != 0) {
      w_ = low;
    }
  }
  // stress-ng's --seed rule: z = seed >> 32, w = seed & 0xffffffff, zero halves kept. With z = 0
  // every draw is below 2^31, so a seed under 2^32 never sets the top bit.
  static MwcRandom stress_ng_seeded(std::uint64_t seed) noexcept {
    return MwcRandom(static_cast<std::uint32_t>(seed >> 32),
                     static_cast<std::uint32_t>(seed & 0xffffffffU));
  }

  std::uint32_t next() noexcept {
    z_ = 36969 * (z_ & 65535) + (z_ >> 16);
    w_ = 18000 * (w_ & 65535) + (w_ >> 16);
    return (z_ << 16) + w_;
  }
  // stress-ng's stress_mwc8(): the four bytes of one draw, lowest first.
  std::uint8_t next8() noexcept {
    if (bytes_left_ > 0) {
      --bytes_left_;
      saved_ >>= 8;
    } else {
      bytes_left_ = 3;
      saved_ = next();
    }
    return static_cast<std::uint8_t>(saved_ & 0xffU);
  }

 private:
  MwcRandom(std::uint32_t z, std::uint32_t w) noexcept : z_(z), w_(w) {}

  std::uint32_t z_ = 362436069;
  std::uint32_t w_ = 521288629;
  std::uint32_t saved_ = 0;
  int bytes_left_ = 0;
};

}  // namespace clonebench
