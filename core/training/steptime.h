#pragma once

// The step-time model: Megatron-style training of a decoder on a design's GPUs.
//
// Compute: FLOPs per layer (Narayanan et al. 2021, "Efficient Large-Scale Language Model
// Training on GPU Clusters Using Megatron-LM", arXiv:2104.04473, §3.5: 96 B s l h^2 (1 + s/6h +
// V/16lh) with full recomputation; generalised to grouped-query attention, SwiGLU and experts in
// training/model.h) over the GPU's dense peak times a compute efficiency calibrated on published
// runs (kComputeEfficiency, resources/manual/training.md). Communication: the NCCL model on the
// design (training/comm.h). Memory: Korthikanti et al. 2022, "Reducing Activation Recomputation in
// Large Transformer Models", arXiv:2205.05198, §4 (activations per layer 34 s b h + 5 a s^2 b, with
// TP and SP divided by t; selective recomputation drops the 5 a s^2 b term; full keeps 2 s b h).

#include "training/comm.h"
#include "training/model.h"
#include "training/plan.h"

#include <optional>
#include <string>

namespace cplan::training {

// What the step-time model reads of a GPU part (catalog: gpus.yaml); unknown stays unknown.
struct GpuFigures
{
    std::string part;
    std::optional<double> bf16Tflops, fp8Tflops, memoryGB, hbmTBps;
    std::string architecture;        // "ampere", "hopper", ... (catalog)
};

// Megatron-Core overlaps tensor-parallel communication with the GEMMs through Transformer
// Engine's userbuffers from Hopper on (`--tp-comm-overlap`; NeMo's H100 recipes and the
// Megatron-LM README's H100 runs turn it on); on Ampere (Narayanan's and Korthikanti's runs) it is
// exposed.
bool overlapsTensorParallel(const std::string &architecture);

// The fraction of the dense peak a layer's matrix multiplies reach in Megatron grows with their
// size: eta = eta_max * w / (w + w_half), w = hidden / TP (the per-GPU width of the GEMMs).
// Calibrated once, not per test, on three published runs (resources/manual/training.md):
// w_half and the BF16 eta_max on Narayanan et al. 2021 (GPT-3 175B on 1,024 A100 at 140 TFLOP/s
// per GPU, §5.1; 529.6B on 2,520 A100 at 163, Table 1); the FP8 eta_max on NVIDIA's
// Megatron-Bridge performance summary (NeMo 25.11: Llama 3 70B on 64 H100, FP8, 1,602 tokens/s
// per GPU). The other published runs check it (tests/core/training/tst_training.cpp).
inline constexpr double kGemmWidthHalf = 876;
inline constexpr double kEfficiencyMaxAmpereBf16 = 0.88;
inline constexpr double kEfficiencyMaxFp8 = 0.62;
// Hopper and later in BF16: no published run with its full layout to fit on; set so that the
// end-to-end MFU of large models lands in the 41-48 % the Megatron-LM README reports for BF16
// GPT models of 2B-462B on up to 6,144 H100 (github.com/NVIDIA/Megatron-LM, "Performance").
inline constexpr double kEfficiencyMaxBf16 = 0.62;
// The curve is not extrapolated beyond the widest GEMM of a run it was checked on (Llama 3 8B
// at TP 1 on H100: w = 4,096): wider plans get that width's efficiency.
inline constexpr double kMaxCalibratedWidth = 4096;
double computeEfficiency(Precision precision, double width, const std::string &architecture);
// Overlapped TP communication hides behind at most 90 % of a pass's GEMM time and never
// entirely: the first chunk's all-gather and the last one's reduce-scatter stay exposed (20 %).
inline constexpr double kTpOverlap = 0.9;
inline constexpr double kTpHiddenAtMost = 0.8;
// Bytes per gradient: Megatron-Core keeps and reduces gradients in BF16 (grad_reduce_in_fp32 off).
inline constexpr double kGradientBytes = 2.0;
// Memory the framework keeps besides the model's state and activations (CUDA context, NCCL
// buffers, allocator fragmentation), GB per GPU.
inline constexpr double kReservedMemoryGB = 4.0;
// The share of backward compute that DP's gradient reduction can hide behind (Megatron overlaps
// the reduce-scatter of a bucket with the backward of the layers before it).
inline constexpr double kDpOverlap = 0.9;

// Layers on one pipeline stage (all its virtual stages): an uneven split gives the busiest stage
// ceil(layers / (PP x VP)) per virtual stage.
int layersPerStage(const Model &model, const Plan &plan);

// Whether `plan` is legal for `model` on `gpus` GPUs (divisibility, batch, heads); the reason if not.
std::string checkPlan(const Model &model, const Plan &plan, int gpus);

// The step: compute, communication and bubble per micro-batch and per step, memory on the first
// pipeline stage against HBM.
StepEstimate estimateStep(const Model &model, const GpuFigures &gpu, const Comm &comm, const Plan &plan);

// Memory per GPU alone (Korthikanti et al. 2022 §4; Megatron's distributed optimizer: BF16
// weights 2 B, BF16 gradients 2 B, Adam's FP32 master weights and two moments 12 B sharded over DP).
Memory memoryPerGpu(const Model &model, const Plan &plan);

} // namespace cplan::training
