//===- Ptxas.cpp - PTX to cubin through ptxas -------------------*- C++ -*-===//
//
// The second half of tilec's back end: find the CUDA toolkit's `ptxas`, run it
// on PTX through temporary files, and read each kernel's registers, spills,
// stack and memory from its `-v` report.
//
//===----------------------------------------------------------------------===//

#include "tilec/Target.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FileUtilities.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"

using namespace tilec;

static constexpr llvm::StringLiteral kDefaultPtxas =
    "/usr/local/cuda/bin/ptxas";

static llvm::Error makeError(const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
}

//===----------------------------------------------------------------------===//
// The -v report
//===----------------------------------------------------------------------===//

/// Parses the items of a comma-separated ptxas line: "24 registers",
/// "used 1 barriers", "4096 bytes smem", "364 bytes cmem[0]". Calls
/// `onItem(value, unit)` with the unit after the number (and after "bytes").
template <typename Fn>
static void forEachItem(llvm::StringRef line, Fn onItem) {
  llvm::SmallVector<llvm::StringRef> items;
  line.split(items, ',');
  for (llvm::StringRef item : items) {
    item = item.trim();
    (void)(item.consume_front("Used ") || item.consume_front("used "));
    auto [number, unit] = item.split(' ');
    long long value = 0;
    if (number.getAsInteger(10, value))
      continue;
    unit = unit.trim();
    (void)unit.consume_front("bytes ");
    onItem(static_cast<int>(value), unit.trim());
  }
}

std::vector<KernelResources> tilec::parsePtxasInfo(llvm::StringRef log) {
  std::vector<KernelResources> kernels;
  constexpr size_t none = ~size_t(0);
  // The kernel the last "Compiling entry function" line began, which the
  // "Used N registers" line that follows describes.
  size_t current = none;
  // The kernel the last "Function properties for NAME" line named, whose
  // stack and spills the next line gives; none for a device function.
  size_t properties = none;

  llvm::SmallVector<llvm::StringRef> lines;
  log.split(lines, '\n');
  for (llvm::StringRef line : lines) {
    line = line.trim();
    llvm::StringRef rest = line;
    if (rest.consume_front("ptxas info")) {
      rest = rest.ltrim();
      if (!rest.consume_front(":"))
        continue;
      rest = rest.trim();
    } else if (!line.contains("bytes stack frame")) {
      properties = none;
      continue;
    }

    if (rest.consume_front("Compiling entry function '")) {
      KernelResources kernel;
      kernel.name = rest.take_until([](char c) { return c == '\''; }).str();
      kernels.push_back(std::move(kernel));
      current = kernels.size() - 1;
      properties = none;
      continue;
    }
    if (rest.consume_front("Function properties for ")) {
      llvm::StringRef name = rest.trim();
      properties = none;
      for (size_t i = kernels.size(); i-- > 0;) {
        if (kernels[i].name == name) {
          properties = i;
          break;
        }
      }
      continue;
    }
    if (rest.contains("bytes stack frame")) {
      if (properties == none)
        continue;
      KernelResources &kernel = kernels[properties];
      forEachItem(rest, [&](int value, llvm::StringRef unit) {
        if (unit == "stack frame")
          kernel.stackFrame = value;
        else if (unit == "spill stores")
          kernel.spillStores = value;
        else if (unit == "spill loads")
          kernel.spillLoads = value;
      });
      properties = none;
      continue;
    }
    properties = none;
    if (rest.starts_with("Used ") && current != none) {
      KernelResources &kernel = kernels[current];
      kernel.constBytes = 0;
      forEachItem(rest, [&](int value, llvm::StringRef unit) {
        if (unit == "registers")
          kernel.registers = value;
        else if (unit == "barriers")
          kernel.barriers = value;
        else if (unit == "smem")
          kernel.sharedBytes = value;
        else if (unit.starts_with("cmem["))
          kernel.constBytes += value;
      });
      // Later lines (module-level "gmem" and "cmem") belong to no kernel.
      current = none;
    }
  }
  return kernels;
}

//===----------------------------------------------------------------------===//
// Running ptxas
//===----------------------------------------------------------------------===//

static bool isExecutableFile(const llvm::Twine &path) {
  return llvm::sys::fs::is_regular_file(path) &&
         llvm::sys::fs::can_execute(path);
}

