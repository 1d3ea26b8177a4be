//===- AutotuneChoices.cpp - Autotuning choices on disk ---------*- C++ -*-===//
//
// The ChoiceCache of include/tilec/Autotune.h. A choice file is a few lines
// of text, so that `cat` shows what was chosen and why:
//
//   tilec-autotune-choice 1
//   key 3f9c...                         (the 64-hex-digit choice key)
//   index 1
//   config BLOCK_M=64, BLOCK_N=128, ..., num_warps=4, num_stages=3
//   time_ms 0.0123
//   checksum 0123456789abcdef           (xxh3-64 of the lines above)
//
// Read and written like kernel cache entries (Compiler/FileIO.h): only a
// regular file is read, never a link, FIFO or device, and no more than
// kMaxChoiceBytes of it; a write goes to a unique temporary file in the same
// directory, renamed over the old file only when every byte was written.
//
//===----------------------------------------------------------------------===//

#include "tilec/Autotune.h"

#include "Compiler/FileIO.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Support/xxhash.h"

#include <fmt/format.h>

#include <cmath>

using namespace tilec;
using namespace tilec::autotune;

namespace {
constexpr llvm::StringLiteral kHeader = "tilec-autotune-choice 1";
} // namespace

std::string ChoiceCache::serialize(llvm::StringRef key, const StoredChoice &c) {
  std::string body =
      fmt::format("{}\nkey {}\nindex {}\nconfig {}\ntime_ms {:.9g}\n",
                  kHeader.str(), key.str(), c.index, c.config, c.timeMs);
  return body + fmt::format("checksum {:016x}\n", llvm::xxh3_64bits(body));
}

llvm::Expected<StoredChoice> ChoiceCache::deserialize(llvm::StringRef text,
                                                      llvm::StringRef key) {
  auto bad = [](llvm::StringRef why) {
    return llvm::createStringError("corrupt autotune choice: " + why);
  };
  size_t sumAt = text.rfind("checksum ");
  if (sumAt == llvm::StringRef::npos)
    return bad("no checksum");
  llvm::StringRef body = text.take_front(sumAt);
  uint64_t sum = 0;
  if (text.drop_front(sumAt + 9).rtrim('\n').getAsInteger(16, sum) ||
      sum != llvm::xxh3_64bits(body))
    return bad("checksum mismatch");

  llvm::SmallVector<llvm::StringRef, 8> lines;
  body.rtrim('\n').split(lines, '\n');
  if (lines.size() != 5 || lines[0] != kHeader)
    return bad("unexpected header or line count");
  auto field = [&](size_t i, llvm::StringRef name) -> llvm::StringRef {
    llvm::StringRef line = lines[i];
    if (!line.consume_front(name) || !line.consume_front(" "))
      return {};
    return line;
  };
  if (field(1, "key") != key)
    return bad("choice is for another key");
  StoredChoice c;
  unsigned long long index;
  if (field(2, "index").getAsInteger(10, index))
    return bad("bad index");
  c.index = static_cast<size_t>(index);
  c.config = field(3, "config").str();
  if (c.config.empty())
    return bad("no config");
  if (field(4, "time_ms").getAsDouble(c.timeMs) || !std::isfinite(c.timeMs) ||
      c.timeMs < 0)
    return bad("bad time");
  return c;
}

ChoiceCache::ChoiceCache(std::string directory)
    : directory(std::move(directory)) {}

std::string ChoiceCache::getPath(llvm::StringRef key) const {
  std::lock_guard<std::mutex> lock(mutex);
  if (directory.empty())
    return {};
  llvm::SmallString<256> path(directory);
  llvm::sys::path::append(path, key + ".choice");
  return std::string(path);
}

ChoiceStats ChoiceCache::getStats() const {
  std::lock_guard<std::mutex> lock(mutex);
  return stats;
}

std::optional<StoredChoice> ChoiceCache::lookup(llvm::StringRef key) {
  {
    std::lock_guard<std::mutex> lock(mutex);
    if (auto it = memory.find(key); it != memory.end()) {
      ++stats.memoryHits;
      return it->second;
    }
  }
  std::string path = getPath(key);
  auto miss = [&](bool corrupt) -> std::optional<StoredChoice> {
    std::lock_guard<std::mutex> lock(mutex);
    ++stats.misses;
    stats.corruptFiles += corrupt;
    return std::nullopt;
  };
  if (path.empty())
    return miss(false);
  // A few lines of text; anything longer is not a choice file.
  constexpr uint64_t kMaxChoiceBytes = 64 * 1024;
  llvm::ErrorOr<fileio::RegularFile> file = fileio::RegularFile::open(path);
  if (!file)
    return miss(file.getError() != std::errc::no_such_file_or_directory &&
                file.getError() != std::errc::not_a_directory);
  std::string bytes;
  if (file->getSize() > kMaxChoiceBytes ||
      file->read(static_cast<size_t>(file->getSize()), bytes))
    return miss(true);
  llvm::Expected<StoredChoice> c = deserialize(bytes, key);
  if (!c) {
    // Never trusted: the caller re-tunes and overwrites it.
    llvm::consumeError(c.takeError());
    return miss(true);
  }
  std::lock_guard<std::mutex> lock(mutex);
  ++stats.diskHits;
  memory[key.str()] = *c;
  return *c;
}

void ChoiceCache::store(llvm::StringRef key, const StoredChoice &choice) {
  {
    std::lock_guard<std::mutex> lock(mutex);
    memory[key.str()] = choice;
  }
  std::string path = getPath(key);
  if (path.empty())
    return;
  auto fail = [&](const std::string &why) {
    std::lock_guard<std::mutex> lock(mutex);
    ++stats.writeFailures;
    llvm::errs() << fmt::format("tilec: warning: autotune choice directory "
                                "'{}' is not usable ({}); keeping choices "
                                "in memory only\n",
                                directory, why);
    directory.clear();
  };
  llvm::SmallString<256> dir(path);
  llvm::sys::path::remove_filename(dir);
  if (std::error_code ec = llvm::sys::fs::create_directories(dir))
    return fail(ec.message());
  // A reader (another thread or process) sees the old file, the new one or
  // none, never a partial one; a failed write leaves no temporary.
  if (std::error_code ec =
          fileio::writeFileAtomically(path, serialize(key, choice)))
    return fail(ec.message());
}
