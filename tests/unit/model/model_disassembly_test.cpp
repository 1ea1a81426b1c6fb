// The variants must not collapse into each other: the out-of-line variants' copy walk really
// calls the outlined _compound_head, the inline and branchless ones call no such function, and
// the SRSO variants return through the thunk. Checked on this very test binary with objdump.

#include <gtest/gtest.h>

#include <array>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <string>

#include "model/variant.hpp"

namespace clonebench::model {
namespace {

std::string find_objdump() {
  for (const char* candidate : {"/usr/bin/objdump", "/usr/local/bin/objdump", "/bin/objdump"}) {
    if (std::filesystem::exists(candidate)) {
      return candidate;
    }
  }
  return {};
}

// The disassembly of one function of this executable.
std::string disassemble(const std::string& objdump, const std::string& symbol) {
  const std::string command = objdump + " -d --no-show-raw-insn --disassemble=" + symbol + " " +
                              std::filesystem::read_symlink("/proc/self/exe").string() +
                              " 2>/dev/null";
  std::unique_ptr<FILE, int (*)(FILE*)> pipe(popen(command.c_str(), "r"), pclose);
  std::string text;
  std::array<char, 4096> buffer{};
  while (pipe && std::fgets(buffer.data(), buffer.size(), pipe.get()) != nullptr) {
    text += buffer.data();
  }
  return text;
}

class ModelDisassembly : public ::testing::Test {
 protected:
  void SetUp() override {
    objdump_ = find_objdump();
    if (objdump_.empty()) {
      GTEST_SKIP() << "objdump (binutils) is not installed";
    }
  }
  std::string objdump_;
};

TEST_F(ModelDisassembly, FindsEveryVariantsCopyWalkInTheBinary) {
  for (const Variant& variant : all_variants()) {
    const std::string text = disassemble(objdump_, variant.copy_walk_symbol);
    EXPECT_NE(text.find("<" + variant.copy_walk_symbol + ">:"), std::string::npos) << variant.name;
  }
}

TEST_F(ModelDisassembly, CallsTheOutlinedCompoundHeadOnlyInOutOfLineVariants) {
  for (const Variant& variant : all_variants()) {
    const std::string text = disassemble(objdump_, variant.copy_walk_symbol);
    const bool calls_any = text.find("<cb_model_compound_head_") != std::string::npos;
    if (variant.head_mode == HeadMode::kOutline) {
      EXPECT_NE(text.find("call"), std::string::npos) << variant.name;
      EXPECT_NE(text.find("<" + variant.compound_head_symbol + ">"), std::string::npos)
          << variant.name;
    } else {
      EXPECT_FALSE(calls_any) << variant.name;
    }
  }
}

TEST_F(ModelDisassembly, GivesTheOutlinedFunctionTheKernelsShape) {
  for (const Variant& variant : all_variants()) {
    if (variant.head_mode != HeadMode::kOutline) {
      continue;
    }
    const std::string text = disassemble(objdump_, variant.compound_head_symbol);
    EXPECT_NE(text.find("endbr64"), std::string::npos) << variant.name;
    EXPECT_NE(text.find("0x8(%rdi)"), std::string::npos) << variant.name;  // compound_head @8
    // Only out-of-line returns are patched: the thunk jump or a plain ret.
    const bool thunk = text.find("__x86_return_thunk") != std::string::npos;
    EXPECT_EQ(thunk, variant.srso_thunk) << variant.name;
  }
}

TEST_F(ModelDisassembly, ReturnsThroughTheThunkOnlyInSrsoVariants) {
  for (const Variant& variant : all_variants()) {
    const std::string text = disassemble(objdump_, variant.copy_walk_symbol);
    const bool thunk = text.find("jmp") != std::string::npos &&
                       text.find("<__x86_return_thunk>") != std::string::npos;
    const bool plain_ret = text.find("\tret") != std::string::npos;
    EXPECT_EQ(thunk, variant.srso_thunk) << variant.name;
    EXPECT_EQ(plain_ret, !variant.srso_thunk) << variant.name;
  }
}

}  // namespace
}  // namespace clonebench::model
