//===- bench_host.cpp - Time tilec-compiled kernels on a GPU ----*- C++ -*-===//
//
// tilec-bench-host [--runs N] [--warmup N] [--filter TEXT] DIR
// tilec-bench-host --list
//
// The C++ side of the benchmark of issue #3 (bench/run_bench.py runs it and
// times the same kernels under Triton): loads the cubins that tilec compiled
// for examples/ (test/GPU/CMakeLists.txt names them), launches them through
// tilec's runtime (the driver API) and times each with CUDA events.
//
// Each case first runs once on every input set with its outputs poisoned:
// the whole output is scanned for NaN (unwritten elements) and checked
// against a float64 host reference (every element for vector add, 64 rows
// spread over the tensor for softmax and layer norm; y, mean and rstd), with
// the bounds of test/GPU/GpuHost.h. Then warm-up launches, then `--runs`
// launches each between two events, rotating over input sets whose total
// size is at least 4x the L2 (at least two sets), so that no launch finds
// its data in the L2 from the one before. Launches are queued back to back
// and the events read at the end, so host gaps are not timed.
//
// Prints one JSON object a line: {"meta": {...}} first, then one per case
// with its median, 10th and 90th percentile times and GB/s counting one
// read of each input and one write of each output. Exits 0 if every case ran
// and was correct, 1 if not, 77 with no driver or no GPU. `--list` prints
// the cases without touching a GPU. $TILEC_SEED fixes the inputs.
//
//===----------------------------------------------------------------------===//

#include "GpuHost.h"

#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

using namespace tilec::gpuhost;
using tilec::runtime::Dim3;
using tilec::runtime::Event;

namespace {

//===----------------------------------------------------------------------===//
// The cases (the same shapes as the Triton side of run_bench.py)
//===----------------------------------------------------------------------===//

struct BenchCase {
  std::string kernel;
  DType type;
  /// Vector add: one row of `cols` elements.
  int64_t rows, cols;
  int block, warps;
  /// True for the num_warps sweep, whose cubins name their warps.
  bool sweep = false;

  std::string getCubin() const {
    return getCubinName(kernel, type, kernel == "add_kernel" ? 0 : block, cols,
                        sweep ? warps : 0);
  }
  std::string getShape() const {
    if (kernel == "add_kernel")
      return std::to_string(cols);
    return llvm::formatv("{0}x{1}", rows, cols);
  }
  std::string getId() const {
    std::string id = llvm::formatv("{0}.{1}.{2}.b{3}", kernel, getName(type),
                                   getShape(), block);
    return sweep ? id + ".w" + std::to_string(warps) : id;
  }
  /// One read of each input and one write of each output.
  double getBytes() const {
    double n = double(rows) * cols, e = double(tilec::gpuhost::getBytes(type));
    if (kernel == "add_kernel")
      return 3 * n * e;
    if (llvm::StringRef(kernel).starts_with("layernorm"))
      return 2 * n * e + 2 * cols * e + 2 * rows * 4.0; // x,y; w,b; mean,rstd
    return 2 * n * e;
  }
};

std::vector<BenchCase> getCases() {
  std::vector<BenchCase> cases = {
      {"add_kernel", DType::F32, 1, int64_t(1) << 28, 1024, 4}};
  for (DType t : {DType::F32, DType::F16}) {
    cases.push_back({"softmax_kernel", t, 32768, 1024, 1024, 4});
    cases.push_back({"softmax_kernel", t, 8192, 8192, 8192, 8});
    cases.push_back({"softmax_kernel", t, 4096, 32768, 32768, 16});
    cases.push_back({"softmax_online_kernel", t, 4096, 32768, 1024, 4});
  }
  for (DType t : {DType::F16, DType::F32}) {
    cases.push_back({"layernorm_fwd_kernel", t, 16384, 4096, 4096, 8});
    cases.push_back({"layernorm_fwd_fused_kernel", t, 16384, 4096, 4096, 8});
  }
  // num_warps other than 8 for the one-pass layer norm, on both compilers:
  // the best configuration of each, not only the one chosen here.
  for (int warps : {4, 16})
    cases.push_back({"layernorm_fwd_fused_kernel", DType::F16, 16384, 4096,
                     4096, warps, /*sweep=*/true});
  return cases;
}

//===----------------------------------------------------------------------===//
// JSON
//===----------------------------------------------------------------------===//

std::string quote(llvm::StringRef s) {
  std::string out = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\')
      out += '\\', out += c;
    else if (c == '\n')
      out += "\\n";
    else if (static_cast<unsigned char>(c) < 0x20)
      out += ' ';
    else
      out += c;
  }
  return out + "\"";
}

