//===- TensorMapTypes.h - Element types a tensor map can hold ---*- C++ -*-===//
//
// The one table from a signature's element type to the CUtensorMapDataType
// that encodes it, for encodeTensorMap (lib/Runtime/TensorMap.cpp) and the C
// launcher (lib/Compiler/CLauncher.cpp, which writes the enumerator's name
// into generated C), so the JIT and the AOT launcher encode alike. Free of
// cuda.h, so that the compiler library can include it too.
//
// TMA copies bytes and never converts, so signedness and the fp8 formats
// only need an integer type of the right width.
//
//===----------------------------------------------------------------------===//

#ifndef TILEC_LIB_RUNTIME_TENSORMAPTYPES_H
#define TILEC_LIB_RUNTIME_TENSORMAPTYPES_H

/// X(signature name, CU_TENSOR_MAP_DATA_TYPE_ suffix, bytes per element).
#define TILEC_TENSOR_MAP_ELEMENT_TYPES(X)                                      \
  X("fp16", FLOAT16, 2)                                                        \
  X("bf16", BFLOAT16, 2)                                                       \
  X("fp32", FLOAT32, 4)                                                        \
  X("fp64", FLOAT64, 8)                                                        \
  X("i8", UINT8, 1)                                                            \
  X("u8", UINT8, 1)                                                            \
  X("fp8e4nv", UINT8, 1)                                                       \
  X("fp8e5", UINT8, 1)                                                         \
  X("i16", UINT16, 2)                                                          \
  X("u16", UINT16, 2)                                                          \
  X("i32", INT32, 4)                                                           \
  X("u32", UINT32, 4)                                                          \
  X("i64", INT64, 8)                                                           \
  X("u64", UINT64, 8)

#endif // TILEC_LIB_RUNTIME_TENSORMAPTYPES_H
