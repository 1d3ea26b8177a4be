//===- OutputFile.cpp - tilec's outputs, whole or not at all ----*- C++ -*-===//
//
// OutputFile of OutputFile.h: picks how a target is written (stdout, in
// place, or a temporary renamed into place) and turns every stream error
// into a message, clearing it so that raw_fd_ostream's destructor does not
// abort the process.
//
//===----------------------------------------------------------------------===//

#include "OutputFile.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"

#include <fmt/format.h>

using namespace tilec;
namespace fs = llvm::sys::fs;

std::string OutputFile::describe(std::error_code ec) const {
  return fmt::format("cannot write '{}': {}",
                     path == "-" ? std::string("<stdout>") : path,
                     ec.message());
}

std::unique_ptr<OutputFile> OutputFile::open(llvm::StringRef path,
                                             std::string &error) {
  std::unique_ptr<OutputFile> out(new OutputFile(path.str()));
  std::error_code ec;
  fs::file_status st;
  bool exists = !fs::status(path, st, /*Follow=*/true) && fs::exists(st);
  if (path == "-" || (exists && !fs::is_regular_file(st))) {
    // stdout, /dev/null, a FIFO, a terminal: no temporary can stand in for
    // them, and renaming over a device would replace the device.
    out->stream = std::make_unique<llvm::raw_fd_ostream>(path, ec);
    out->inPlace = true;
    if (ec) {
      error = out->describe(ec);
      out->stream->clear_error();
      return nullptr;
    }
    return out;
  }
  // A link to a regular file stays a link: the temporary goes beside the
  // file it points to.
  llvm::SmallString<256> target(path);
  fs::file_status linkStatus;
  if (exists && !fs::status(path, linkStatus, /*Follow=*/false) &&
      fs::is_symlink_file(linkStatus))
    if (fs::real_path(path, target))
      target = path;
  llvm::ErrorOr<fileio::AtomicFile> temp = fileio::AtomicFile::create(target);
  if (!temp) {
    error = out->describe(temp.getError());
    return nullptr;
  }
  out->temp.emplace(std::move(*temp));
  out->stream = std::make_unique<llvm::raw_fd_ostream>(out->temp->getFD(),
                                                       /*shouldClose=*/false);
  return out;
}

OutputFile::~OutputFile() {
  if (!stream)
    return;
  // Errors here are moot (the compile failed or finish() reported them);
  // unchecked they would abort in raw_fd_ostream's destructor. What a
  // temporary receives is removed with it.
  stream->flush();
  stream->clear_error();
  stream.reset();
}

bool OutputFile::finish(std::string &error) {
  stream->flush();
  if (stream->has_error()) {
    error = describe(stream->error());
    stream->clear_error();
    // A temporary that holds a partial output goes now.
    temp.reset();
    return false;
  }
  if (temp) {
    if (std::error_code ec = temp->close()) {
      error = describe(ec);
      temp.reset();
      return false;
    }
  }
  return true;
}

bool OutputFile::keep(std::string &error) {
  if (!temp)
    return true;
  std::error_code ec = temp->commit();
  temp.reset();
  if (ec) {
    error = describe(ec);
    return false;
  }
  return true;
}
