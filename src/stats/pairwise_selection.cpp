#include "stats/pairwise_selection.hpp"

#include <algorithm>
#include <cmath>
#include <optional>
#include <random>
#include <stdexcept>
#include <utility>
#include <vector>

namespace clonebench {
namespace {

// Rows r = 0..rows-1 and columns c = 0..columns-1; value(r, c) never decreases along a row or
// down a column (rounding of a sum or difference is monotone, so this holds in floating point
// too). Row r holds the columns first(r)..columns-1: all of them for differences, the upper
// triangle for Walsh averages.
struct DifferenceMatrix {
  std::span<const double> x, y;  // row r is x[m − 1 − r], so that rows ascend too
  std::size_t rows() const { return x.size(); }
  std::size_t columns() const { return y.size(); }
  std::size_t first(std::size_t) const { return 0; }
  double value(std::size_t r, std::size_t c) const { return y[c] - x[x.size() - 1 - r]; }
};

struct WalshMatrix {
  std::span<const double> d;
  std::size_t rows() const { return d.size(); }
  std::size_t columns() const { return d.size(); }
  std::size_t first(std::size_t r) const { return r; }
  double value(std::size_t r, std::size_t c) const { return (d[r] + d[c]) / 2; }
};

// At most SelectionTuning::direct_minimum candidates, or kDirectFactor per row and column, are
// copied out and selected directly: sampling would cost more than it saves.
constexpr std::uint64_t kDirectFactor = 4;
// Pivots come from a random sample of s candidates (Floyd and Rivest's selection): the two
// sample values 2·√s ranks either side of where the answer's rank falls. The answer lies between
// them but for a chance of about 1e-4, and about 4·√s / s of the candidates do (6 % for the
// default s = 4096).

template <typename Matrix>
class Selection {
 public:
  Selection(const Matrix& matrix, SelectionCost* cost, const SelectionTuning& tuning)
      : matrix_(matrix), cost_(cost), tuning_(tuning), low_(matrix.rows()), high_(matrix.rows()) {
    for (std::size_t r = 0; r < matrix.rows(); ++r) {
      low_[r] = matrix.first(r);
      high_[r] = matrix.columns();
    }
  }

  // Every row keeps [low_, high_): the candidates. Entries left of low_ are known to be below
  // the answer, entries right of high_ above it; `below_` counts the former.
  double select(std::uint64_t k) {
    std::mt19937_64 random(0x5eed);  // any pivots give the same answer; fixed for repeatability
    std::uint64_t previous = 0;
    for (;;) {
      const std::vector<std::uint64_t> ends = candidate_ends();
      const std::uint64_t candidates = ends.back();
      if (candidates <=
          std::max(tuning_.direct_minimum, kDirectFactor * (matrix_.rows() + matrix_.columns()))) {
        return select_directly(k - below_);
      }
      // When two pivots left every candidate (many equal values), one random pivot always
      // removes at least the entries equal to it.
      const bool stuck = candidates == previous;
      previous = candidates;
      const double random_pivot = stuck ? candidate_at(ends, random() % candidates) : 0.0;
      const auto [low, high] =
          stuck ? std::pair{random_pivot, random_pivot} : bracket(random, ends, k - below_);
      if (const std::optional<double> answer = narrow(k, low, high)) {
        return *answer;
      }
    }
  }

 private:
  double value(std::size_t r, std::size_t c) {
    if (cost_ != nullptr) {
      ++cost_->evaluations;
    }
    return matrix_.value(r, c);
  }

  // ends[r]: the candidates in rows 0..r.
  std::vector<std::uint64_t> candidate_ends() const {
    std::vector<std::uint64_t> ends(low_.size());
    std::uint64_t total = 0;
    for (std::size_t r = 0; r < low_.size(); ++r) {
      total += high_[r] - low_[r];
      ends[r] = total;
    }
    return ends;
  }

  double candidate_at(const std::vector<std::uint64_t>& ends, std::uint64_t index) {
    const auto row =
        static_cast<std::size_t>(std::upper_bound(ends.begin(), ends.end(), index) - ends.begin());
    const std::uint64_t before = row == 0 ? 0 : ends[row - 1];
    return value(row, low_[row] + static_cast<std::size_t>(index - before));
  }

