//===- OutputFile.h - tilec's outputs, whole or not at all ------*- C++ -*-===//
//
// Where `tilec -o PATH` (and NAME.h/NAME.c of --emit=c-launcher) writes. A
// regular file is written to a temporary file beside it and renamed over it
// only when the compile succeeded and every byte reached the disk, so a
// failed compile or a full disk leaves no file behind and an existing file
// as it was. Targets that are not regular files (`-` for stdout, /dev/null,
// a FIFO) are written in place. Every write error, /dev/full's included, is
// reported as tilec's own "cannot write 'PATH': REASON", never as LLVM's
// abort on an unchecked stream error.
//
//===----------------------------------------------------------------------===//

#ifndef TILEC_TOOLS_TILEC_OUTPUTFILE_H
#define TILEC_TOOLS_TILEC_OUTPUTFILE_H

#include "Compiler/FileIO.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/raw_ostream.h"

#include <memory>
#include <optional>
#include <string>

namespace tilec {

class OutputFile {
public:
  /// Opens `path` for writing now, so that an unwritable target is
  /// reported before the compile: "-" is stdout; a path that exists and is
  /// not a regular file is opened in place; anything else gets a temporary
  /// beside it (beside the file a link points to, for a link). Null with
  /// "cannot write 'PATH': REASON" in `error` when it cannot.
  static std::unique_ptr<OutputFile> open(llvm::StringRef path,
                                          std::string &error);

  /// Without keep(): a temporary is removed, a target written in place gets
  /// what was written (a split test's stdout keeps its passing chunks).
  ~OutputFile();

  llvm::raw_ostream &os() { return *stream; }

  /// Writes out what is buffered and closes a temporary; false with the
  /// error when any write failed.
  bool finish(std::string &error);
  /// Renames the temporary over the target (after finish).
  bool keep(std::string &error);
  bool commit(std::string &error) { return finish(error) && keep(error); }

private:
  OutputFile(std::string path) : path(std::move(path)) {}
  /// "cannot write 'PATH': REASON".
  std::string describe(std::error_code ec) const;

  std::string path;
  /// The temporary, for a regular target.
  std::optional<fileio::AtomicFile> temp;
  /// Writes into the temporary or the target itself; destroyed before the
  /// temporary, whose descriptor it borrows.
  std::unique_ptr<llvm::raw_fd_ostream> stream;
  /// Written in place rather than through a temporary.
  bool inPlace = false;
};

} // namespace tilec

#endif // TILEC_TOOLS_TILEC_OUTPUTFILE_H