llvm::Expected<std::string> tilec::findPtxas(const TargetOptions &options) {
  if (!options.ptxasPath.empty()) {
    if (!isExecutableFile(options.ptxasPath))
      return makeError("ptxas '" + options.ptxasPath +
                       "' is not an executable file");
    return options.ptxasPath;
  }
  if (std::optional<std::string> env =
          llvm::sys::Process::GetEnv("TILEC_PTXAS");
      env && !env->empty()) {
    if (!isExecutableFile(*env))
      return makeError("TILEC_PTXAS names '" + *env +
                       "', which is not an executable file");
    return *env;
  }
  if (isExecutableFile(kDefaultPtxas))
    return kDefaultPtxas.str();
  if (llvm::ErrorOr<std::string> onPath = llvm::sys::findProgramByName("ptxas"))
    return *onPath;
  return makeError("cannot find ptxas: set TILEC_PTXAS, install the CUDA "
                   "toolkit in /usr/local/cuda or put ptxas on PATH");
}

/// Creates an empty temporary file `tilec-%%%%%%.<suffix>`.
static llvm::Expected<std::string> createTempFile(llvm::StringRef suffix) {
  llvm::SmallString<128> path;
  if (std::error_code ec =
          llvm::sys::fs::createTemporaryFile("tilec", suffix, path))
    return makeError("cannot create a temporary ." + suffix +
                     " file: " + ec.message());
  return std::string(path.str());
}

static llvm::Expected<std::string> readFile(llvm::StringRef path) {
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> buffer =
      llvm::MemoryBuffer::getFile(path, /*IsText=*/false,
                                  /*RequiresNullTerminator=*/false);
  if (!buffer)
    return makeError("cannot read '" + path +
                     "': " + buffer.getError().message());
  return (*buffer)->getBuffer().str();
}

/// One run of ptxas on `ptx`.
static llvm::Expected<CubinResult> runPtxas(llvm::StringRef ptx,
                                            const TargetOptions &options,
                                            const GpuArch *arch) {
  llvm::Expected<std::string> ptxas = findPtxas(options);
  if (!ptxas)
    return ptxas.takeError();

  // The input, the output and the log, removed whatever happens.
  llvm::Expected<std::string> ptxPath = createTempFile("ptx");
  if (!ptxPath)
    return ptxPath.takeError();
  llvm::FileRemover removePtx(*ptxPath);
  llvm::Expected<std::string> cubinPath = createTempFile("cubin");
  if (!cubinPath)
    return cubinPath.takeError();
  llvm::FileRemover removeCubin(*cubinPath);
  llvm::Expected<std::string> logPath = createTempFile("log");
  if (!logPath)
    return logPath.takeError();
  llvm::FileRemover removeLog(*logPath);

  {
    std::error_code ec;
    llvm::raw_fd_ostream os(*ptxPath, ec);
    if (!ec) {
      os << ptx;
      os.close();
      ec = os.error();
      // Checked here; unchecked, the stream's destructor would abort with
      // "LLVM ERROR: IO failure on output stream" (a full $TMPDIR).
      os.clear_error();
    }
    if (ec)
      return makeError("cannot write '" + *ptxPath + "': " + ec.message());
  }

  std::string gpuName = "--gpu-name=" + arch->name.str();
  std::string optFlag = "-O" + std::to_string(options.optLevel);
  llvm::SmallVector<llvm::StringRef> args = {*ptxas, gpuName, "-v", optFlag};
  if (!options.fpFusion)
    args.push_back("--fmad=false");
  args.append({*ptxPath, "-o", *cubinPath});
  // stdout and stderr share the log (ptxas prints its report to stderr).
  std::optional<llvm::StringRef> redirects[] = {llvm::StringRef(""),
                                                llvm::StringRef(*logPath),
                                                llvm::StringRef(*logPath)};
  std::string message;
  bool executionFailed = false;
  int status = llvm::sys::ExecuteAndWait(
      *ptxas, args, /*Env=*/std::nullopt, redirects, /*SecondsToWait=*/0,
      /*MemoryLimit=*/0, &message, &executionFailed);
  if (executionFailed || status < 0)
    return makeError("cannot run ptxas '" + *ptxas +
                     "': " + (message.empty() ? "unknown error" : message));

  llvm::Expected<std::string> log = readFile(*logPath);
  if (!log)
    return log.takeError();
  // Name the input the same way each time, not by its temporary path.
  std::string cleanLog = llvm::StringRef(*log).rtrim().str();
  for (size_t pos = 0;
       (pos = cleanLog.find(*ptxPath, pos)) != std::string::npos;)
    cleanLog.replace(pos, ptxPath->size(), "<ptx>");
  if (status != 0)
    return makeError(llvm::formatv("ptxas failed for {0} (exit code {1}):\n{2}",
                                   arch->name, status, cleanLog));

  llvm::Expected<std::string> cubin = readFile(*cubinPath);
  if (!cubin)
    return cubin.takeError();
  if (!llvm::StringRef(*cubin).starts_with("\x7f"
                                           "ELF"))
    return makeError("ptxas wrote '" + *cubinPath +
                     "', which is not an ELF "
                     "file");

  CubinResult result;
  result.cubin = std::move(*cubin);
  result.kernels = parsePtxasInfo(cleanLog);
  result.log = std::move(cleanLog);
  result.ptx = ptx.str();
  return result;
}

