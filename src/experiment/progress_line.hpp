#pragma once
// What every long command (`run --runs`, `ab`, `sweep`, `scale`, `model`) shows on a terminal
// before each run: how far it is, the time spent and the time left. Pure text; whether to print at
// all is progress_wanted()'s answer, so output to a file or a pipe never changes.

#include <cstddef>
#include <string>

namespace clonebench {

// Minutes and seconds ("0:07", "12:30"), hours when needed ("1:02:03"); negative counts as 0.
std::string clock_duration(double seconds);

// "3/10, 0:12 spent, about 0:28 left" for the 3rd of 10 runs about to start after 0:12: the time
// left is the mean time of the runs done so far times the runs still to come (this one
// included); unknown, and not shown, before the first run has ended. `setup_s` of the time
// spent went to preparation before the first run (model's simulated memory), not to runs.
std::string progress_counts(std::size_t index, std::size_t planned, double elapsed_s,
                            double setup_s = 0);

// True when stderr is a terminal and --quiet was not given.
bool progress_wanted(bool quiet);

// Progress that stays on one line of the terminal (as hyperfine's): each show() returns to the
// start of the line, erases it and writes the new text, cut to the terminal's width so that it
// never wraps (a wrapped line could not be redrawn; a terminal that does not say its width gets
// the whole line); the destructor ends the line, so that what
// follows (a report, a warning, an error) starts on its own. Only for a terminal: the caller
// asks progress_wanted() first.
class ProgressLine {
 public:
  ProgressLine() = default;
  ~ProgressLine();
  ProgressLine(const ProgressLine&) = delete;
  ProgressLine& operator=(const ProgressLine&) = delete;

  void show(const std::string& text);
  void end();  // as the destructor, earlier

 private:
  bool drawn_ = false;
};

// `text` cut to at most `columns` characters (UTF-8 sequences kept whole), "…" marking the cut;
// `text` whole when `columns` is 0 (a terminal that does not say its width).
std::string fit_to_columns(const std::string& text, std::size_t columns);

}  // namespace clonebench