/// A JSON number; NaN and infinities (not JSON) become null.
std::string number(double v) {
  if (!std::isfinite(v))
    return "null";
  char buf[32];
  std::snprintf(buf, sizeof(buf), "%.6g", v);
  return buf;
}

std::string describe(const BenchCase &c) {
  return llvm::formatv(
      "\"id\": {0}, \"kernel\": {1}, \"dtype\": {2}, "
      "\"shape\": {3}, \"rows\": {4}, \"cols\": {5}, "
      "\"block\": {6}, \"warps\": {7}, \"config\": {8}, "
      "\"bytes\": {9:f0}, \"cubin\": {10}",
      quote(c.getId()), quote(c.kernel), quote(getName(c.type)),
      quote(c.getShape()), c.rows, c.cols, c.block, c.warps,
      quote(llvm::formatv("BLOCK {0}, {1} warps", c.block, c.warps).str()),
      c.getBytes(), quote(c.getCubin()));
}

//===----------------------------------------------------------------------===//
// Workloads: a kernel, its input sets and its check
//===----------------------------------------------------------------------===//

/// Rows checked against the reference: the first, the last and 62 between.
std::vector<int64_t> sampleRows(int64_t rows) {
  std::vector<int64_t> out;
  for (int i = 0; i < 64; ++i)
    out.push_back(rows > 1 ? i * (rows - 1) / 63 : 0);
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

/// True if any element is NaN.
bool anyNaN(const std::vector<float> &v) {
  return std::any_of(v.begin(), v.end(), [](float x) { return std::isnan(x); });
}

class Workload {
public:
  Workload(const Device &device, Kernel kernel, const BenchCase &c)
      : device(device), kernel(std::move(kernel)), c(c) {}
  virtual ~Workload() = default;

  /// Allocates `sets` input and output sets and fills the inputs.
  virtual llvm::Error setUp(Random &rng, int sets) = 0;
  /// Launches the kernel on set `set` (asynchronous).
  virtual llvm::Error launch(int set) = 0;
  /// Poisons set `set`'s outputs, runs it and returns its error against
  /// the reference (NaN if any output element is NaN).
  virtual llvm::Expected<double> check(int set) = 0;
  /// The error bound of check().
  double getBound() const {
    if (c.kernel == "add_kernel")
      return c.type == DType::F16 ? kAddBoundF16 : kAddBoundF32;
    return c.type == DType::F16 ? kBoundF16 : kReduceBoundF32;
  }

protected:
  llvm::Error run(int set) {
    if (llvm::Error e = launch(set))
      return e;
    return device.synchronize();
  }

  const Device &device;
  Kernel kernel;
  BenchCase c;
};

/// add_kernel: out = x + y.
class VectorAdd : public Workload {
public:
  using Workload::Workload;

  llvm::Error setUp(Random &rng, int sets) override {
    x = rng.uniform(c.cols, -4, 4, c.type);
    y = rng.uniform(c.cols, -4, 4, c.type);
    for (int s = 0; s < sets; ++s) {
      for (auto *host : {&x, &y}) {
        auto buf = upload(device, *host, c.type);
        if (!buf)
          return buf.takeError();
        in.push_back(std::move(*buf));
      }
      auto o = allocPoisoned(device, c.cols, c.type);
      if (!o)
        return o.takeError();
      out.push_back(std::move(*o));
    }
    return llvm::Error::success();
  }

  llvm::Error launch(int set) override {
    CUdeviceptr px = in[2 * set].getDevicePtr(),
                py = in[2 * set + 1].getDevicePtr(),
                po = out[set].getDevicePtr();
    int32_t n = int32_t(c.cols);
    void *args[] = {&px, &py, &po, &n};
    return kernel.launch(Dim3((c.cols + c.block - 1) / c.block),
                         Dim3(c.warps * 32), 0, nullptr, args);
  }

  llvm::Expected<double> check(int set) override {
    if (llvm::Error e = poison(out[set], c.type))
      return std::move(e);
    if (llvm::Error e = run(set))
      return std::move(e);
    auto o = download(out[set], c.cols, c.type);
    if (!o)
      return o.takeError();
    ErrorMeter meter;
    std::vector<double> ref(c.block);
    for (int64_t start = 0; start < c.cols; start += c.block) {
      int64_t len = std::min<int64_t>(c.block, c.cols - start);
      for (int64_t i = 0; i < len; ++i)
        ref[i] = double(x[start + i]) + y[start + i];
      meter.add(o->data() + start, ref.data(), len);
    }
    return meter.get();
  }

private:
  std::vector<float> x, y;
  std::vector<DeviceBuffer> in, out;
};

/// softmax_kernel or softmax_online_kernel on contiguous rows.
class Softmax : public Workload {
public:
  using Workload::Workload;

  llvm::Error setUp(Random &rng, int sets) override {
    x = rng.uniform(size_t(c.rows) * c.cols, -6, 6, c.type);
    for (int s = 0; s < sets; ++s) {
      auto i = upload(device, x, c.type);
      if (!i)
        return i.takeError();
      in.push_back(std::move(*i));
      auto o = allocPoisoned(device, size_t(c.rows) * c.cols, c.type);
      if (!o)
        return o.takeError();
      out.push_back(std::move(*o));
    }
    return llvm::Error::success();
  }

  llvm::Error launch(int set) override {
    CUdeviceptr pi = in[set].getDevicePtr(), po = out[set].getDevicePtr();
    int32_t stride = int32_t(c.cols), n = int32_t(c.cols);
    void *args[] = {&po, &pi, &stride, &stride, &n};
    return kernel.launch(Dim3(c.rows), Dim3(c.warps * 32), 0, nullptr, args);
  }

  llvm::Expected<double> check(int set) override {
    if (llvm::Error e = poison(out[set], c.type))
      return std::move(e);
    if (llvm::Error e = run(set))
      return std::move(e);
    auto o = download(out[set], size_t(c.rows) * c.cols, c.type);
    if (!o)
      return o.takeError();
    if (anyNaN(*o))
      return NAN;
    ErrorMeter meter;
    std::vector<double> ref(c.cols);
    for (int64_t r : sampleRows(c.rows)) {
      softmaxRow(x.data() + r * c.cols, c.cols, ref.data());
      meter.add(o->data() + r * c.cols, ref.data(), c.cols);
    }
    return meter.get();
  }

private:
  std::vector<float> x;
  std::vector<DeviceBuffer> in, out;
};

/// layernorm_fwd_kernel and layernorm_fwd_fused_kernel (same arguments):
/// y, mean and rstd of contiguous rows.
class LayerNorm : public Workload {
public:
  using Workload::Workload;

  llvm::Error setUp(Random &rng, int sets) override {
    x = rng.uniform(size_t(c.rows) * c.cols, -2, 4, c.type);
    w = rng.uniform(c.cols, 0.5, 1.5, c.type);
    b = rng.uniform(c.cols, -1, 1, c.type);
    for (int s = 0; s < sets; ++s) {
      Set set;
      for (auto [host, buf] : {std::pair{&x, &set.x}, std::pair{&w, &set.w},
                               std::pair{&b, &set.b}}) {
        auto up = upload(device, *host, c.type);
        if (!up)
          return up.takeError();
        buf->emplace(std::move(*up));
      }
      for (auto [n, t, buf] :
           {std::tuple{size_t(c.rows) * c.cols, c.type, &set.y},
            std::tuple{size_t(c.rows), DType::F32, &set.mean},
            std::tuple{size_t(c.rows), DType::F32, &set.rstd}}) {
        auto p = allocPoisoned(device, n, t);
        if (!p)
          return p.takeError();
        buf->emplace(std::move(*p));
      }
      this->sets.push_back(std::move(set));
    }
    return llvm::Error::success();
  }

  llvm::Error launch(int set) override {
    Set &s = sets[set];
    CUdeviceptr px = s.x->getDevicePtr(), py = s.y->getDevicePtr(),
                pw = s.w->getDevicePtr(), pb = s.b->getDevicePtr(),
                pm = s.mean->getDevicePtr(), pr = s.rstd->getDevicePtr();
    int32_t stride = int32_t(c.cols), n = int32_t(c.cols);
    float e = eps;
    void *args[] = {&px, &py, &pw, &pb, &pm, &pr, &stride, &n, &e};
    return kernel.launch(Dim3(c.rows), Dim3(c.warps * 32), 0, nullptr, args);
  }

  llvm::Expected<double> check(int set) override {
    Set &s = sets[set];
    for (auto [buf, t] :
         {std::pair{&*s.y, c.type}, std::pair{&*s.mean, DType::F32},
          std::pair{&*s.rstd, DType::F32}})
      if (llvm::Error e = poison(*buf, t))
        return std::move(e);
    if (llvm::Error e = run(set))
      return std::move(e);
    auto y = download(*s.y, size_t(c.rows) * c.cols, c.type);
    if (!y)
      return y.takeError();
    auto mean = download(*s.mean, c.rows, DType::F32);
    if (!mean)
      return mean.takeError();
    auto rstd = download(*s.rstd, c.rows, DType::F32);
    if (!rstd)
      return rstd.takeError();
    if (anyNaN(*y) || anyNaN(*mean) || anyNaN(*rstd))
      return NAN;
    // y against its bound; mean and rstd (fp32 either way) scaled to the
    // same bound, so that one number says whether the case is within.
    ErrorMeter yMeter, statMeter;
    std::vector<double> ref(c.cols);
    double scale = getBound() / kReduceBoundF32;
    for (int64_t r : sampleRows(c.rows)) {
      double m, rs;
      layerNormRow(x.data() + r * c.cols, w.data(), b.data(), c.cols, eps,
                   ref.data(), m, rs);
      yMeter.add(y->data() + r * c.cols, ref.data(), c.cols);
      float stats[] = {(*mean)[r], (*rstd)[r]};
      double refStats[] = {m, rs};
      statMeter.add(stats, refStats, 2);
    }
    return std::max(yMeter.get(), statMeter.get() * scale);
  }

private:
  struct Set {
    std::optional<DeviceBuffer> x, w, b, y, mean, rstd;
  };
  static constexpr float eps = 1e-5f;
  std::vector<float> x, w, b;
  std::vector<Set> sets;
};

std::unique_ptr<Workload> makeWorkload(const Device &device, Kernel kernel,
                                       const BenchCase &c) {
  if (c.kernel == "add_kernel")
    return std::make_unique<VectorAdd>(device, std::move(kernel), c);
  if (llvm::StringRef(c.kernel).starts_with("layernorm"))
    return std::make_unique<LayerNorm>(device, std::move(kernel), c);
  return std::make_unique<Softmax>(device, std::move(kernel), c);
}

//===----------------------------------------------------------------------===//
// Timing
//===----------------------------------------------------------------------===//

struct Options {
  std::string dir;
  std::string filter;
  int runs = 200;
  int warmup = 20;
  bool list = false;
};

/// The `q`-quantile of sorted `v` (linear between neighbours).
double quantile(const std::vector<float> &v, double q) {
  double pos = q * (v.size() - 1);
  size_t lo = size_t(pos), hi = std::min(lo + 1, v.size() - 1);
  return v[lo] + (pos - lo) * (v[hi] - v[lo]);
}

/// Milliseconds of `runs` launches, each between two events, rotating over
/// `sets` input sets after `warmup` launches.
llvm::Expected<std::vector<float>>
timeLaunches(const Device &device, Workload &w, int sets, const Options &opt) {
  for (int i = 0; i < opt.warmup; ++i)
    if (llvm::Error e = w.launch(i % sets))
      return std::move(e);
  std::vector<Event> start, end;
  for (int i = 0; i < opt.runs; ++i) {
    auto s = Event::create(device), e = Event::create(device);
    if (!s)
      return s.takeError();
    if (!e)
      return e.takeError();
    start.push_back(std::move(*s));
    end.push_back(std::move(*e));
  }
  for (int i = 0; i < opt.runs; ++i) {
    if (llvm::Error e = start[i].record())
      return std::move(e);
    if (llvm::Error e = w.launch(i % sets))
      return std::move(e);
    if (llvm::Error e = end[i].record())
      return std::move(e);
  }
  // Reports a kernel that faulted as well as waiting.
  if (llvm::Error e = device.synchronize())
    return std::move(e);
  std::vector<float> ms;
  for (int i = 0; i < opt.runs; ++i) {
    auto t = Event::getElapsedMs(start[i], end[i]);
    if (!t)
      return t.takeError();
    ms.push_back(*t);
  }
  return ms;
}

/// Checks, then times one case; prints its JSON line. False if it failed.
bool runCase(const Device &device, Random &rng, const BenchCase &c,
             const Options &opt) {
  auto fail = [&](llvm::Error e) {
    llvm::outs() << "{" << describe(c) << ", \"correct\": false, \"error\": "
                 << quote(llvm::toString(std::move(e))) << "}\n";
    llvm::outs().flush();
    return false;
  };
  auto kernel = loadKernel(device, opt.dir, c.getCubin(), c.kernel);
  if (!kernel)
    return fail(kernel.takeError());
  // Enough sets that the rotation spans 4x the L2, and never one alone.
  double bytes = c.getBytes();
  int sets = int(std::clamp(
      std::ceil(4.0 * double(device.getL2CacheBytes()) / bytes), 2.0, 8.0));
  std::unique_ptr<Workload> w = makeWorkload(device, std::move(*kernel), c);
  if (llvm::Error e = w->setUp(rng, sets))
    return fail(std::move(e));
  double err = 0;
  for (int s = 0; s < sets; ++s) {
    auto e = w->check(s);
    if (!e)
      return fail(e.takeError());
    err = std::isnan(*e) || std::isnan(err) ? NAN : std::max(err, *e);
  }
  bool correct = !std::isnan(err) && err <= w->getBound();
  auto ms = timeLaunches(device, *w, sets, opt);
  if (!ms)
    return fail(ms.takeError());
  std::sort(ms->begin(), ms->end());
  double median = quantile(*ms, 0.5);
  llvm::outs() << "{" << describe(c) << ", \"median_ms\": " << number(median)
               << ", \"p10_ms\": " << number(quantile(*ms, 0.1))
               << ", \"p90_ms\": " << number(quantile(*ms, 0.9))
               << ", \"min_ms\": " << number(ms->front())
               << ", \"gbs\": " << number(bytes / median / 1e6)
               << ", \"runs\": " << opt.runs << ", \"sets\": " << sets
               << ", \"rel_err\": " << number(err)
               << ", \"bound\": " << number(w->getBound())
               << ", \"correct\": " << (correct ? "true" : "false") << "}\n";
  llvm::outs().flush();
  return correct;
}

bool parse(int argc, char **argv, Options &opt) {
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i];
    auto value = [&]() -> const char * {
      return i + 1 < argc ? argv[++i] : nullptr;
    };
    if (arg == "--list") {
      opt.list = true;
    } else if (arg == "--runs" || arg == "--warmup") {
      const char *v = value();
      int n = v ? std::atoi(v) : 0;
      if (n < 1)
        return false;
      (arg == "--runs" ? opt.runs : opt.warmup) = n;
    } else if (arg == "--filter") {
      const char *v = value();
      if (!v)
        return false;
      opt.filter = v;
    } else if (arg[0] != '-' && opt.dir.empty()) {
      opt.dir = arg;
    } else {
      return false;
    }
  }
  return opt.list || !opt.dir.empty();
}

} // namespace

