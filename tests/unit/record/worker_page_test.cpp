// The page shared by the driver and clonebench-worker: the job survives the trip byte for byte,
// a page of another version is refused and says so, and zero bytes are the report's start.
#include "record/worker_page.hpp"

#include <gtest/gtest.h>
#include <sys/mman.h>
#include <unistd.h>

#include <cstring>
#include <memory>
#include <vector>

#include "core/error.hpp"
#include "runner/instance_pages.hpp"
#include "worker/job_page.hpp"

namespace clonebench {
namespace {

StressorJob sample_job() {
  StressorJob job;
  job.stressor = "clone";
  job.instances = 3;
  job.timeout_s = 1.5;
  job.max_ops = 1000;
  job.parent = ParentShape{ParentKind::kThp, 64ULL << 20, 4};
  job.clone_max = 100;
  job.pin_cpus = {1, 0};
  job.seed = 0x1234;
  return job;
}

TEST(WorkerJob, CarriesEveryDecisionOfTheDriverToTheInstance) {
  const JobDecisions decisions{50, 51, "/opt/clonebench/libexec/clonebench/clonebench-helper"};
  const WorkerJob job = make_worker_job(sample_job(), 2, decisions);
  EXPECT_EQ(job.stressor_name(), "clone");
  EXPECT_EQ(job.instance, 2u);
  EXPECT_EQ(job.instances, 3u);
  EXPECT_EQ(job.pin_cpu, 1);  // round robin over --pin: instance 2 of {1, 0}
  EXPECT_EQ(job.timeout_ns, 1'500'000'000);
  EXPECT_EQ(job.max_ops, 1000u);
  EXPECT_EQ(job.parent.kind, ParentKind::kThp);
  EXPECT_EQ(job.parent.bytes, 64ULL << 20);
  EXPECT_EQ(job.parent.vmas, 4u);
  EXPECT_EQ(job.live_limit, 50u);
  EXPECT_EQ(job.mailbox_slots, 51u);
  EXPECT_EQ(job.seed, 0x1234u + 2);  // each instance its own sequence
  EXPECT_STREQ(job.helper_path, decisions.helper_path.c_str());
}

TEST(WorkerJob, UnpinnedInstancesSayMinusOne) {
  StressorJob unpinned = sample_job();
  unpinned.pin_cpus.clear();
  EXPECT_EQ(make_worker_job(unpinned, 0, {}).pin_cpu, -1);
}

TEST(WorkerJob, RefusesAPathThatDoesNotFitRatherThanCuttingIt) {
  JobDecisions decisions;
  decisions.helper_path = std::string(kHelperPathBytes, 'x');
  EXPECT_THROW(make_worker_job(sample_job(), 0, decisions), RuntimeError);
  StressorJob long_name = sample_job();
  long_name.stressor = std::string(kStressorNameBytes, 'y');
  EXPECT_THROW(make_worker_job(long_name, 0, {}), RuntimeError);
}

TEST(WorkerJob, SurvivesTheTripThroughAMemfdByteForByte) {
  InstancePages pages(2);
  pages[1].job = make_worker_job(sample_job(), 1, {7, 8, "/x/helper"});
  const JobPage mapped(::dup(pages.fd(1)));
  ASSERT_NE(mapped.page(), nullptr) << mapped.problem();
  EXPECT_EQ(std::memcmp(&mapped.page()->job, &pages[1].job, sizeof(WorkerJob)), 0);
  // And what the worker writes, the driver reads.
  mapped.page()->report.bogo_ops = 42;
  EXPECT_EQ(pages.reports()[1]->bogo_ops, 42u);
  EXPECT_EQ(pages.reports()[0]->bogo_ops, 0u);
}

TEST(WorkerPage, AcceptsOnlyItsOwnMagicVersionAndSize) {
  WorkerPageHeader header;
  header.page_bytes = sizeof(WorkerPage);
  EXPECT_EQ(worker_page_problem(header, sizeof(WorkerPage)), nullptr);
  EXPECT_NE(worker_page_problem(header, sizeof(WorkerPage) - 1), nullptr);
  WorkerPageHeader other_version = header;
  other_version.abi = kWorkerAbi + 1;
  EXPECT_NE(worker_page_problem(other_version, sizeof(WorkerPage)), nullptr);
  WorkerPageHeader other_size = header;
  other_size.page_bytes = sizeof(WorkerPage) + 64;
  EXPECT_NE(worker_page_problem(other_size, sizeof(WorkerPage) + 64), nullptr);
  WorkerPageHeader not_a_job = header;
  not_a_job.magic = 0;
  EXPECT_NE(worker_page_problem(not_a_job, sizeof(WorkerPage)), nullptr);
}

TEST(WorkerPage, AWorkerOfAnotherVersionWritesItsOwnVersionIntoTheHeader) {
  InstancePages pages(1);
  pages[0].header.abi = kWorkerAbi + 7;  // as a driver of another version would
  const JobPage mapped(::dup(pages.fd(0)));
  EXPECT_EQ(mapped.page(), nullptr);
  EXPECT_TRUE(mapped.refused_version());
  EXPECT_EQ(pages[0].header.worker_abi, kWorkerAbi);
}

TEST(WorkerPage, ADescriptorThatIsNotAJobIsRefusedWithoutWritingToIt) {
  const int fd = ::memfd_create("not-a-job", MFD_CLOEXEC);
  ASSERT_GE(fd, 0);
  const std::vector<char> text(sizeof(WorkerPage), 'x');
  ASSERT_EQ(::write(fd, text.data(), text.size()), static_cast<ssize_t>(text.size()));
  {
    const JobPage mapped(::dup(fd));
    EXPECT_EQ(mapped.page(), nullptr);
    EXPECT_FALSE(mapped.refused_version());
    EXPECT_NE(mapped.problem(), nullptr);
  }
  std::vector<char> after(text.size());
  ASSERT_EQ(::pread(fd, after.data(), after.size(), 0), static_cast<ssize_t>(after.size()));
  EXPECT_EQ(after, text);
  ::close(fd);
  EXPECT_EQ(JobPage(-1).page(), nullptr);
}

// The driver never writes the report: a fresh memfd's zero bytes must be exactly the state a
// constructed report starts in, or the worker would read garbage defaults.
TEST(InstanceReport, ZeroBytesAreItsInitialState) {
  const auto constructed = std::make_unique<InstanceReport>();
  const std::vector<unsigned char> zeros(sizeof(InstanceReport), 0);
  EXPECT_EQ(std::memcmp(constructed.get(), zeros.data(), zeros.size()), 0);
}

TEST(InstancePages, GiveEachInstanceItsOwnZeroFilledPage) {
  InstancePages pages(3);
  ASSERT_EQ(pages.size(), 3u);
  for (std::size_t i = 0; i < pages.size(); ++i) {
    EXPECT_EQ(worker_page_problem(pages[i].header, sizeof(WorkerPage)), nullptr);
    EXPECT_EQ(pages[i].report.phase.load(), static_cast<int>(InstancePhase::kStarting));
    EXPECT_EQ(pages[i].report.create.count(), 0u);
    EXPECT_NE(pages.fd(i), pages.fd((i + 1) % pages.size()));
  }
}

}  // namespace
}  // namespace clonebench
