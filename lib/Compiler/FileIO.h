//===- FileIO.h - Files read and written on an untrusted disk ---*- C++ -*-===//
//
// File access for the kernel cache and tilec's outputs, where the file
// system is not trusted: a cache entry may be a link to /dev/zero, a FIFO or
// a file of any size, and a disk may fill up, hit a quota or fail in the
// middle of a write. RegularFile opens without following links or blocking
// and accepts only regular files; AtomicFile writes a temporary file beside
// the target and renames it over the target only when every byte is
// written, removing it otherwise. Errors come back as values: nothing here
// aborts the process.
//
// POSIX only, like the rest of tilec (CUDA's driver and ptxas).
//
//===----------------------------------------------------------------------===//

#ifndef TILEC_LIB_COMPILER_FILEIO_H
#define TILEC_LIB_COMPILER_FILEIO_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/ErrorOr.h"

#include <cstdint>
#include <string>
#include <system_error>

namespace tilec::fileio {

/// A regular file open for reading; closed on destruction.
class RegularFile {
public:
  /// Opens `path` if it is a regular file. A symbolic link (to anything,
  /// even a regular file), a FIFO, a socket, a device or a directory is
  /// refused with std::errc::invalid_argument without being followed, opened
  /// for long or blocked on; a missing file is no_such_file_or_directory.
  static llvm::ErrorOr<RegularFile> open(llvm::StringRef path);

  RegularFile(RegularFile &&other) noexcept;
  RegularFile &operator=(RegularFile &&other) = delete;
  RegularFile(const RegularFile &) = delete;
  ~RegularFile();

  /// The size the file had when it was opened.
  uint64_t getSize() const { return size; }

  /// Appends the next `n` bytes to `out`; io_error when the file ends
  /// before them (another process truncated it).
  std::error_code read(size_t n, std::string &out);

private:
  RegularFile(int fd, uint64_t size) : fd(fd), size(size) {}
  int fd = -1;
  uint64_t size = 0;
};

/// Writes all of `bytes` to `fd`, through short writes and EINTR.
std::error_code writeAll(int fd, llvm::StringRef bytes);

/// A file that appears under its name whole or not at all: a new temporary
/// file beside the target that commit() renames over it. Destroyed without
/// a commit, or after one that failed, it leaves the target as it was and
/// no temporary behind (a process killed meanwhile leaves the temporary:
/// no signal handlers are installed for it, FileIO.cpp says why).
class AtomicFile {
public:
  /// Creates the temporary `<path>.tmp-XXXXXXXX` (mode 0666 less the umask,
  /// as a plain create would give).
  static llvm::ErrorOr<AtomicFile> create(llvm::StringRef path);

  AtomicFile(AtomicFile &&other) noexcept;
  AtomicFile &operator=(AtomicFile &&other) = delete;
  AtomicFile(const AtomicFile &) = delete;
  ~AtomicFile();

  /// The temporary's descriptor, for a stream that writes into it.
  int getFD() const { return fd; }
  const std::string &getTempPath() const { return tempPath; }

  /// Appends `bytes` to the temporary.
  std::error_code write(llvm::StringRef bytes) { return writeAll(fd, bytes); }

  /// Closes the temporary: a close can report a failed write-back (NFS, a
  /// quota). On an error the temporary is removed.
  std::error_code close();

  /// Closes the temporary if it is still open and renames it over the
  /// target. On any error the temporary is removed and the target untouched.
  std::error_code commit();

private:
  AtomicFile(int fd, std::string path, std::string tempPath)
      : fd(fd), path(std::move(path)), tempPath(std::move(tempPath)) {}
  /// Closes and removes the temporary, if any is left.
  void discard();
  int fd = -1;
  std::string path;
  std::string tempPath;
};

/// Writes `bytes` to `path` through an AtomicFile.
std::error_code writeFileAtomically(llvm::StringRef path,
                                    llvm::StringRef bytes);

} // namespace tilec::fileio

#endif // TILEC_LIB_COMPILER_FILEIO_H
