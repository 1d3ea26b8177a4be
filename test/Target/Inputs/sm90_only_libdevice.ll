; A stand-in for libdevice (TILEC_LIBDEVICE) whose __nv_sinf uses an
; instruction of sm_90 alone, so that NVPTX cannot select it for sm_80: a way
; to make the back end fail from a kernel that tilec accepts.
target triple = "nvptx64-nvidia-cuda"

declare void @llvm.nvvm.wgmma.fence.sync.aligned()

define float @__nv_sinf(float %x) {
  call void @llvm.nvvm.wgmma.fence.sync.aligned()
  ret float %x
}
