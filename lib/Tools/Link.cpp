//===- Link.cpp - PTX -> cubin through ptxas, as tile-link does it --------===//
#include "tilechain/Tools/Link.h"

#include "tilechain/Link/TileHostObject.h"
#include "tilechain/Emit/TileKernelPTX.h"
#include "tilechain/Tools/CrashGuard.h"
#include "tilechain/Tools/ExitCodes.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/Signals.h"
#include "llvm/Support/raw_ostream.h"

using namespace tilechain;

namespace {

/// ptxas reads and writes files: in-memory PTX, the .nv.host object and
/// every cubin pass through temporary files, removed if a signal ends us.
std::error_code createScratch(llvm::StringRef prefix, llvm::StringRef suffix,
                              llvm::SmallVectorImpl<char> &path) {
  int fd;
  if (std::error_code ec =
          llvm::sys::fs::createTemporaryFile(prefix, suffix, fd, path))
    return ec;
  llvm::sys::Process::SafelyCloseFileDescriptor(fd);
  llvm::sys::RemoveFileOnSignal(llvm::StringRef(path.data(), path.size()));
  return {};
}

std::error_code writeScratch(llvm::StringRef prefix, llvm::StringRef suffix,
                             llvm::StringRef data,
                             llvm::SmallVectorImpl<char> &path) {
  if (std::error_code ec = createScratch(prefix, suffix, path))
    return ec;
  std::error_code ec;
  llvm::raw_fd_ostream os(llvm::StringRef(path.data(), path.size()), ec);
  if (ec)
    return ec;
  os << data;
  os.close();
  return os.error();
}

/// A scratch file the reproduce command names: it outlives us.
void keep(llvm::StringRef toolName, llvm::StringRef what,
          llvm::StringRef path) {
  llvm::sys::DontRemoveFileOnSignal(path);
  llvm::errs() << toolName << ": " << what << " is kept in " << path << "\n";
}

} // namespace