int main(int argc, char **argv) {
  Options opt;
  if (!parse(argc, argv, opt)) {
    llvm::errs() << "usage: tilec-bench-host [--runs N] [--warmup N] "
                    "[--filter TEXT] DIR | --list\n";
    return 2;
  }
  std::vector<BenchCase> cases;
  for (const BenchCase &c : getCases())
    if (c.getId().find(opt.filter) != std::string::npos)
      cases.push_back(c);
  if (opt.list) {
    for (const BenchCase &c : cases)
      llvm::outs() << "{" << describe(c) << "}\n";
    return 0;
  }
  llvm::Expected<Device> device = Device::get();
  if (!device) {
    bool skip = device.errorIsA<tilec::runtime::DriverUnavailableError>();
    llvm::errs() << (skip ? "SKIP: " : "FAIL: ")
                 << llvm::toString(device.takeError()) << "\n";
    return skip ? 77 : 1;
  }
  uint64_t seed = chooseSeed();
  llvm::outs() << "{\"meta\": {\"device\": " << quote(device->getName())
               << ", \"sms\": " << device->getNumSMs()
               << ", \"l2_bytes\": " << device->getL2CacheBytes()
               << ", \"seed\": " << seed << ", \"runs\": " << opt.runs
               << ", \"warmup\": " << opt.warmup << "}}\n";
  Random rng(seed);
  int failed = 0;
  for (const BenchCase &c : cases)
    failed += !runCase(*device, rng, c, opt);
  llvm::errs() << cases.size() - failed << " passed, " << failed << " failed\n";
  return failed ? 1 : 0;
}
