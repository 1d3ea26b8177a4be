# The scan and reduction kernels of test/GPU/ops (the differential harness's)
# compile for sm_80 and sm_90a through ptxas, and their PTX scans the way
# ScanOpToLLVM.cpp says: shfl.sync.up (down for a reverse scan) over the
# lanes along the axis, warp totals through shared memory with a predicated
# st.shared when warps run along the axis.
# RUN: %if ptxas %{ tilec %tilec_src/test/GPU/ops/scan_cumsum.py -k k_cumsum0_int32 -s "*i32:16, *i32:16, 32, 64" --arch=sm_80 --emit=cubin --no-cache -o %t.k_cumsum0_int32.sm_80.cubin %}
# RUN: %if ptxas %{ tilec %tilec_src/test/GPU/ops/scan_cumsum.py -k k_cumsum0_int32 -s "*i32:16, *i32:16, 32, 64" --arch=sm_90a --emit=cubin --no-cache -o %t.k_cumsum0_int32.sm_90a.cubin %}
# RUN: %if ptxas %{ tilec %tilec_src/test/GPU/ops/scan_cumsum.py -k k_cumsum1_int32 -s "*i32:16, *i32:16, 32, 64" --arch=sm_80 --emit=cubin --no-cache -o %t.k_cumsum1_int32.sm_80.cubin %}
# RUN: %if ptxas %{ tilec %tilec_src/test/GPU/ops/scan_cumsum.py -k k_cumsum1_int32 -s "*i32:16, *i32:16, 32, 64" --arch=sm_90a --emit=cubin --no-cache -o %t.k_cumsum1_int32.sm_90a.cubin %}
# RUN: %if ptxas %{ tilec %tilec_src/test/GPU/ops/scan_cumsum.py -k k_cumsum0rev_int32 -s "*i32:16, *i32:16, 32, 64" --arch=sm_80 --emit=cubin --no-cache -o %t.k_cumsum0rev_int32.sm_80.cubin %}
# RUN: %if ptxas %{ tilec %tilec_src/test/GPU/ops/scan_cumsum.py -k k_cumsum0rev_int32 -s "*i32:16, *i32:16, 32, 64" --arch=sm_90a --emit=cubin --no-cache -o %t.k_cumsum0rev_int32.sm_90a.cubin %}
# RUN: %if ptxas %{ tilec %tilec_src/test/GPU/ops/scan_cumsum.py -k k_cumsum1rev_int32 -s "*i32:16, *i32:16, 32, 64" --arch=sm_80 --emit=cubin --no-cache -o %t.k_cumsum1rev_int32.sm_80.cubin %}
# RUN: %if ptxas %{ tilec %tilec_src/test/GPU/ops/scan_cumsum.py -k k_cumsum1rev_int32 -s "*i32:16, *i32:16, 32, 64" --arch=sm_90a --emit=cubin --no-cache -o %t.k_cumsum1rev_int32.sm_90a.cubin %}
# RUN: %if ptxas %{ tilec %tilec_src/test/GPU/ops/scan_cumsum.py -k k_cumsum0_fp32 -s "*fp32:16, *fp32:16, 32, 64" --arch=sm_80 --emit=cubin --no-cache -o %t.k_cumsum0_fp32.sm_80.cubin %}
# RUN: %if ptxas %{ tilec %tilec_src/test/GPU/ops/scan_cumsum.py -k k_cumsum0_fp32 -s "*fp32:16, *fp32:16, 32, 64" --arch=sm_90a --emit=cubin --no-cache -o %t.k_cumsum0_fp32.sm_90a.cubin %}
# RUN: %if ptxas %{ tilec %tilec_src/test/GPU/ops/scan_cumsum.py -k k_cumsum1_fp32 -s "*fp32:16, *fp32:16, 32, 64" --arch=sm_80 --emit=cubin --no-cache -o %t.k_cumsum1_fp32.sm_80.cubin %}
# RUN: %if ptxas %{ tilec %tilec_src/test/GPU/ops/scan_cumsum.py -k k_cumsum1_fp32 -s "*fp32:16, *fp32:16, 32, 64" --arch=sm_90a --emit=cubin --no-cache -o %t.k_cumsum1_fp32.sm_90a.cubin %}
# RUN: %if ptxas %{ tilec %tilec_src/test/GPU/ops/scan_cumsum.py -k k_cumsum1rev_fp32 -s "*fp32:16, *fp32:16, 32, 64" --arch=sm_80 --emit=cubin --no-cache -o %t.k_cumsum1rev_fp32.sm_80.cubin %}
# RUN: %if ptxas %{ tilec %tilec_src/test/GPU/ops/scan_cumsum.py -k k_cumsum1rev_fp32 -s "*fp32:16, *fp32:16, 32, 64" --arch=sm_90a --emit=cubin --no-cache -o %t.k_cumsum1rev_fp32.sm_90a.cubin %}
# RUN: %if ptxas %{ tilec %tilec_src/test/GPU/ops/scan_cumsum.py -k k_cumsum1_int8 -s "*i8:16, *i32:16, 32, 64" --arch=sm_80 --emit=cubin --no-cache -o %t.k_cumsum1_int8.sm_80.cubin %}
# RUN: %if ptxas %{ tilec %tilec_src/test/GPU/ops/scan_cumsum.py -k k_cumsum1_int8 -s "*i8:16, *i32:16, 32, 64" --arch=sm_90a --emit=cubin --no-cache -o %t.k_cumsum1_int8.sm_90a.cubin %}
# RUN: %if ptxas %{ tilec %tilec_src/test/GPU/ops/scan_cumsum.py -k k_cumprod0_int32 -s "*i32:16, *i32:16, 32, 64" --arch=sm_80 --emit=cubin --no-cache -o %t.k_cumprod0_int32.sm_80.cubin %}
# RUN: %if ptxas %{ tilec %tilec_src/test/GPU/ops/scan_cumsum.py -k k_cumprod0_int32 -s "*i32:16, *i32:16, 32, 64" --arch=sm_90a --emit=cubin --no-cache -o %t.k_cumprod0_int32.sm_90a.cubin %}
# RUN: %if ptxas %{ tilec %tilec_src/test/GPU/ops/scan_cumsum.py -k k_cumprod1_int32 -s "*i32:16, *i32:16, 32, 64" --arch=sm_80 --emit=cubin --no-cache -o %t.k_cumprod1_int32.sm_80.cubin %}
# RUN: %if ptxas %{ tilec %tilec_src/test/GPU/ops/scan_cumsum.py -k k_cumprod1_int32 -s "*i32:16, *i32:16, 32, 64" --arch=sm_90a --emit=cubin --no-cache -o %t.k_cumprod1_int32.sm_90a.cubin %}
# RUN: %if ptxas %{ tilec %tilec_src/test/GPU/ops/scan_cumsum.py -k k_cumprod1rev_fp32 -s "*fp32:16, *fp32:16, 32, 64" --arch=sm_80 --emit=cubin --no-cache -o %t.k_cumprod1rev_fp32.sm_80.cubin %}
# RUN: %if ptxas %{ tilec %tilec_src/test/GPU/ops/scan_cumsum.py -k k_cumprod1rev_fp32 -s "*fp32:16, *fp32:16, 32, 64" --arch=sm_90a --emit=cubin --no-cache -o %t.k_cumprod1rev_fp32.sm_90a.cubin %}
# RUN: %if ptxas %{ tilec %tilec_src/test/GPU/ops/scan_cumsum.py -k k_cumprod0_fp32 -s "*fp32:16, *fp32:16, 32, 64" --arch=sm_80 --emit=cubin --no-cache -o %t.k_cumprod0_fp32.sm_80.cubin %}
# RUN: %if ptxas %{ tilec %tilec_src/test/GPU/ops/scan_cumsum.py -k k_cumprod0_fp32 -s "*fp32:16, *fp32:16, 32, 64" --arch=sm_90a --emit=cubin --no-cache -o %t.k_cumprod0_fp32.sm_90a.cubin %}
# RUN: %if ptxas %{ tilec %tilec_src/test/GPU/ops/scan_associative.py -k k_assocscan_max0_int32 -s "*i32:16, *i32:16, 32, 64" --arch=sm_80 --emit=cubin --no-cache -o %t.k_assocscan_max0_int32.sm_80.cubin %}
# RUN: %if ptxas %{ tilec %tilec_src/test/GPU/ops/scan_associative.py -k k_assocscan_max0_int32 -s "*i32:16, *i32:16, 32, 64" --arch=sm_90a --emit=cubin --no-cache -o %t.k_assocscan_max0_int32.sm_90a.cubin %}
# RUN: %if ptxas %{ tilec %tilec_src/test/GPU/ops/scan_associative.py -k k_assocscan_max1_fp32 -s "*fp32:16, *fp32:16, 32, 64" --arch=sm_80 --emit=cubin --no-cache -o %t.k_assocscan_max1_fp32.sm_80.cubin %}
# RUN: %if ptxas %{ tilec %tilec_src/test/GPU/ops/scan_associative.py -k k_assocscan_max1_fp32 -s "*fp32:16, *fp32:16, 32, 64" --arch=sm_90a --emit=cubin --no-cache -o %t.k_assocscan_max1_fp32.sm_90a.cubin %}
# RUN: %if ptxas %{ tilec %tilec_src/test/GPU/ops/scan_associative.py -k k_assocscan_add1rev_int32 -s "*i32:16, *i32:16, 32, 64" --arch=sm_80 --emit=cubin --no-cache -o %t.k_assocscan_add1rev_int32.sm_80.cubin %}
# RUN: %if ptxas %{ tilec %tilec_src/test/GPU/ops/scan_associative.py -k k_assocscan_add1rev_int32 -s "*i32:16, *i32:16, 32, 64" --arch=sm_90a --emit=cubin --no-cache -o %t.k_assocscan_add1rev_int32.sm_90a.cubin %}
# RUN: %if ptxas %{ tilec %tilec_src/test/GPU/ops/scan_associative.py -k k_assocscan_add0rev_fp32 -s "*fp32:16, *fp32:16, 32, 64" --arch=sm_80 --emit=cubin --no-cache -o %t.k_assocscan_add0rev_fp32.sm_80.cubin %}
# RUN: %if ptxas %{ tilec %tilec_src/test/GPU/ops/scan_associative.py -k k_assocscan_add0rev_fp32 -s "*fp32:16, *fp32:16, 32, 64" --arch=sm_90a --emit=cubin --no-cache -o %t.k_assocscan_add0rev_fp32.sm_90a.cubin %}
# RUN: %if ptxas %{ tilec %tilec_src/test/GPU/ops/scan_associative.py -k k_assocscan_pair0_int32 -s "*i32:16, *i32:16, 32, 64" --arch=sm_80 --emit=cubin --no-cache -o %t.k_assocscan_pair0_int32.sm_80.cubin %}
# RUN: %if ptxas %{ tilec %tilec_src/test/GPU/ops/scan_associative.py -k k_assocscan_pair0_int32 -s "*i32:16, *i32:16, 32, 64" --arch=sm_90a --emit=cubin --no-cache -o %t.k_assocscan_pair0_int32.sm_90a.cubin %}
# RUN: %if ptxas %{ tilec %tilec_src/test/GPU/ops/scan_associative.py -k k_assocscan_pair1rev_int32 -s "*i32:16, *i32:16, 32, 64" --arch=sm_80 --emit=cubin --no-cache -o %t.k_assocscan_pair1rev_int32.sm_80.cubin %}
# RUN: %if ptxas %{ tilec %tilec_src/test/GPU/ops/scan_associative.py -k k_assocscan_pair1rev_int32 -s "*i32:16, *i32:16, 32, 64" --arch=sm_90a --emit=cubin --no-cache -o %t.k_assocscan_pair1rev_int32.sm_90a.cubin %}
# RUN: %if ptxas %{ tilec %tilec_src/test/GPU/ops/scan_associative.py -k k_cumsum_1d_int32 -s "*i32:16, *i32:16, 32, 64" --arch=sm_80 --emit=cubin --no-cache -o %t.k_cumsum_1d_int32.sm_80.cubin %}
# RUN: %if ptxas %{ tilec %tilec_src/test/GPU/ops/scan_associative.py -k k_cumsum_1d_int32 -s "*i32:16, *i32:16, 32, 64" --arch=sm_90a --emit=cubin --no-cache -o %t.k_cumsum_1d_int32.sm_90a.cubin %}
# RUN: %if ptxas %{ tilec %tilec_src/test/GPU/ops/scan_associative.py -k k_reduce_firstmax1_int32 -s "*i32:16, *i32:16, 32, 64" --arch=sm_80 --emit=cubin --no-cache -o %t.k_reduce_firstmax1_int32.sm_80.cubin %}
# RUN: %if ptxas %{ tilec %tilec_src/test/GPU/ops/scan_associative.py -k k_reduce_firstmax1_int32 -s "*i32:16, *i32:16, 32, 64" --arch=sm_90a --emit=cubin --no-cache -o %t.k_reduce_firstmax1_int32.sm_90a.cubin %}
# RUN: %if ptxas %{ tilec %tilec_src/test/GPU/ops/scan_associative.py -k k_reduce_add0_fp32 -s "*fp32:16, *fp32:16, 32, 64" --arch=sm_80 --emit=cubin --no-cache -o %t.k_reduce_add0_fp32.sm_80.cubin %}
# RUN: %if ptxas %{ tilec %tilec_src/test/GPU/ops/scan_associative.py -k k_reduce_add0_fp32 -s "*fp32:16, *fp32:16, 32, 64" --arch=sm_90a --emit=cubin --no-cache -o %t.k_reduce_add0_fp32.sm_90a.cubin %}
# RUN: %if ptxas %{ tilec %tilec_src/test/GPU/ops/scan_associative.py -k k_xorsum1_int32 -s "*i32:16, *i32:16, 32, 64" --arch=sm_80 --emit=cubin --no-cache -o %t.k_xorsum1_int32.sm_80.cubin %}
# RUN: %if ptxas %{ tilec %tilec_src/test/GPU/ops/scan_associative.py -k k_xorsum1_int32 -s "*i32:16, *i32:16, 32, 64" --arch=sm_90a --emit=cubin --no-cache -o %t.k_xorsum1_int32.sm_90a.cubin %}
#
# RUN: tilec %tilec_src/test/GPU/ops/scan_cumsum.py -k k_cumsum0_int32 -s "*i32:16, *i32:16, 32, 64" --emit=ptx --no-cache | FileCheck %s --check-prefix=COL
# RUN: tilec %tilec_src/test/GPU/ops/scan_cumsum.py -k k_cumsum1rev_int32 -s "*i32:16, *i32:16, 32, 64" --emit=ptx --no-cache | FileCheck %s --check-prefix=ROWREV
# RUN: tilec %tilec_src/test/GPU/ops/scan_cumsum.py -k k_cumsum1_int8 -s "*i8:16, *i32:16, 32, 64" --emit=ptx --no-cache | FileCheck %s --check-prefix=I8

# Down the columns of 32 x 64 on 4 warps: warps along the axis.
# COL-LABEL: .entry k_cumsum0_int32(
# COL: shfl.sync.up.b32
# COL: bar.sync 0;
# COL: @%p{{[0-9]+}} st.shared.b32
# COL: bar.sync 0;
# COL: ld.shared

# Along the rows, reversed: lanes along the axis, no shared memory.
# ROWREV-LABEL: .entry k_cumsum1rev_int32(
# ROWREV: shfl.sync.down.b32
# ROWREV-NOT: shfl.sync.up
# ROWREV-NOT: st.shared
# ROWREV: ret;

# int8 sums in int32: the loads sign-extend.
# I8-LABEL: .entry k_cumsum1_int8(
# I8: ld.global
# I8: cvt.s32.s8
# I8: shfl.sync.up.b32
