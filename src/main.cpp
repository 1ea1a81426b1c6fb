// clonebench: measure the cost of creating processes and threads on Linux.
#include "cli/app.hpp"

int main(int argc, char** argv) {
  return clonebench::run_app(argc, argv);
}
