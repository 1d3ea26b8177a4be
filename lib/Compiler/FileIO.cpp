//===- FileIO.cpp - Files read and written on an untrusted disk -*- C++ -*-===//
//
// RegularFile and AtomicFile of FileIO.h, over POSIX calls: LLVM's file
// helpers follow links, block on FIFOs and (raw_fd_ostream) abort the
// process on an unchecked write error, which is what this file avoids.
//
//===----------------------------------------------------------------------===//

#include "Compiler/FileIO.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"

#include <cerrno>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

using namespace tilec::fileio;

static std::error_code lastError() {
  return std::error_code(errno, std::generic_category());
}

//===----------------------------------------------------------------------===//
// RegularFile
//===----------------------------------------------------------------------===//

llvm::ErrorOr<RegularFile> RegularFile::open(llvm::StringRef path) {
  std::string p = path.str();
  auto notRegular = std::make_error_code(std::errc::invalid_argument);
  // lstat first, so that a device or FIFO is never opened at all (opening
  // a device can have effects of its own).
  struct stat st;
  if (::lstat(p.c_str(), &st) != 0)
    return lastError();
  if (!S_ISREG(st.st_mode))
    return notRegular;
  // The path may be replaced between lstat and open: O_NOFOLLOW refuses a
  // link that appeared since (ELOOP), O_NONBLOCK keeps a FIFO from blocking
  // the open, and fstat checks what was opened.
  int fd;
  do
    fd = ::open(p.c_str(), O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
  while (fd < 0 && errno == EINTR);
  if (fd < 0)
    return errno == ELOOP ? notRegular : lastError();
  if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
    ::close(fd);
    return notRegular;
  }
  return RegularFile(fd, static_cast<uint64_t>(st.st_size));
}

RegularFile::RegularFile(RegularFile &&other) noexcept
    : fd(other.fd), size(other.size) {
  other.fd = -1;
}

RegularFile::~RegularFile() {
  if (fd >= 0)
    ::close(fd);
}

std::error_code RegularFile::read(size_t n, std::string &out) {
  size_t start = out.size();
  out.resize(start + n);
  size_t done = 0;
  while (done < n) {
    ssize_t r = ::read(fd, out.data() + start + done, n - done);
    if (r < 0 && errno == EINTR)
      continue;
    if (r <= 0) {
      std::error_code ec =
          r < 0 ? lastError() : std::make_error_code(std::errc::io_error);
      out.resize(start);
      return ec;
    }
    done += static_cast<size_t>(r);
  }
  return {};
}

//===----------------------------------------------------------------------===//
// Writing
//===----------------------------------------------------------------------===//

std::error_code tilec::fileio::writeAll(int fd, llvm::StringRef bytes) {
  while (!bytes.empty()) {
    ssize_t w = ::write(fd, bytes.data(), bytes.size());
    if (w < 0 && errno == EINTR)
      continue;
    if (w < 0)
      return lastError();
    if (w == 0)
      return std::make_error_code(std::errc::io_error);
    bytes = bytes.drop_front(static_cast<size_t>(w));
  }
  return {};
}

llvm::ErrorOr<AtomicFile> AtomicFile::create(llvm::StringRef path) {
  llvm::SmallString<256> temp;
  int fd;
  if (std::error_code ec =
          llvm::sys::fs::createUniqueFile(path + ".tmp-%%%%%%%%", fd, temp))
    return ec;
  // No llvm::sys::RemoveFileOnSignal here: in a library it would install
  // LLVM's handlers for SIGINT, SIGSEGV and the rest process-wide, on the
  // first cache write, in whatever thread made it (a PyTorch host's own
  // handlers then run behind LLVM's), and give that thread an alternate
  // signal stack from malloc that ASan's thread exit tries to munmap. A
  // process killed mid-write leaves one `.tmp-` file, which no reader opens
  // and the next writer of the entry does not need.
  return AtomicFile(fd, path.str(), std::string(temp));
}

AtomicFile::AtomicFile(AtomicFile &&other) noexcept
    : fd(other.fd), path(std::move(other.path)),
      tempPath(std::move(other.tempPath)) {
  other.fd = -1;
  other.tempPath.clear();
}

AtomicFile::~AtomicFile() { discard(); }

void AtomicFile::discard() {
  if (fd >= 0)
    ::close(fd);
  fd = -1;
  if (tempPath.empty())
    return;
  llvm::sys::fs::remove(tempPath);
  tempPath.clear();
}

std::error_code AtomicFile::close() {
  if (fd < 0)
    return tempPath.empty()
               ? std::make_error_code(std::errc::bad_file_descriptor)
               : std::error_code();
  // On Linux the descriptor is released even when close fails with EINTR,
  // and nothing was lost; any other failure is a lost write.
  int rc = ::close(fd);
  fd = -1;
  if (rc != 0 && errno != EINTR) {
    std::error_code ec = lastError();
    discard();
    return ec;
  }
  return {};
}

std::error_code AtomicFile::commit() {
  if (std::error_code ec = close())
    return ec;
  if (std::error_code ec = llvm::sys::fs::rename(tempPath, path)) {
    discard();
    return ec;
  }
  tempPath.clear();
  return {};
}

std::error_code tilec::fileio::writeFileAtomically(llvm::StringRef path,
                                                   llvm::StringRef bytes) {
  llvm::ErrorOr<AtomicFile> file = AtomicFile::create(path);
  if (!file)
    return file.getError();
  if (std::error_code ec = file->write(bytes))
    return ec;
  return file->commit();
}
