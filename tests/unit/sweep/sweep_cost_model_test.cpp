// The multi-factor cost model. The point estimates are compared with statsmodels' RLM (HuberT,
// MAD scale) over the same synthetic runs (tests/data/sweep: the generator and the reference
// script are kept beside the data); the intervals, prediction intervals and the residual check
// are judged against the known truth of synthetic data.

#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <nlohmann/json.hpp>
#include <random>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/error.hpp"
#include "record/cost_model_json.hpp"
#include "support/test_data.hpp"
#include "sweep/cost_model_fit.hpp"

namespace clonebench {
namespace {

constexpr double kFixed = 50000, kPerPage = 60, kPerVma = 300, kPerFolio = 40;

std::vector<CostObservation> heavy_tailed_runs() {
  std::ifstream in(testing::data_path("sweep/cost_model_heavy_tails.csv"));
  std::string line;
  std::getline(in, line);  // header
  std::vector<CostObservation> runs;
  while (std::getline(in, line)) {
    std::istringstream fields(line);
    CostObservation run;
    char comma = 0;
    fields >> run.point >> comma >> run.x.pages >> comma >> run.x.vmas >> comma >> run.x.folios >>
        comma >> run.cost_ns;
    runs.push_back(run);
  }
  return runs;
}

nlohmann::json expected() {
  std::ifstream in(testing::data_path("sweep/cost_model_expected.json"));
  return nlohmann::json::parse(in);
}

const std::vector<std::string> kAllTerms = model_terms(true, true);

TEST(CostModel, MatchesStatsmodelsHuberOnHeavyTailedRuns) {
  const std::vector<CostObservation> runs = heavy_tailed_runs();
  ASSERT_EQ(runs.size(), 144u);
  const std::vector<double> beta = huber_fit(runs, kAllTerms);
  const nlohmann::json huber = expected().at("huber");
  for (std::size_t j = 0; j < kAllTerms.size(); ++j) {
    const double reference = huber.at(kAllTerms[j]).get<double>();
    EXPECT_NEAR(beta[j], reference, 1e-6 * std::abs(reference)) << kAllTerms[j];
  }
}

TEST(CostModel, EveryIntervalIsNearTheTrueCoefficientWhereLeastSquaresIsFarOff) {
  const PhaseCostModel model = fit_phase_model("total", heavy_tailed_runs(), kAllTerms, 7, 300);
  const std::vector<double> truth = {kFixed, kPerPage, kPerVma, kPerFolio};
  const nlohmann::json ols = expected().at("ols");
  ASSERT_EQ(model.coefficients.size(), 4u);
  for (std::size_t j = 0; j < truth.size(); ++j) {
    const CostCoefficient& c = model.coefficients[j];
    EXPECT_EQ(c.term, kAllTerms[j]);
    // One data set: each 95 % interval may miss by chance (the rate is the simulation's to
    // judge), so the truth must lie within twice the half-width on its side, not within it.
    EXPECT_LE(c.estimate - 2 * (c.estimate - c.lo), truth[j]) << c.term;
    EXPECT_GE(c.estimate + 2 * (c.hi - c.estimate), truth[j]) << c.term;
    // The wild runs pull least squares outside the interval: robustness is what the data needs.
    const double least_squares = ols.at(c.term).get<double>();
    EXPECT_TRUE(least_squares < c.lo || least_squares > c.hi) << c.term;
  }
  EXPECT_EQ(model.n, 144u);
  EXPECT_EQ(model.points, 36u);
}

TEST(CostModel, NamesOnlyTheTermsOfTheAxesASweepVaried) {
  EXPECT_EQ(model_terms(false, false), (std::vector<std::string>{"fixed_ns", "per_page_ns"}));
  EXPECT_EQ(model_terms(true, false),
            (std::vector<std::string>{"fixed_ns", "per_page_ns", "per_vma_ns"}));
  EXPECT_EQ(model_terms(false, true),
            (std::vector<std::string>{"fixed_ns", "per_page_ns", "per_folio_ns"}));
}

TEST(CostModel, RefusesADesignThatCannotSeparateItsTerms) {
  std::vector<CostObservation> runs;
  for (std::size_t point = 0; point < 3; ++point) {
    for (int round = 0; round < 3; ++round) {
      const double pages = 1000.0 * point;
      runs.push_back({{pages, 1, pages}, 100 + pages + round, point});  // folios == pages
    }
  }
  EXPECT_THROW(huber_fit(runs, kAllTerms), std::invalid_argument);
  EXPECT_THROW(fit_phase_model("total", {runs[0], runs[1]}, model_terms(false, false), 1),
               std::invalid_argument);
}

// Runs of cost = fixed + slope * pages + noise at `sizes`, `rounds` each.
std::vector<CostObservation> line_runs(const std::vector<double>& sizes, int rounds,
                                       const std::function<double(double)>& shape,
                                       std::mt19937_64& rng) {
  std::student_t_distribution<double> noise(3.0);
  std::vector<CostObservation> runs;
  for (std::size_t point = 0; point < sizes.size(); ++point) {
    for (int round = 0; round < rounds; ++round) {
      runs.push_back(
          {{sizes[point], 1, sizes[point]}, shape(sizes[point]) + 500 * noise(rng), point});
    }
  }
  return runs;
}

TEST(CostModel, FlagsAKneeThatAStraightLineHides) {
  std::mt19937_64 rng(3);
  // Cost per page doubles past 32768 pages (a cache-size knee).
  const auto knee = [](double pages) {
    return 50000 + 60 * pages + (pages > 32768 ? 60 * (pages - 32768) : 0);
  };
  const std::vector<double> sizes = {0, 8192, 16384, 32768, 49152, 65536};
  const PhaseCostModel bent =
      fit_phase_model("total", line_runs(sizes, 5, knee, rng), model_terms(false, false), 1, 100);
  EXPECT_NE(std::find(bent.flags.begin(), bent.flags.end(), "nonlinear"), bent.flags.end());
  EXPECT_FALSE(bent.misfits.empty());
  const auto straight = [](double pages) { return 50000 + 60 * pages; };
  const PhaseCostModel line = fit_phase_model("total", line_runs(sizes, 5, straight, rng),
                                              model_terms(false, false), 1, 100);
  EXPECT_TRUE(line.flags.empty());
}

TEST(CostModel, PredictsWithIntervalsThatHoldTheEstimateAndSayWhenItExtrapolates) {
  const PhaseCostModel model = fit_phase_model("total", heavy_tailed_runs(), kAllTerms, 7, 200);
  const CostPrediction inside = predict_cost(model, ShapeX{16384, 300, 1024});
  const double truth = kFixed + kPerPage * 16384 + kPerVma * 300 + kPerFolio * 1024;
  EXPECT_LT(inside.mean_lo_ns, truth);
  EXPECT_GT(inside.mean_hi_ns, truth);
  EXPECT_LE(inside.run_lo_ns, inside.mean_lo_ns);
  EXPECT_GE(inside.run_hi_ns, inside.mean_hi_ns);
  EXPECT_FALSE(inside.extrapolated);
  EXPECT_TRUE(predict_cost(model, ShapeX{1e6, 1, 1e6}).extrapolated);
}

TEST(CostModel, SurvivesItsJsonCodecUnchanged) {
  CostModel model;
  model.estimator = "Huber";
  model.phases.push_back(fit_phase_model("total", heavy_tailed_runs(), kAllTerms, 7, 50));
  const nlohmann::json json = cost_model_to_json(model);
  const CostModel back = cost_model_from_json(nlohmann::json::parse(json.dump()), "test");
  EXPECT_EQ(cost_model_to_json(back), json);
  EXPECT_THROW(cost_model_from_json(nlohmann::json{{"estimator", "x"}}, "test"), UsageError);
}

// Simulation (label simulation): over many synthetic sweeps with heavy-tailed noise, the 95 %
// prediction interval must hold a new run of a held-out shape at about the nominal rate, and
// the 95 % coefficient intervals the true per-page cost.
TEST(CostModelSimulation, PredictionIntervalsCoverNewRunsAtAboutTheNominalRate) {
  std::mt19937_64 rng(11);
  std::student_t_distribution<double> noise(3.0);
  const auto truth = [](double pages, double vmas) { return 40000 + 70 * pages + 250 * vmas; };
  int covered = 0, slope_covered = 0;
  constexpr int kReplications = 300;
  for (int replication = 0; replication < kReplications; ++replication) {
    std::vector<CostObservation> runs;
    std::size_t point = 0;
    for (const double pages : {0.0, 4096.0, 16384.0, 65536.0}) {
      for (const double vmas : {1.0, 256.0, 4096.0}) {
        for (int round = 0; round < 5; ++round) {
          runs.push_back({{pages, vmas, pages}, truth(pages, vmas) + 3000 * noise(rng), point});
        }
        ++point;
      }
    }
    const PhaseCostModel model =
        fit_phase_model("total", runs, model_terms(true, false), replication, 100);
    const CostPrediction prediction = predict_cost(model, ShapeX{32768, 1000, 32768});
    const double new_run = truth(32768, 1000) + 3000 * noise(rng);
    covered += prediction.run_lo_ns <= new_run && new_run <= prediction.run_hi_ns;
    slope_covered += model.coefficients[1].lo <= 70 && 70 <= model.coefficients[1].hi;
  }
  const double coverage = double(covered) / kReplications;
  const double slope_coverage = double(slope_covered) / kReplications;
  EXPECT_GT(coverage, 0.90);
  EXPECT_LT(coverage, 0.99);
  EXPECT_GT(slope_coverage, 0.88);
  EXPECT_LT(slope_coverage, 0.99);
}

}  // namespace
}  // namespace clonebench
