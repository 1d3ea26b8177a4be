//===- samples.cpp - Run tilec-compiled samples on a GPU --------*- C++ -*-===//
//
// Loads the cubins that `tilec --emit=cubin` produced for the samples in
// examples/ (vector add, softmax, layer norm; the file names and signatures
// are in scripts/gpu_samples.sh), runs each on fresh random inputs with its
// outputs poisoned (NaN), and compares with a float64 reference on the host
// by ||out - ref|| / ||ref||. Every driver call is checked. Prints one line
// per case and "N passed, N failed"; exits 0 only if all pass, 77 (skipped)
// without a GPU.
//
//===----------------------------------------------------------------------===//

#include "tilec/Runtime.h"

#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <random>
#include <string>
#include <vector>

using namespace tilec::runtime;

namespace {

/// IEEE half <-> float on the host (round to nearest even).
uint16_t toHalf(float f) {
  uint32_t x;
  std::memcpy(&x, &f, 4);
  uint32_t sign = (x >> 16) & 0x8000;
  int32_t exp = ((x >> 23) & 0xff) - 127 + 15;
  uint32_t mant = x & 0x7fffff;
  if (((x >> 23) & 0xff) == 0xff)
    return sign | 0x7c00 | (mant ? 0x200 : 0);
  if (exp >= 31)
    return sign | 0x7c00;
  if (exp <= 0) {
    if (exp < -10)
      return sign;
    mant |= 0x800000;
    uint32_t shift = 14 - exp;
    uint32_t h = mant >> shift;
    uint32_t rem = mant & ((1u << shift) - 1), half = 1u << (shift - 1);
    if (rem > half || (rem == half && (h & 1)))
      ++h;
    return sign | h;
  }
  uint32_t h = (exp << 10) | (mant >> 13);
  uint32_t rem = mant & 0x1fff;
  if (rem > 0x1000 || (rem == 0x1000 && (h & 1)))
    ++h;
  return sign | h;
}

float fromHalf(uint16_t h) {
  uint32_t sign = (h & 0x8000) << 16, exp = (h >> 10) & 0x1f,
           mant = h & 0x3ff, x;
  if (exp == 0) {
    if (mant == 0)
      x = sign;
    else {
      exp = 127 - 14;
      while (!(mant & 0x400)) {
        mant <<= 1;
        --exp;
      }
      x = sign | (exp << 23) | ((mant & 0x3ff) << 13);
    }
  } else if (exp == 31)
    x = sign | 0x7f800000 | (mant << 13);
  else
    x = sign | ((exp - 15 + 127) << 23) | (mant << 13);
  float f;
  std::memcpy(&f, &x, 4);
  return f;
}

/// Relative L2 error; NaN anywhere (an unwritten, poisoned output) fails.
double relError(const std::vector<double> &out, const std::vector<double> &ref) {
  double num = 0, den = 0;
  for (size_t i = 0; i < out.size(); ++i) {
    if (std::isnan(out[i]))
      return NAN;
    num += (out[i] - ref[i]) * (out[i] - ref[i]);
    den += ref[i] * ref[i];
  }
  return std::sqrt(num / (den > 0 ? den : 1));
}

struct Harness {
  Device device;
  std::string dir;
  std::mt19937_64 rng;
  int passed = 0, failed = 0;

