//===- jit_carry_main.cpp - The JIT programs as one binary ----*- C++ -*-===//
//
// The JIT programs linked with LLVM and MLIR statically are each tens of
// megabytes; carried to the GPU machine (which has no LLVM) as one binary
// they share that weight. `tilec-jit-carry PROGRAM ARGS...` runs the
// program's main, compiled from the same source as its standalone build.
//
//===----------------------------------------------------------------------===//

#include <cstdio>
#include <cstring>

int tilecJitSoftmaxMain(int argc, char **argv);
int tilecJitBenchMain(int argc, char **argv);
int tilecGpuJitLaunchMain(int argc, char **argv);
int tilecGpuAutotuneMain(int argc, char **argv);
int tilecGpuJitTmaMain(int argc, char **argv);
int tilecJitNormsMain(int argc, char **argv);
int tilecJitFusedMain(int argc, char **argv);
int tilecJitAttentionMain(int argc, char **argv);

int main(int argc, char **argv) {
  struct Program {
    const char *name;
    int (*main)(int, char **);
  };
  const Program programs[] = {{"jit-softmax", tilecJitSoftmaxMain},
                              {"jit-bench", tilecJitBenchMain},
                              {"jit-launch", tilecGpuJitLaunchMain},
                              {"autotune", tilecGpuAutotuneMain},
                              {"jit-tma", tilecGpuJitTmaMain},
                              {"jit-norms", tilecJitNormsMain},
                              {"jit-fused", tilecJitFusedMain},
                              {"jit-attention", tilecJitAttentionMain}};
  if (argc >= 2)
    for (const Program &p : programs)
      if (std::strcmp(argv[1], p.name) == 0)
        return p.main(argc - 1, argv + 1);
  std::fprintf(stderr,
               "usage: %s jit-softmax|jit-bench|jit-launch|autotune|jit-tma|"
               "jit-norms|jit-fused|jit-attention "
               "ARGS...\n",
               argv[0]);
  return 2;
}
