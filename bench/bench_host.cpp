//===- bench_host.cpp - Time tilec-compiled kernels on a GPU ----*- C++ -*-===//
//
// tilec-bench-host [--runs N] [--warmup N] [--budget-ms MS] [--filter TEXT]
//                  [--matmul MDIR [--matmul-shapes MxNxK,...]] DIR
// tilec-bench-host --list [--matmul MDIR [--matmul-shapes ...]]
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
// Matmul (issue #5): with --matmul MDIR, the cubins that
// bench/prepare_matmul.py compiled for each block config, listed in
// MDIR/manifest.json, at every shape (M=N=K 4096 and 8192; M 512, 1024,
// 2048 with N=K=8192; --matmul-shapes replaces the list), fp16 and bf16
// inputs, C of the input type: examples/matmul.py's matmul_kernel (A, B, C
// and their strides) and examples/matmul_tma.py's matmul_tma_kernel (A, B
// and C as tensor maps, encoded once per input set from each block's plan,
// planTensorDescLayout, so that a launch passes 3 x 128 bytes). A config that
// did not compile is printed with "compiled": false and is not a failure. The
// check: every element of C written (no NaN left), the relative L2 error of one
// row in every 64 against float64 (so a wrong tile shows in a row it spans),
// and a full-matrix estimate of ||C - AB||_F / ||AB||_F from C X against A (B
// X) for two random probe columns X; the case is correct if the worst of these
// is under 1e-2 (kMatmulBound). Launches get the dynamic shared memory the
// manifest's "shared_bytes" asks beyond what the cubin declares statically.
//
// Prints one JSON object a line: {"meta": {...}} first, then one per case
// with its median, 10th and 90th percentile times and GB/s counting one
// read of each input and one write of each output (and for matmul TFLOP/s,
// 2MNK / time). The number of timed launches is --runs, or fewer (at least
// 20) when that would take more than --budget-ms (a slow matmul). Exits 0 if
// every case ran and was correct, 1 if not, 77 with no driver or no GPU.
// `--list` prints the cases without touching a GPU. $TILEC_SEED fixes the
// inputs.
//
//===----------------------------------------------------------------------===//

#include "GpuHost.h"

#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
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

/// One matmul block config as bench/prepare_matmul.py compiled it (an entry
/// of its manifest.json).
struct MatmulConfig {
  /// matmul_kernel or matmul_tma_kernel.
  std::string kernel;
  int blockM = 0, blockN = 0, blockK = 0, groupM = 0, stages = 0;
  std::string cubin;
  bool compiled = false;
  /// Why it did not compile (the end of tilec's output).
  std::string error;
  /// Shared memory a launch needs in all, static and dynamic.
  int64_t sharedBytes = 0;
  /// tilec --print-resources (registers, spills, ...), as the manifest has it.
  llvm::json::Value resources = nullptr;
};

struct BenchCase {
  std::string kernel;
  DType type;
  /// Vector add: one row of `cols` elements. Matmul: C is rows x cols.
  int64_t rows, cols;
  int block, warps;
  /// True for the num_warps sweep, whose cubins name their warps.
  bool sweep = false;
  /// Matmul only: K and the block config.
  int64_t depth = 0;
  std::shared_ptr<const MatmulConfig> matmul;

