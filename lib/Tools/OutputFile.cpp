//===- OutputFile.cpp - writing a tool's output whole or not at all -------===//
#include "tilechain/Tools/OutputFile.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Signals.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

static std::error_code writeInPlace(raw_fd_ostream &os, StringRef data) {
  os << data;
  os.flush();
  std::error_code ec = os.error();
  os.clear_error();
  return ec;
}

std::error_code tilechain::writeOutputFile(StringRef path, StringRef data) {
  if (path == "-")
    return writeInPlace(outs(), data);

  sys::fs::file_status status;
  if (!sys::fs::status(path, status) && sys::fs::exists(status) &&
      !sys::fs::is_regular_file(status)) {
    std::error_code ec;
    raw_fd_ostream os(path, ec);
    return ec ? ec : writeInPlace(os, data);
  }

  SmallString<256> model(path);
  model += ".tmp%%%%%%";
  int fd;
  SmallString<256> tempPath;
  if (std::error_code ec = sys::fs::createUniqueFile(model, fd, tempPath))
    return ec;
  sys::RemoveFileOnSignal(tempPath);
  std::error_code ec;
  {
    raw_fd_ostream os(fd, /*shouldClose=*/true);
    ec = writeInPlace(os, data);
  }
  if (!ec)
    ec = sys::fs::rename(tempPath, path);
  if (ec)
    sys::fs::remove(tempPath);
  sys::DontRemoveFileOnSignal(tempPath);
  return ec;
}