int tilechain::assembleCubin(llvm::StringRef toolName, const PTXSource &ptx,
                             LinkOptions options, llvm::StringRef reproOutput,
                             std::string &cubin) {
  auto fail = [&](const llvm::Twine &message, int code) {
    llvm::errs() << toolName << ": " << message << "\n";
    return code;
  };
  llvm::Expected<std::string> chip = getPTXTarget(ptx.text);
  if (!chip)
    return fail((ptx.path.empty() ? "" : ptx.path + ": ") +
                    llvm::toString(chip.takeError()),
                kExitConfiguration);

  // Tile kernels (`.language 7`) carry the .nv.host callbacks the driver
  // runs when it loads them.
  std::vector<TileHostKernel> tileKernels;
  for (std::string &name : getTileKernels(ptx.text)) {
    llvm::Expected<TileHostKernel> kernel =
        describeTileKernel(ptx.text, *chip, std::move(name));
    if (!kernel)
      return fail((ptx.path.empty() ? "" : ptx.path + ": ") +
                      llvm::toString(kernel.takeError()),
                  kExitCompileFailure);
    tileKernels.push_back(std::move(*kernel));
  }
  llvm::SmallString<256> ptxPath(ptx.path);
  bool scratchPTX = ptx.path.empty();
  if (scratchPTX)
    if (std::error_code ec = writeScratch(toolName, "ptx", ptx.text, ptxPath))
      return fail("cannot write a temporary PTX file: " + ec.message(),
                  kExitConfiguration);

  llvm::SmallString<256> nvHostPath;
  auto removeScratch = [&] {
    if (scratchPTX)
      llvm::sys::fs::remove(ptxPath);
    if (!nvHostPath.empty())
      llvm::sys::fs::remove(nvHostPath);
  };
  if (!tileKernels.empty()) {
    llvm::Expected<std::string> nvHost = buildTileHostObject(tileKernels);
    if (!nvHost) {
      removeScratch();
      return fail("cannot build the .nv.host object: " +
                      llvm::toString(nvHost.takeError()),
                  kExitCompileFailure);
    }
    if (std::error_code ec =
            writeScratch(toolName, "nv-host.o", *nvHost, nvHostPath)) {
      removeScratch();
      return fail("cannot write the .nv.host object: " + ec.message(),
                  kExitConfiguration);
    }
    options.nvHostPath = nvHostPath.str().str();
  }

  // ptxas writes a scratch file; the cubin is checked before it is returned.
  auto assemble = [&](llvm::StringRef input, std::string &assembled) {
    PtxasResult result;
    llvm::SmallString<256> partial;
    if (std::error_code ec = createScratch(toolName, "cubin", partial)) {
      result.failure = "cannot create a file for the cubin: " + ec.message();
      return result;
    }
    {
      CrashPhase phase("running ptxas");
      result = runPtxas(buildPtxasCommand(options, *chip, input, partial),
                        options.timeoutSeconds);
    }
    if (result.succeeded) {
      auto written = llvm::MemoryBuffer::getFile(partial);
      if (written && (*written)->getBuffer().starts_with("\x7f"
                                                         "ELF"))
        assembled = (*written)->getBuffer().str();
      else
        result.failure = "ptxas succeeded but wrote no ELF cubin";
    }
    llvm::sys::fs::remove(partial);
    llvm::sys::DontRemoveFileOnSignal(partial);
    return result;
  };
  PtxasResult result = assemble(ptxPath, cubin);

  // A followed occupancy hint caps a kernel's registers (.minnctapersm N).
  // Where ptxas then serializes the kernel's wgmma, or fails, the hint costs
  // more than the CTAs it adds give: the kernels are assembled again
  // without their caps (docs/pipeline.md, "The occupancy hint").
  std::vector<std::string> capped = getOccupancyCappedKernels(ptx.text);
  std::vector<std::string> uncap;
  if (!result.failure.empty())
    uncap = capped;
  else
    for (std::string &kernel : getSerializedWgmmaKernels(result.output))
      if (llvm::is_contained(capped, kernel))
        uncap.push_back(std::move(kernel));
  if (!uncap.empty()) {
    llvm::SmallString<256> uncappedPath;
    std::string uncappedCubin;
    PtxasResult uncapped;
    if (std::error_code ec =
            writeScratch(toolName, "ptx", dropOccupancyCaps(ptx.text, uncap),
                         uncappedPath))
      uncapped.failure = "cannot write a temporary PTX file: " + ec.message();
    else
      uncapped = assemble(uncappedPath, uncappedCubin);
    llvm::sys::fs::remove(uncappedPath);
    llvm::sys::DontRemoveFileOnSignal(uncappedPath);
    if (uncapped.failure.empty()) {
      llvm::StringRef why = result.failure.empty()
                                ? "serialized its wgmma, advisory C7512"
                                : "failed";
      for (const std::string &kernel : uncap)
        llvm::errs() << toolName << ": note: '" << kernel
                     << "' is assembled without the register cap of its "
                        "occupancy hint: under it ptxas "
                     << why << "\n";
      result = std::move(uncapped);
      cubin = std::move(uncappedCubin);
    }
  }
  llvm::errs() << result.output;
  if (result.failure.empty()) {
    removeScratch();
    return kExitSuccess;
  }

  // Kept, so that the command below reproduces the failure.
  if (scratchPTX)
    keep(toolName, ptx.scratchDescription, ptxPath);
  if (!nvHostPath.empty())
    keep(toolName, "the .nv.host object", nvHostPath);
  // Absolute paths: the command works from any directory.
  llvm::SmallString<256> reproPTX(ptxPath), reproCubin(reproOutput);
  llvm::sys::fs::make_absolute(reproPTX);
  llvm::sys::fs::make_absolute(reproCubin);
  return fail(result.failure + "\n" + toolName + ": to reproduce: " +
                  quoteCommandLine(buildPtxasCommand(options, *chip, reproPTX,
                                                     reproCubin)),
              kExitCompileFailure);
}