  std::string getCubin() const {
    if (matmul)
      return matmul->cubin;
    return getCubinName(kernel, type, kernel == "add_kernel" ? 0 : block, cols,
                        sweep ? warps : 0);
  }
  std::string getShape() const {
    if (kernel == "add_kernel")
      return std::to_string(cols);
    if (matmul)
      return llvm::formatv("{0}x{1}x{2}", rows, cols, depth);
    return llvm::formatv("{0}x{1}", rows, cols);
  }
  std::string getConfig() const {
    if (!matmul)
      return llvm::formatv("BLOCK {0}, {1} warps", block, warps);
    return llvm::formatv("{0}x{1}x{2}, GROUP_M {3}, {4} warps, {5} stages",
                         matmul->blockM, matmul->blockN, matmul->blockK,
                         matmul->groupM, warps, matmul->stages);
  }
  std::string getId() const {
    if (matmul)
      return llvm::formatv("{0}.{1}.{2}.b{3}x{4}x{5}.g{6}.w{7}.s{8}", kernel,
                           getName(type), getShape(), matmul->blockM,
                           matmul->blockN, matmul->blockK, matmul->groupM,
                           warps, matmul->stages);
    std::string id = llvm::formatv("{0}.{1}.{2}.b{3}", kernel, getName(type),
                                   getShape(), block);
    return sweep ? id + ".w" + std::to_string(warps) : id;
  }
  /// One read of each input and one write of each output.
  double getBytes() const {
    double n = double(rows) * cols, e = double(tilec::gpuhost::getBytes(type));
    if (kernel == "add_kernel")
      return 3 * n * e;
    if (matmul)
      return (n + double(rows) * depth + double(depth) * cols) * e;
    if (llvm::StringRef(kernel).starts_with("layernorm"))
      return 2 * n * e + 2 * cols * e + 2 * rows * 4.0; // x,y; w,b; mean,rstd
    return 2 * n * e;
  }
  /// Floating-point operations: 2MNK for matmul, 0 for the others.
  double getFlops() const {
    return matmul ? 2.0 * double(rows) * cols * depth : 0;
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

/// A matmul shape: C is m x n, the sum runs over k.
struct MatmulShape {
  int64_t m, n, k;
};

/// Square products, and the "decoding-like" ones: few rows of A against a
/// large B.
std::vector<MatmulShape> getDefaultMatmulShapes() {
  return {{4096, 4096, 4096},
          {8192, 8192, 8192},
          {512, 8192, 8192},
          {1024, 8192, 8192},
          {2048, 8192, 8192}};
}

/// The matmul cases of the manifest in `dir` (bench/prepare_matmul.py):
/// for each dtype, each shape, each config, so that the cases of one shape
/// follow each other and share their inputs.
llvm::Expected<std::vector<BenchCase>>
getMatmulCases(const std::string &dir, const std::vector<MatmulShape> &shapes) {
  std::string path = dir + "/manifest.json";
  auto buf = llvm::MemoryBuffer::getFile(path);
  if (!buf)
    return llvm::createStringError(buf.getError(), "cannot read " + path);
  llvm::Expected<llvm::json::Value> root =
      llvm::json::parse((*buf)->getBuffer());
  if (!root)
    return root.takeError();
  const llvm::json::Object *top = root->getAsObject();
  const llvm::json::Array *entries = top ? top->getArray("entries") : nullptr;
  if (!entries)
    return llvm::createStringError(path + ": no \"entries\" array");
  std::vector<std::pair<DType, std::vector<BenchCase>>> byType;
  for (const llvm::json::Value &v : *entries) {
    const llvm::json::Object *e = v.getAsObject();
    auto getInt = [&](llvm::StringRef key) {
      return e ? e->getInteger(key).value_or(0) : 0;
    };
    std::optional<llvm::StringRef> dtype =
        e ? e->getString("dtype") : std::nullopt;
    std::optional<llvm::StringRef> cubin =
        e ? e->getString("cubin") : std::nullopt;
    if (!dtype || !cubin || (*dtype != "fp16" && *dtype != "bf16"))
      return llvm::createStringError(path +
                                     ": an entry without a cubin or "
                                     "with a dtype other than fp16, bf16");
    auto cfg = std::make_shared<MatmulConfig>();
    cfg->kernel = e->getString("kernel").value_or("matmul_kernel").str();
    cfg->blockM = int(getInt("block_m"));
    cfg->blockN = int(getInt("block_n"));
    cfg->blockK = int(getInt("block_k"));
    cfg->groupM = int(getInt("group_m"));
    cfg->stages = int(getInt("stages"));
    cfg->cubin = cubin->str();
    cfg->compiled = e->getBoolean("compiled").value_or(false);
    cfg->error = e->getString("error").value_or("").str();
    cfg->sharedBytes = getInt("shared_bytes");
    if (const llvm::json::Value *r = e->get("resources"))
      cfg->resources = *r;
    DType type = *dtype == "bf16" ? DType::BF16 : DType::F16;
    auto it = std::find_if(byType.begin(), byType.end(),
                           [&](const auto &p) { return p.first == type; });
    if (it == byType.end())
      it = byType.insert(byType.end(), {type, {}});
    BenchCase c{cfg->kernel, type, 0, 0, cfg->blockM, int(getInt("warps"))};
    c.matmul = std::move(cfg);
    it->second.push_back(std::move(c));
  }
  std::vector<BenchCase> cases;
  for (const auto &[type, configs] : byType)
    for (const MatmulShape &s : shapes)
      for (BenchCase c : configs) {
        c.rows = s.m, c.cols = s.n, c.depth = s.k;
        cases.push_back(std::move(c));
      }
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
  std::string out =
      llvm::formatv("\"id\": {0}, \"kernel\": {1}, \"dtype\": {2}, "
                    "\"shape\": {3}, \"rows\": {4}, \"cols\": {5}, "
                    "\"block\": {6}, \"warps\": {7}, \"config\": {8}, "
                    "\"bytes\": {9:f0}, \"cubin\": {10}",
                    quote(c.getId()), quote(c.kernel), quote(getName(c.type)),
                    quote(c.getShape()), c.rows, c.cols, c.block, c.warps,
                    quote(c.getConfig()), c.getBytes(), quote(c.getCubin()));
  if (const MatmulConfig *m = c.matmul.get()) {
    std::string resources;
    llvm::raw_string_ostream os(resources);
    os << m->resources;
    out += llvm::formatv(
        ", \"m\": {0}, \"n\": {1}, \"k\": {2}, \"flops\": {3:f0}, "
        "\"block_m\": {4}, \"block_n\": {5}, \"block_k\": {6}, "
        "\"group_m\": {7}, \"stages\": {8}, \"shared_bytes\": {9}, "
        "\"compiled\": {10}, \"tilec_resources\": {11}",
        c.rows, c.cols, c.depth, c.getFlops(), m->blockM, m->blockN, m->blockK,
        m->groupM, m->stages, m->sharedBytes, m->compiled ? "true" : "false",
        resources);
  }
  return out;
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
  /// More JSON fields for the case's line, given its median time.
  virtual std::string describeResult(double medianMs) const { return ""; }
  /// The error bound of check().
  double getBound() const {
    if (c.matmul)
      return kMatmulBound;
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

/// The host inputs of one matmul shape and their float64 references,
/// shared by the configs benchmarked on it (getMatmulCases puts a shape's
/// cases together, so one cached shape is enough).
struct MatmulData {
  DType type;
  int64_t m, n, k;
  /// Row-major A (m x k) and B (k x n), values of `type`.
  std::vector<float> a, b;
  /// Rows of C checked in full: one in every 64, at varying offsets.
  std::vector<int64_t> rows;
  /// Their float64 products, rows.size() x n.
  std::vector<double> refRows;
  /// Random probe columns X (n x kProbes) and A (B X) in float64
  /// (m x kProbes).
  static constexpr int kProbes = 2;
  std::vector<double> probe, refProbe;
};

std::shared_ptr<const MatmulData> getMatmulData(Random &rng, DType t, int64_t m,
                                                int64_t n, int64_t k) {
  static std::shared_ptr<MatmulData> cached;
  if (cached && cached->type == t && cached->m == m && cached->n == n &&
      cached->k == k)
    return cached;
  cached.reset(); // the 8192 shapes' inputs are 0.5 GB on the host
  auto d = std::make_shared<MatmulData>();
  d->type = t, d->m = m, d->n = n, d->k = k;
  d->a = rng.uniform(size_t(m) * k, -1, 1, t);
  d->b = rng.uniform(size_t(k) * n, -1, 1, t);
  for (int64_t block = 0; block * 64 < m; ++block)
    d->rows.push_back(std::min(m - 1, block * 64 + (block * 37) % 64));
  d->refRows.assign(d->rows.size() * n, 0.0);
  parallelFor(d->rows.size(), [&](size_t i) {
    double *ref = &d->refRows[i * n];
    const float *arow = &d->a[size_t(d->rows[i]) * k];
    for (int64_t p = 0; p < k; ++p) {
      double av = arow[p];
      const float *brow = &d->b[size_t(p) * n];
      for (int64_t j = 0; j < n; ++j)
        ref[j] += av * brow[j];
    }
  });
  constexpr int P = MatmulData::kProbes;
  std::vector<float> x = rng.uniform(size_t(n) * P, -1, 1, DType::F32);
  d->probe.assign(x.begin(), x.end());
  std::vector<double> bx(size_t(k) * P, 0.0);
  parallelFor(size_t(k), [&](size_t p) {
    for (int64_t j = 0; j < n; ++j)
      for (int q = 0; q < P; ++q)
        bx[p * P + q] += double(d->b[p * n + j]) * d->probe[j * P + q];
  });
  d->refProbe.assign(size_t(m) * P, 0.0);
  parallelFor(size_t(m), [&](size_t i) {
    for (int64_t p = 0; p < k; ++p)
      for (int q = 0; q < P; ++q)
        d->refProbe[i * P + q] += double(d->a[i * k + p]) * bx[p * P + q];
  });
  cached = std::move(d);
  return cached;
}

/// matmul_kernel: C = A @ B, all row-major and contiguous (the strides the
/// prepared signature assumes: leading ones multiples of 16, unit ones 1).
class Matmul : public Workload {
public:
  using Workload::Workload;

  llvm::Error setUp(Random &rng, int sets) override {
    if (c.rows % 16 || c.cols % 16 || c.depth % 16)
      return llvm::createStringError(
          "matmul shapes must be multiples of 16: the cubins are specialized "
          "so (bench/prepare_matmul.py)");
    data = getMatmulData(rng, c.type, c.rows, c.cols, c.depth);
    auto dyn = getDynamicSharedBytes(kernel, size_t(c.matmul->sharedBytes));
    if (!dyn)
      return dyn.takeError();
    dynamicShared = *dyn;
    for (int s = 0; s < sets; ++s) {
      for (auto *host : {&data->a, &data->b}) {
        auto buf = upload(device, *host, c.type);
        if (!buf)
          return buf.takeError();
        in.push_back(std::move(*buf));
      }
      auto o = allocPoisoned(device, size_t(c.rows) * c.cols, c.type);
      if (!o)
        return o.takeError();
      out.push_back(std::move(*o));
    }
    return llvm::Error::success();
  }

  llvm::Error launch(int set) override {
    CUdeviceptr pa = in[2 * set].getDevicePtr(),
                pb = in[2 * set + 1].getDevicePtr(),
                pc = out[set].getDevicePtr();
    int32_t m = int32_t(c.rows), n = int32_t(c.cols), k = int32_t(c.depth),
            one = 1;
    void *args[] = {&pa, &pb, &pc, &m, &n, &k, &k, &one, &n, &one, &n, &one};
    return launchGrid(args);
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
    const MatmulData &d = *data;
    // The worst checked row's relative L2 error.
    double worst = 0;
    for (size_t i = 0; i < d.rows.size(); ++i) {
      const float *row = o->data() + size_t(d.rows[i]) * d.n;
      const double *ref = &d.refRows[i * d.n];
      double num = 0, den = 0;
      for (int64_t j = 0; j < d.n; ++j) {
        num += (row[j] - ref[j]) * (row[j] - ref[j]);
        den += ref[j] * ref[j];
      }
      worst = std::max(worst, std::sqrt(num / (den > 0 ? den : 1)));
    }
    rowError = std::max(rowError, worst);
    // ||C X - A (B X)||_F / ||A (B X)||_F: for random X its square is an
    // estimate of ||C - AB||_F^2 / ||AB||_F^2 over the whole matrix.
    constexpr int P = MatmulData::kProbes;
    std::vector<double> cx(size_t(d.m) * P, 0.0);
    parallelFor(size_t(d.m), [&](size_t i) {
      const float *row = o->data() + i * d.n;
      for (int64_t j = 0; j < d.n; ++j)
        for (int q = 0; q < P; ++q)
          cx[i * P + q] += row[j] * d.probe[j * P + q];
    });
    double num = 0, den = 0;
    for (size_t i = 0; i < cx.size(); ++i) {
      num += (cx[i] - d.refProbe[i]) * (cx[i] - d.refProbe[i]);
      den += d.refProbe[i] * d.refProbe[i];
    }
    double probe = std::sqrt(num / (den > 0 ? den : 1));
    probeError = std::max(probeError, probe);
    return std::max(worst, probe);
  }

  std::string describeResult(double medianMs) const override {
    return llvm::formatv(", \"tflops\": {0}, \"row_err\": {1}, "
                         "\"probe_err\": {2}, \"dynamic_shared\": {3}",
                         number(c.getFlops() / medianMs / 1e9),
                         number(rowError), number(probeError), dynamicShared);
  }

protected:
  /// One program per BLOCK_M x BLOCK_N tile of C.
  llvm::Error launchGrid(void **args) const {
    const MatmulConfig &cfg = *c.matmul;
    unsigned programs = unsigned(((c.rows + cfg.blockM - 1) / cfg.blockM) *
                                 ((c.cols + cfg.blockN - 1) / cfg.blockN));
    return kernel.launch(Dim3(programs), Dim3(c.warps * 32), dynamicShared,
                         nullptr, args);
  }

  std::shared_ptr<const MatmulData> data;
  /// A and B of each set (in[2 * set], in[2 * set + 1]), and C.
  std::vector<DeviceBuffer> in, out;

private:
  size_t dynamicShared = 0;
  double rowError = 0, probeError = 0;
};

/// matmul_tma_kernel: the same product and check, A, B and C passed as the
/// tensor maps of their blocks (row-major, contiguous).
class TmaMatmul : public Matmul {
public:
  using Matmul::Matmul;

  llvm::Error setUp(Random &rng, int sets) override {
    if (llvm::Error e = Matmul::setUp(rng, sets))
      return e;
    const MatmulConfig &cfg = *c.matmul;
    for (int s = 0; s < sets; ++s) {
      auto setMaps = makeMatmulTensorMaps(
          c.type, cfg.blockM, cfg.blockN, cfg.blockK,
          {in[2 * s].getDevicePtr(), c.rows, c.depth, c.depth},
          {in[2 * s + 1].getDevicePtr(), c.depth, c.cols, c.cols},
          {out[s].getDevicePtr(), c.rows, c.cols, c.cols});
      if (!setMaps)
        return setMaps.takeError();
      maps.push_back(*setMaps);
    }
    return llvm::Error::success();
  }

  llvm::Error launch(int set) override {
    int32_t m = int32_t(c.rows), n = int32_t(c.cols), k = int32_t(c.depth);
    void *args[] = {&maps[set][0], &maps[set][1], &maps[set][2], &m, &n, &k};
    return launchGrid(args);
  }

private:
  /// A's, B's and C's maps of each set.
  std::vector<std::array<tilec::runtime::TensorMap, 3>> maps;
};

std::unique_ptr<Workload> makeWorkload(const Device &device, Kernel kernel,
                                       const BenchCase &c) {
  if (c.kernel == "add_kernel")
    return std::make_unique<VectorAdd>(device, std::move(kernel), c);
  if (c.matmul && c.kernel == "matmul_tma_kernel")
    return std::make_unique<TmaMatmul>(device, std::move(kernel), c);
  if (c.matmul)
    return std::make_unique<Matmul>(device, std::move(kernel), c);
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
  /// bench/prepare_matmul.py's output folder; empty: no matmul cases.
  std::string matmulDir;
  std::vector<MatmulShape> matmulShapes = getDefaultMatmulShapes();
  int runs = 200;
  int warmup = 20;
  /// Timed launches stop short of `runs` (not under kMinRuns) past this.
  double budgetMs = 2000;
  bool list = false;
};

/// The fewest timed launches, whatever the budget.
constexpr int kMinRuns = 20;

/// The `q`-quantile of sorted `v` (linear between neighbours).
double quantile(const std::vector<float> &v, double q) {
  double pos = q * (v.size() - 1);
  size_t lo = size_t(pos), hi = std::min(lo + 1, v.size() - 1);
  return v[lo] + (pos - lo) * (v[hi] - v[lo]);
}

/// Milliseconds of up to `runs` launches, each between two events, rotating
/// over `sets` input sets after `warmup` launches. The warm-up's mean time
/// caps the count so that the timed launches take about `budgetMs` (never
/// fewer than kMinRuns): a slow 8192^3 matmul is not run 200 times.
llvm::Expected<std::vector<float>>
timeLaunches(const Device &device, Workload &w, int sets, const Options &opt) {
  auto warmStart = Event::create(device), warmEnd = Event::create(device);
  if (!warmStart)
    return warmStart.takeError();
  if (!warmEnd)
    return warmEnd.takeError();
  if (llvm::Error e = warmStart->record())
    return std::move(e);
  for (int i = 0; i < opt.warmup; ++i)
    if (llvm::Error e = w.launch(i % sets))
      return std::move(e);
  if (llvm::Error e = warmEnd->record())
    return std::move(e);
  if (llvm::Error e = device.synchronize())
    return std::move(e);
  auto warmMs = Event::getElapsedMs(*warmStart, *warmEnd);
  if (!warmMs)
    return warmMs.takeError();
  double each = *warmMs / opt.warmup;
  int runs = opt.runs;
  if (each > 0 && runs * each > opt.budgetMs)
    runs = std::max(std::min(kMinRuns, opt.runs), int(opt.budgetMs / each));
  std::vector<Event> start, end;
  for (int i = 0; i < runs; ++i) {
    auto s = Event::create(device), e = Event::create(device);
    if (!s)
      return s.takeError();
    if (!e)
      return e.takeError();
    start.push_back(std::move(*s));
    end.push_back(std::move(*e));
  }
  for (int i = 0; i < runs; ++i) {
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
  for (int i = 0; i < runs; ++i) {
    auto t = Event::getElapsedMs(start[i], end[i]);
    if (!t)
      return t.takeError();
    ms.push_back(*t);
  }
  return ms;
}

/// Checks, then times one case; prints its JSON line. False if it failed.
/// A matmul config that did not compile is printed and is not a failure; a
/// matmul that is not correct is not timed.
bool runCase(const Device &device, Random &rng, const BenchCase &c,
             const Options &opt) {
  auto fail = [&](llvm::Error e) {
    llvm::outs() << "{" << describe(c) << ", \"correct\": false, \"error\": "
                 << quote(llvm::toString(std::move(e))) << "}\n";
    llvm::outs().flush();
    return false;
  };
  if (c.matmul && !c.matmul->compiled) {
    llvm::outs() << "{" << describe(c) << ", \"correct\": false, \"error\": "
                 << quote("not compiled: " + c.matmul->error) << "}\n";
    llvm::outs().flush();
    return true;
  }
  auto kernel = loadKernel(device, c.matmul ? opt.matmulDir : opt.dir,
                           c.getCubin(), c.kernel);
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
  if (c.matmul && !correct) {
    llvm::outs() << "{" << describe(c) << w->describeResult(NAN)
                 << ", \"rel_err\": " << number(err)
                 << ", \"bound\": " << number(w->getBound())
                 << ", \"correct\": false, \"error\": "
                 << quote(llvm::formatv("FAILED the check (error {0} against "
                                        "{1}; nan: an element not written), "
                                        "not timed",
                                        err, w->getBound())
                              .str())
                 << "}\n";
    llvm::outs().flush();
    return false;
  }
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
               << w->describeResult(median) << ", \"runs\": " << ms->size()
               << ", \"sets\": " << sets << ", \"rel_err\": " << number(err)
               << ", \"bound\": " << number(w->getBound())
               << ", \"correct\": " << (correct ? "true" : "false") << "}\n";
  llvm::outs().flush();
  return correct;
}

/// "4096x4096x4096,512x8192x8192" -> shapes; false if malformed.
bool parseShapes(llvm::StringRef text, std::vector<MatmulShape> &shapes) {
  shapes.clear();
  llvm::SmallVector<llvm::StringRef> items;
  text.split(items, ',', -1, /*KeepEmpty=*/false);
  for (llvm::StringRef item : items) {
    llvm::SmallVector<llvm::StringRef> dims;
    item.trim().split(dims, 'x');
    MatmulShape s;
    if (dims.size() != 3 || dims[0].getAsInteger(10, s.m) ||
        dims[1].getAsInteger(10, s.n) || dims[2].getAsInteger(10, s.k) ||
        s.m < 1 || s.n < 1 || s.k < 1)
      return false;
    shapes.push_back(s);
  }
  return !shapes.empty();
}

bool parse(int argc, char **argv, Options &opt) {
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i];
    auto value = [&]() -> const char * {
      return i + 1 < argc ? argv[++i] : nullptr;
    };
    if (arg == "--list") {
      opt.list = true;
    } else if (arg == "--runs" || arg == "--warmup" || arg == "--budget-ms") {
      const char *v = value();
      int n = v ? std::atoi(v) : 0;
      if (n < 1)
        return false;
      if (arg == "--budget-ms")
        opt.budgetMs = n;
      else
        (arg == "--runs" ? opt.runs : opt.warmup) = n;
    } else if (arg == "--filter" || arg == "--matmul") {
      const char *v = value();
      if (!v)
        return false;
      (arg == "--filter" ? opt.filter : opt.matmulDir) = v;
    } else if (arg == "--matmul-shapes") {
      const char *v = value();
      if (!v || !parseShapes(v, opt.matmulShapes))
        return false;
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
                    "[--budget-ms MS] [--filter TEXT] [--matmul MDIR "
                    "[--matmul-shapes MxNxK,...]] DIR | --list [--matmul MDIR "
                    "...]\n";
    return 2;
  }
  std::vector<BenchCase> all = getCases();
  if (!opt.matmulDir.empty()) {
    auto matmul = getMatmulCases(opt.matmulDir, opt.matmulShapes);
    if (!matmul) {
      llvm::errs() << "FAIL: " << llvm::toString(matmul.takeError()) << "\n";
      return 1;
    }
    all.insert(all.end(), matmul->begin(), matmul->end());
  }
  std::vector<BenchCase> cases;
  for (const BenchCase &c : all)
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
  int failed = 0, notCompiled = 0;
  for (const BenchCase &c : cases) {
    failed += !runCase(*device, rng, c, opt);
    notCompiled += c.matmul && !c.matmul->compiled;
  }
  llvm::errs() << cases.size() - failed - notCompiled << " passed, " << failed
               << " failed, " << notCompiled << " not compiled\n";
  return failed ? 1 : 0;
}
