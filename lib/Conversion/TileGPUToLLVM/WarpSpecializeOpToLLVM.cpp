//===- WarpSpecializeOpToLLVM.cpp - Roles of a specialized CTA --*- C++ -*-===//
//
// A tilegpu.warp_specialize op stays through the conversion of tensors, so
// that the ops in its regions know their role while they lower (TMA copies
// in the producer are issued by the producer warpgroup's first thread).
// Afterwards it becomes a branch on the thread index: the consumers are the
// first `tilegpu.num_warps` warps, so every layout maps their threads as
// before, and the producer warpgroup follows them. Each role first sets its
// register budget (setmaxnreg), and every CTA barrier the consumers' code
// lowered to becomes named barrier 1 over the consumer threads alone: the
// producer never reaches those barriers, and may have exited.
//
//===----------------------------------------------------------------------===//

#include "Utility.h"

#include "TileGPU/IR/TileGPUOps.h"

#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;
using namespace tilec;
using namespace tilec::gpu_to_llvm;

/// The register budget of a role, where it differs from the launch's.
static void setMaxRegisters(OpBuilder &b, Location loc, int32_t regs,
                            int32_t launch) {
  if (regs == launch)
    return;
  NVVM::SetMaxRegisterOp::create(b, loc, regs,
                                 regs > launch
                                     ? NVVM::SetMaxRegisterAction::increase
                                     : NVVM::SetMaxRegisterAction::decrease);
}

LogicalResult tilec::gpu_to_llvm::lowerWarpSpecializeOps(ModuleOp module) {
  SmallVector<tilegpu::WarpSpecializeOp> ops;
  module.walk([&](tilegpu::WarpSpecializeOp op) { ops.push_back(op); });
  for (tilegpu::WarpSpecializeOp ws : ops) {
    Location loc = ws.getLoc();
    unsigned consumerWarps = tilegpu::getNumWarps(ws);
    int64_t consumerThreads = 32 * int64_t(consumerWarps);
    WalkResult bad = ws.getProducer().walk([](Operation *op) {
      if (!isa<NVVM::Barrier0Op, NVVM::BarrierOp>(op))
        return WalkResult::advance();
      op->emitError("a CTA barrier in the producer role of a "
                    "warp-specialized kernel would never complete");
      return WalkResult::interrupt();
    });
    if (bad.wasInterrupted())
      return failure();
    SmallVector<NVVM::Barrier0Op> barriers;
    ws.getConsumer().walk([&](NVVM::Barrier0Op op) { barriers.push_back(op); });
    for (NVVM::Barrier0Op op : barriers) {
      OpBuilder b(op);
      Value id = i32Const(b, op.getLoc(), 1);
      Value threads = i32Const(b, op.getLoc(), consumerThreads);
      NVVM::BarrierOp::create(b, op.getLoc(), Type(), id, threads,
                              NVVM::BarrierReductionAttr(), Value());
      op.erase();
    }

    OpBuilder b(ws);
    tilegpu::WarpSpecializedRegisters regs =
        tilegpu::getWarpSpecializedRegisters(consumerWarps,
                                             ws.getProducerWarps());
    Value tid = getThreadId(b, loc);
    Value first = i32Const(b, loc, consumerThreads);
    Value isProducer =
        LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::uge, tid, first);
    auto ifOp = scf::IfOp::create(b, loc, TypeRange{}, isProducer,
                                  /*withElseRegion=*/true);
    // Each role sets its budget, all of its warpgroups together (setmaxnreg
    // is .sync.aligned). Then the producer's code runs on its first thread
    // alone: it is scalar code, copies that thread issues anyway, and
    // mbarrier waits, and a second waiting thread could fall two phases
    // behind an mbarrier and wait forever for a phase that never comes.
    b.setInsertionPoint(ifOp.thenBlock()->getTerminator());
    setMaxRegisters(b, loc, ws.getProducerRegs(), regs.launch);
    // Operands in statements of their own: argument order is unspecified.
    Value producerTid = getThreadId(b, loc);
    Value producerFirst = i32Const(b, loc, consumerThreads);
    Value isFirst = LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::eq,
                                         producerTid, producerFirst);
    auto single = scf::IfOp::create(b, loc, TypeRange{}, isFirst,
                                    /*withElseRegion=*/false);
    Block *producer = single.thenBlock();
    producer->getOperations().splice(producer->getTerminator()->getIterator(),
                                     ws.getProducer().front().getOperations());
    Block *consumer = ifOp.elseBlock();
    b.setInsertionPoint(consumer->getTerminator());
    setMaxRegisters(b, loc, ws.getConsumerRegs(), regs.launch);
    consumer->getOperations().splice(consumer->getTerminator()->getIterator(),
                                     ws.getConsumer().front().getOperations());
    ws.erase();
  }
  return success();
}