  /// Prints an error and counts the case as failed.
  void fail(const std::string &name, llvm::Error e) {
    llvm::outs() << "FAIL " << name << ": " << llvm::toString(std::move(e))
                 << "\n";
    ++failed;
  }
  void verdict(const std::string &name, double err, double bound) {
    bool ok = !std::isnan(err) && err <= bound;
    llvm::outs() << (ok ? "PASS " : "FAIL ") << name << ": rel_err=" << err
                 << " (bound " << bound << ")\n";
    ok ? ++passed : ++failed;
  }
  llvm::Expected<Kernel> kernel(const std::string &file,
                                const std::string &name) {
    auto buf = llvm::MemoryBuffer::getFile(dir + "/" + file);
    if (!buf)
      return llvm::createStringError(buf.getError(),
                                     "cannot read " + dir + "/" + file);
    llvm::Expected<Module> m = Module::loadCubin(device, (*buf)->getBuffer());
    if (!m)
      return m.takeError();
    return m->getKernel(name);
  }
  std::vector<float> random(size_t n, float lo, float hi) {
    std::uniform_real_distribution<float> d(lo, hi);
    std::vector<float> v(n);
    for (float &x : v)
      x = d(rng);
    return v;
  }
};

/// A device buffer holding `host` as fp32 or fp16.
llvm::Expected<DeviceBuffer> upload(Harness &h, const std::vector<float> &host,
                                    bool half) {
  size_t bytes = host.size() * (half ? 2 : 4);
  llvm::Expected<DeviceBuffer> buf = DeviceBuffer::allocate(h.device, bytes);
  if (!buf)
    return buf.takeError();
  if (half) {
    std::vector<uint16_t> hv(host.size());
    for (size_t i = 0; i < host.size(); ++i)
      hv[i] = toHalf(host[i]);
    if (llvm::Error e = buf->copyFromHost(hv.data(), bytes))
      return std::move(e);
  } else if (llvm::Error e = buf->copyFromHost(host.data(), bytes)) {
    return std::move(e);
  }
  return std::move(*buf);
}

/// A poisoned (NaN) output buffer of `n` elements.
llvm::Expected<DeviceBuffer> poisoned(Harness &h, size_t n, bool half) {
  llvm::Expected<DeviceBuffer> buf =
      DeviceBuffer::allocate(h.device, n * (half ? 2 : 4));
  if (!buf)
    return buf.takeError();
  if (half) {
    std::vector<uint16_t> nan(n, 0x7e00);
    if (llvm::Error e = buf->copyFromHost(nan.data(), n * 2))
      return std::move(e);
  } else if (llvm::Error e = buf->fill32(0x7fc00000u)) {
    return std::move(e);
  }
  return std::move(*buf);
}

llvm::Expected<std::vector<double>> download(const DeviceBuffer &buf,
                                             size_t n, bool half) {
  std::vector<double> out(n);
  if (half) {
    std::vector<uint16_t> hv(n);
    if (llvm::Error e = buf.copyToHost(hv.data(), n * 2))
      return std::move(e);
    for (size_t i = 0; i < n; ++i)
      out[i] = fromHalf(hv[i]);
  } else {
    std::vector<float> fv(n);
    if (llvm::Error e = buf.copyToHost(fv.data(), n * 4))
      return std::move(e);
    for (size_t i = 0; i < n; ++i)
      out[i] = fv[i];
  }
  return out;
}

/// Rounds through the storage type, so the reference sees what the kernel
/// read.
double stored(float v, bool half) { return half ? fromHalf(toHalf(v)) : v; }

llvm::Error vectorAdd(Harness &h, const std::string &file, bool half,
                      int n) {
  llvm::Expected<Kernel> k = h.kernel(file, "add_kernel");
  if (!k)
    return k.takeError();
  std::vector<float> x = h.random(n, -4, 4), y = h.random(n, -4, 4);
  auto bx = upload(h, x, half), by = upload(h, y, half);
  auto bo = poisoned(h, n, half);
  if (!bx || !by || !bo)
    return llvm::joinErrors(bx.takeError(),
                            llvm::joinErrors(by.takeError(), bo.takeError()));
  CUdeviceptr px = bx->getDevicePtr(), py = by->getDevicePtr(),
              po = bo->getDevicePtr();
  int32_t nn = n;
  void *args[] = {&px, &py, &po, &nn};
  if (llvm::Error e = k->launch(Dim3((n + 1023) / 1024), Dim3(128), 0,
                                nullptr, args))
    return e;
  if (llvm::Error e = h.device.synchronize())
    return e;
  auto out = download(*bo, n, half);
  if (!out)
    return out.takeError();
  std::vector<double> ref(n);
  for (int i = 0; i < n; ++i)
    ref[i] = stored(x[i], half) + stored(y[i], half);
  h.verdict(file + " n=" + std::to_string(n), relError(*out, ref),
            half ? 1e-2 : 1e-5);
  return llvm::Error::success();
}

llvm::Error softmax(Harness &h, const std::string &file,
                    const std::string &name, int rows, int cols, int stride,
                    int threads) {
  llvm::Expected<Kernel> k = h.kernel(file, name);
  if (!k)
    return k.takeError();
  std::vector<float> x = h.random(size_t(rows) * stride, -6, 6);
  auto bx = upload(h, x, false);
  auto bo = poisoned(h, size_t(rows) * stride, false);
  if (!bx || !bo)
    return llvm::joinErrors(bx.takeError(), bo.takeError());
  CUdeviceptr px = bx->getDevicePtr(), po = bo->getDevicePtr();
  int32_t s = stride, c = cols;
  void *args[] = {&po, &px, &s, &s, &c};
  if (llvm::Error e = k->launch(Dim3(rows), Dim3(threads), 0, nullptr, args))
    return e;
  if (llvm::Error e = h.device.synchronize())
    return e;
  auto all = download(*bo, size_t(rows) * stride, false);
  if (!all)
    return all.takeError();
  std::vector<double> out, ref;
  for (int r = 0; r < rows; ++r) {
    double m = -INFINITY, sum = 0;
    for (int j = 0; j < cols; ++j)
      m = std::max(m, double(x[size_t(r) * stride + j]));
    for (int j = 0; j < cols; ++j)
      sum += std::exp(double(x[size_t(r) * stride + j]) - m);
    for (int j = 0; j < cols; ++j) {
      ref.push_back(std::exp(double(x[size_t(r) * stride + j]) - m) / sum);
      out.push_back((*all)[size_t(r) * stride + j]);
    }
  }
  h.verdict(file + " " + std::to_string(rows) + "x" + std::to_string(cols),
            relError(out, ref), 1e-5);
  return llvm::Error::success();
}

llvm::Error layerNorm(Harness &h, const std::string &file, int rows, int n) {
  llvm::Expected<Kernel> k = h.kernel(file, "layernorm_fwd_kernel");
  if (!k)
    return k.takeError();
  int stride = (n + 15) / 16 * 16;
  std::vector<float> x = h.random(size_t(rows) * stride, -3, 3),
                     w = h.random(n, 0.5, 1.5), b = h.random(n, -1, 1);
  auto bx = upload(h, x, true), bw = upload(h, w, true),
       bb = upload(h, b, true);
  auto by = poisoned(h, size_t(rows) * stride, true);
  auto bm = poisoned(h, rows, false), br = poisoned(h, rows, false);
  if (!bx || !bw || !bb || !by || !bm || !br)
    return llvm::createStringError("allocation failed");
  CUdeviceptr px = bx->getDevicePtr(), py = by->getDevicePtr(),
              pw = bw->getDevicePtr(), pb = bb->getDevicePtr(),
              pm = bm->getDevicePtr(), pr = br->getDevicePtr();
  int32_t s = stride, nn = n;
  float eps = 1e-5f;
  void *args[] = {&px, &py, &pw, &pb, &pm, &pr, &s, &nn, &eps};
  if (llvm::Error e = k->launch(Dim3(rows), Dim3(128), 0, nullptr, args))
    return e;
  if (llvm::Error e = h.device.synchronize())
    return e;
  auto ally = download(*by, size_t(rows) * stride, true);
  auto mean = download(*bm, rows, false), rstd = download(*br, rows, false);
  if (!ally || !mean || !rstd)
    return llvm::createStringError("download failed");
  std::vector<double> out, ref, outM, refM, outR, refR;
  for (int r = 0; r < rows; ++r) {
    double mu = 0, var = 0;
    for (int j = 0; j < n; ++j)
      mu += stored(x[size_t(r) * stride + j], true);
    mu /= n;
    for (int j = 0; j < n; ++j) {
      double d = stored(x[size_t(r) * stride + j], true) - mu;
      var += d * d;
    }
    var /= n;
    double rs = 1.0 / std::sqrt(var + 1e-5);
    outM.push_back((*mean)[r]);
    refM.push_back(mu);
    outR.push_back((*rstd)[r]);
    refR.push_back(rs);
    for (int j = 0; j < n; ++j) {
      double xv = stored(x[size_t(r) * stride + j], true);
      ref.push_back((xv - mu) * rs * stored(w[j], true) + stored(b[j], true));
      out.push_back((*ally)[size_t(r) * stride + j]);
    }
  }
  std::string tag = file + " " + std::to_string(rows) + "x" + std::to_string(n);
  h.verdict(tag + " y", relError(out, ref), 1e-2);
  h.verdict(tag + " mean", relError(outM, refM), 1e-5);
  h.verdict(tag + " rstd", relError(outR, refR), 1e-5);
  return llvm::Error::success();
}

} // namespace

