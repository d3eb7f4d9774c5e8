//===- ReplayMain.cpp - runs a fuzz target on saved inputs ----------------===//
//
// The main of a fuzz target in a build without libFuzzer (any compiler):
// each file named on the command line, and each file of each directory
// named, goes through LLVMFuzzerTestOneInput once, as `target FILE...`
// replays them under libFuzzer. So the targets build and run in every build,
// and the test suite replays the corpora kept in test/fuzz.
//
//===----------------------------------------------------------------------===//
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <string>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int main(int argc, char **argv) {
  std::vector<std::string> inputs;
  for (int i = 1; i < argc; ++i) {
    std::error_code ec;
    if (!llvm::sys::fs::is_directory(argv[i])) {
      inputs.push_back(argv[i]);
      continue;
    }
    std::vector<std::string> entries;
    for (llvm::sys::fs::directory_iterator it(argv[i], ec), end;
         !ec && it != end; it.increment(ec))
      entries.push_back(it->path());
    llvm::sort(entries);
    llvm::append_range(inputs, entries);
  }
  for (const std::string &path : inputs) {
    auto bytes = llvm::MemoryBuffer::getFile(path, /*IsText=*/false,
                                             /*RequiresNullTerminator=*/false);
    if (!bytes) {
      llvm::errs() << argv[0] << ": cannot read '" << path
                   << "': " << bytes.getError().message() << "\n";
      return 2;
    }
    LLVMFuzzerTestOneInput(
        reinterpret_cast<const uint8_t *>((*bytes)->getBufferStart()),
        (*bytes)->getBufferSize());
  }
  llvm::outs() << "replayed " << inputs.size() << " inputs\n";
  return 0;
}