namespace {
/// What one multiprocessor holds (GpuArch's figures): 64K registers each,
/// threads, CTAs and shared memory per SM.
struct SMLimits {
  int maxThreads, maxCtas, sharedBytes;
};
} // namespace

static SMLimits getSMLimits(const GpuArch &arch) {
  return {int(arch.maxThreadsPerSM), int(arch.maxCtasPerSM),
          int(arch.sharedBytesPerSM)};
}

/// The threads per CTA a PTX kernel declares with `.reqntid`, or 0.
static int getRequiredThreads(llvm::StringRef ptx, size_t *lineEnd) {
  size_t pos = ptx.find(".reqntid ");
  if (pos == llvm::StringRef::npos)
    return 0;
  size_t end = ptx.find('\n', pos);
  llvm::StringRef dims = ptx.slice(pos + 9, end).trim();
  int threads = 1;
  for (llvm::StringRef d : llvm::split(dims, ',')) {
    int v = 0;
    if (d.trim().getAsInteger(10, v) || v <= 0)
      return 0;
    threads *= v;
  }
  *lineEnd = end;
  return threads;
}

/// How many CTAs of `kernel` fit on one multiprocessor by registers alone,
/// and by everything else (threads, CTA slots, shared memory).
static std::pair<int, int> getCtasPerSM(const KernelResources &kernel,
                                        int threads, const SMLimits &sm,
                                        int dynamicSharedBytes) {
  // Registers are allocated per warp in blocks of 256 (8 a thread).
  int regs = std::max(8, (kernel.registers + 7) / 8 * 8);
  int byRegs = 65536 / (regs * threads);
  int other = std::min(sm.maxThreads / threads, sm.maxCtas);
  int shared = kernel.sharedBytes + dynamicSharedBytes;
  if (shared > 0) // 1 KiB of each CTA's is the system's.
    other = std::min(other, sm.sharedBytes / (shared + 1024));
  return {byRegs, other};
}

llvm::Expected<CubinResult> tilec::assembleCubin(llvm::StringRef ptx,
                                                 const TargetOptions &options) {
  llvm::Expected<GpuArch> arch = parseArch(options.arch);
  if (!arch)
    return arch.takeError();
  if (options.optLevel < 0 || options.optLevel > 3)
    return makeError(llvm::formatv(
        "invalid optimization level {0}, expected 0 to 3", options.optLevel));
  llvm::Expected<CubinResult> result = runPtxas(ptx, options, &*arch);
  if (!result || !options.tuneOccupancy || result->kernels.size() != 1)
    return result;
  // A warp-specialized kernel's registers are set by .maxnreg and moved
  // between its roles by setmaxnreg: no room for .minnctapersm.
  if (ptx.contains(".maxnreg"))
    return result;

  // One CTA more per multiprocessor, if registers are the limit and ptxas
  // can give it without local memory.
  size_t lineEnd = 0;
  int threads = getRequiredThreads(ptx, &lineEnd);
  if (threads == 0)
    return result;
  const KernelResources &first = result->kernels.front();
  auto [byRegs, other] = getCtasPerSM(first, threads, getSMLimits(*arch),
                                      options.dynamicSharedBytes);
  if (byRegs == 0 || byRegs >= other)
    return result;
  int target = byRegs + 1;
  std::string tunedPtx = (ptx.take_front(lineEnd) + "\n.minnctapersm " +
                          llvm::Twine(target) + ptx.drop_front(lineEnd))
                             .str();
  llvm::Expected<CubinResult> tuned = runPtxas(tunedPtx, options, &*arch);
  if (!tuned) {
    llvm::consumeError(tuned.takeError());
    return result;
  }
  if (tuned->kernels.size() != 1)
    return result;
  KernelResources &k = tuned->kernels.front();
  if (k.spillStores || k.spillLoads || k.stackFrame ||
      getCtasPerSM(k, threads, getSMLimits(*arch), options.dynamicSharedBytes)
              .first < target)
    return result;
  k.minCtasPerSM = target;
  return tuned;
}