int main(int argc, char **argv) {
  if (argc != 2) {
    llvm::errs() << "usage: tilec-gpu-samples DIR (the cubins of "
                    "scripts/gpu_samples.sh)\n";
    return 2;
  }
  llvm::Expected<Device> device = Device::get();
  if (!device) {
    llvm::outs() << "SKIP: " << llvm::toString(device.takeError()) << "\n";
    return 77;
  }
  std::random_device seedSource;
  uint64_t seed = (uint64_t(seedSource()) << 32) ^ seedSource();
  llvm::outs() << "device: " << device->getName() << ", seed " << seed << "\n";
  Harness h{std::move(*device), argv[1], std::mt19937_64(seed)};
  auto run = [&](const std::string &name, llvm::Error e) {
    if (e)
      h.fail(name, std::move(e));
  };
  for (int n : {98433, (1 << 24) + 3}) {
    run("add fp32", vectorAdd(h, "add_kernel.fp32.cubin", false, n));
    run("add fp16", vectorAdd(h, "add_kernel.fp16.cubin", true, n));
  }
  run("softmax 1000", softmax(h, "softmax_kernel.b1024.cubin",
                              "softmax_kernel", 823, 1000, 1008, 128));
  run("softmax 1024", softmax(h, "softmax_kernel.b1024.cubin",
                              "softmax_kernel", 823, 1024, 1024, 128));
  run("softmax 4097", softmax(h, "softmax_kernel.b8192.cubin",
                              "softmax_kernel", 301, 4097, 4112, 256));
  run("softmax online 4097",
      softmax(h, "softmax_online_kernel.b512.cubin", "softmax_online_kernel",
              301, 4097, 4112, 128));
  for (int n : {512, 1000, 4096})
    run("layernorm", layerNorm(h, "layernorm_fwd_kernel.fp16.cubin", 301, n));
  llvm::outs() << h.passed << " passed, " << h.failed << " failed\n";
  return h.failed ? 1 : 0;
}