  std::pair<double, double> bracket(std::mt19937_64& random, const std::vector<std::uint64_t>& ends,
                                    std::uint64_t target) {
    const std::uint64_t candidates = ends.back();
    const std::size_t size = std::max<std::size_t>(tuning_.sample_size, 2);
    std::vector<double> sample(size);
    for (double& drawn : sample) {
      drawn = candidate_at(ends, random() % candidates);
    }
    std::sort(sample.begin(), sample.end());
    const auto count = static_cast<double>(size);
    const double position =
        static_cast<double>(target - 1) / static_cast<double>(candidates) * count;
    const double gap = 2 * std::sqrt(count);
    const auto at = [&](double place) {
      return sample[static_cast<std::size_t>(std::clamp(place, 0.0, count - 1))];
    };
    return {at(position - gap), at(position + gap)};
  }

  // Keeps the candidates on the answer's side of [low, high], or returns the answer when it is
  // known. low <= high.
  std::optional<double> narrow(std::uint64_t k, double low, double high) {
    std::vector<std::size_t> from = boundaries(low, false);  // first entry >= low
    std::vector<std::size_t> to = boundaries(high, true);    // first entry > high
    const std::uint64_t below_low = below_ + sum_from_low(from);
    const std::uint64_t up_to_high = below_ + sum_from_low(to);
    if (k <= below_low) {
      high_ = std::move(from);
    } else if (k > up_to_high) {
      below_ = up_to_high;
      low_ = std::move(to);
    } else if (low == high) {
      return low;
    } else {
      below_ = below_low;
      low_ = std::move(from);
      high_ = std::move(to);
    }
    return std::nullopt;
  }

  // Per row, the first column whose value is >= pivot (or > pivot when `inclusive`), clamped to
  // the candidates. The boundary only moves left as r grows: one sweep of O(rows + columns).
  std::vector<std::size_t> boundaries(double pivot, bool inclusive) {
    std::vector<std::size_t> bound(low_.size());
    std::size_t c = matrix_.columns();
    for (std::size_t r = 0; r < low_.size(); ++r) {
      while (c > 0) {
        const double v = value(r, c - 1);
        if (inclusive ? v <= pivot : v < pivot) {
          break;
        }
        --c;
      }
      bound[r] = std::clamp(c, low_[r], high_[r]);
    }
    return bound;
  }

  std::uint64_t sum_from_low(const std::vector<std::size_t>& bound) const {
    std::uint64_t total = 0;
    for (std::size_t r = 0; r < low_.size(); ++r) {
      total += bound[r] - low_[r];
    }
    return total;
  }

  double select_directly(std::uint64_t k) {
    std::vector<double> values;
    for (std::size_t r = 0; r < low_.size(); ++r) {
      for (std::size_t c = low_[r]; c < high_[r]; ++c) {
        values.push_back(value(r, c));
      }
    }
    const auto nth = values.begin() + static_cast<std::ptrdiff_t>(k - 1);
    std::nth_element(values.begin(), nth, values.end());
    return *nth;
  }

  const Matrix& matrix_;
  SelectionCost* cost_;
  SelectionTuning tuning_;
  std::vector<std::size_t> low_, high_;
  std::uint64_t below_ = 0;
};

void check_rank(std::uint64_t k, std::uint64_t total, const char* what) {
  if (k < 1 || k > total) {
    throw std::out_of_range(std::string(what) + ": rank outside 1..count");
  }
}

}  // namespace

double kth_pairwise_difference(std::span<const double> x_sorted, std::span<const double> y_sorted,
                               std::uint64_t k, SelectionCost* cost,
                               const SelectionTuning& tuning) {
  check_rank(k, std::uint64_t{x_sorted.size()} * y_sorted.size(), "kth_pairwise_difference");
  const DifferenceMatrix matrix{x_sorted, y_sorted};
  return Selection<DifferenceMatrix>(matrix, cost, tuning).select(k);
}

double kth_walsh_average(std::span<const double> d_sorted, std::uint64_t k, SelectionCost* cost,
                         const SelectionTuning& tuning) {
  const std::uint64_t n = d_sorted.size();
  check_rank(k, n * (n + 1) / 2, "kth_walsh_average");
  const WalshMatrix matrix{d_sorted};
  return Selection<WalshMatrix>(matrix, cost, tuning).select(k);
}

}  // namespace clonebench
