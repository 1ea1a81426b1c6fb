#include "stats/pairwise_selection.hpp"

#include <algorithm>
#include <random>
#include <stdexcept>
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

// Below this many candidates, they are copied out and selected directly.
constexpr std::size_t kDirectFactor = 4;

template <typename Matrix>
class Selection {
 public:
  Selection(const Matrix& matrix, SelectionCost* cost)
      : matrix_(matrix), cost_(cost), low_(matrix.rows()), high_(matrix.rows()) {
    for (std::size_t r = 0; r < matrix.rows(); ++r) {
      low_[r] = matrix.first(r);
      high_[r] = matrix.columns();
    }
  }

  // Every row keeps [low_, high_): the candidates. Entries left of low_ are known to be below
  // the answer, entries right of high_ above it; `below_` counts the former.
  double select(std::uint64_t k) {
    std::mt19937_64 random(0x5eed);  // any pivot gives the same answer; fixed for repeatability
    for (;;) {
      const std::uint64_t candidates = count_candidates();
      if (candidates <= kDirectFactor * (matrix_.rows() + matrix_.columns())) {
        return select_directly(k - below_);
      }
      const double pivot = candidate_at(random() % candidates);
      std::vector<std::size_t> less = boundaries(pivot, false);
      std::vector<std::size_t> not_greater = boundaries(pivot, true);
      const std::uint64_t count_less = below_ + sum_from_low(less);
      const std::uint64_t count_not_greater = below_ + sum_from_low(not_greater);
      if (k <= count_less) {
        high_ = std::move(less);
      } else if (k > count_not_greater) {
        below_ = count_not_greater;
        low_ = std::move(not_greater);
      } else {
        return pivot;
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

  std::uint64_t count_candidates() const {
    std::uint64_t total = 0;
    for (std::size_t r = 0; r < low_.size(); ++r) {
      total += high_[r] - low_[r];
    }
    return total;
  }

  double candidate_at(std::uint64_t index) {
    for (std::size_t r = 0; r < low_.size(); ++r) {
      const std::uint64_t width = high_[r] - low_[r];
      if (index < width) {
        return value(r, low_[r] + static_cast<std::size_t>(index));
      }
      index -= width;
    }
    throw std::logic_error("pairwise selection: candidate index out of range");
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
                               std::uint64_t k, SelectionCost* cost) {
  check_rank(k, std::uint64_t{x_sorted.size()} * y_sorted.size(), "kth_pairwise_difference");
  const DifferenceMatrix matrix{x_sorted, y_sorted};
  return Selection<DifferenceMatrix>(matrix, cost).select(k);
}

double kth_walsh_average(std::span<const double> d_sorted, std::uint64_t k, SelectionCost* cost) {
  const std::uint64_t n = d_sorted.size();
  check_rank(k, n * (n + 1) / 2, "kth_walsh_average");
  const WalshMatrix matrix{d_sorted};
  return Selection<WalshMatrix>(matrix, cost).select(k);
}

}  // namespace clonebench
