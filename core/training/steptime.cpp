#include "training/steptime.h"

#include <algorithm>
#include <cmath>

namespace cplan::training {

double computeEfficiency(Precision precision, double width, const std::string &architecture)
{
    const bool ampere = architecture == "ampere" || architecture == "volta";
    const double max = precision == Precision::Fp8 ? kEfficiencyMaxFp8 : ampere ? kEfficiencyMaxAmpereBf16 : kEfficiencyMaxBf16;
    width = std::min(width, kMaxCalibratedWidth);
    return width > 0 ? max * width / (width + kGemmWidthHalf) : 0.0;
}

bool overlapsTensorParallel(const std::string &architecture)
{
    return architecture == "hopper" || architecture == "blackwell";
}

int layersPerStage(const Model &m, const Plan &p)
{
    const int chunks = std::max(1, p.pp * p.vp);
    return p.vp * ((m.layers + chunks - 1) / chunks);
}

std::string checkPlan(const Model &m, const Plan &p, int gpus)
{
    auto n = [](int v) { return std::to_string(v); };
    if (p.tp < 1 || p.pp < 1 || p.dp < 1 || p.cp < 1 || p.ep < 1 || p.vp < 1 || p.microBatch < 1 || p.globalBatch < 1 || p.seq < 1)
        return "every parallel size, the batch sizes and the sequence length must be at least 1";
    if (p.gpus() != gpus)
        return "TP x PP x DP x CP = " + n(p.gpus()) + ", not the job's " + n(gpus) + " GPUs";
    if (m.heads % p.tp != 0 || m.kvHeads % p.tp != 0)
        return "TP " + n(p.tp) + " must divide the heads (" + n(m.heads) + ") and KV heads (" + n(m.kvHeads) + ")";
    if (p.pp > m.layers)
        return "PP " + n(p.pp) + " is more than the " + n(m.layers) + " layers";
    if (p.vp > 1 && (p.pp == 1 || m.layers < p.pp * p.vp))
        return "VP " + n(p.vp) + " needs PP > 1 and at least PP x VP layers (" + n(m.layers) + ")";
    if (p.globalBatch % (p.dp * p.microBatch) != 0)
        return "the global batch " + n(p.globalBatch) + " is not a multiple of DP x micro batch (" + n(p.dp * p.microBatch) + ")";
    if (p.vp > 1 && p.microBatches() % p.pp != 0)
        return "interleaving needs the micro-batches (" + n(p.microBatches()) + ") to be a multiple of PP";
    if (p.cp > 1 && p.seq % (2 * p.cp) != 0)
        return "CP " + n(p.cp) + " needs the sequence length to be a multiple of 2 x CP";
    if (!m.moe() && p.ep != 1)
        return "EP applies to mixture-of-experts models only";
    if (m.moe() && (m.experts % p.ep != 0 || (p.dp * p.cp) % p.ep != 0))
        return "EP " + n(p.ep) + " must divide the experts (" + n(m.experts) + ") and DP x CP (" + n(p.dp * p.cp) + ")";
    return {};
}

namespace {

// One micro-batch on the busiest stage, per GPU: seconds of each kind.
struct MicroBatch
{
    double fwd = 0, bwd = 0, recompute = 0, tp = 0, cp = 0, ep = 0;
    double busy() const { return fwd + bwd + recompute + tp + cp + ep; }
};

struct Context
{
    const Model &m;
    const GpuFigures &gpu;
    const Comm &comm;
    const Plan &p;
    StepEstimate &out;
    double peakLinear = 0, peakAttention = 0;   // achieved FLOP/s

    double need(std::optional<double> t)
    {
        if (!t) {
            out.unknown.push_back(comm.unknown());
            return 0.0;
        }
        return *t;
    }
};

MicroBatch microBatch(Context &c)
{
    const Model &m = c.m;
    const Plan &p = c.p;
    const ForwardFlops f = forwardFlops(m, p.seq);
    const int perStage = layersPerStage(m, p);
    const int moePerStage = int(std::lround(double(perStage) * m.moeLayers() / m.layers));
    const double shards = double(p.tp) * p.cp, b = p.microBatch;
    const double layers = (perStage - moePerStage) * f.denseLayer + moePerStage * f.moeLayer;
    // Causal attention skips the masked half of the scores (flash attention's blocks above the
    // diagonal): half the counted FLOPs run (model FLOPs still count them all, as Narayanan's).
    const double attention = perStage * f.attentionCore;
    const double attentionRun = 0.5 * attention;
    MicroBatch mb;
    const double linear = b * (layers - attention) / shards;
    const double logits = b * f.logits / shards / c.peakLinear;   // the last stage also runs the output layer
    mb.fwd = linear / c.peakLinear + b * attentionRun / shards / c.peakAttention + logits;
    mb.bwd = 2.0 * mb.fwd;
    if (p.recompute == Recompute::Full)
        mb.recompute = mb.fwd - logits;
    else if (p.recompute == Recompute::Selective)
        mb.recompute = b * attentionRun / shards / c.peakAttention;

    const double act = b * double(p.seq) / p.cp * m.hidden * 2.0;   // BF16 activations of one layer
    const int passes = p.recompute == Recompute::Full ? 3 : 2;     // forward, backward (+ recompute)
    if (p.tp > 1) {   // sequence parallel: 2 all-gathers + 2 reduce-scatters per pass (= 2 all-reduces)
        const double ag = c.need(c.comm.collective(CollectiveKind::AllGather, p.tp, p.tpStride, act));
        const double rs = c.need(c.comm.collective(CollectiveKind::ReduceScatter, p.tp, p.tpStride, act));
        mb.tp = perStage * passes * 2.0 * (ag + rs);
        if (overlapsTensorParallel(c.gpu.architecture))   // hidden behind the GEMMs of the same passes
            mb.tp -= std::min(kTpHiddenAtMost * mb.tp, kTpOverlap * (linear / c.peakLinear) * (passes == 3 ? 4.0 : 3.0));
    }
    if (p.cp > 1) {   // ring attention: K and V gathered forward, gathered and dK/dV reduced backward
        const double kv = b * p.seq * 2.0 * m.kvHeads * m.headDimension() * 2.0;
        const double ag = c.need(c.comm.collective(CollectiveKind::AllGather, p.cp, p.tp, kv));
        const double rs = c.need(c.comm.collective(CollectiveKind::ReduceScatter, p.cp, p.tp, kv));
        const double perLayer = (passes - 1) * ag + ag + rs;
        const double hidden = 3.0 * b * 0.5 * f.attentionCore / shards / c.peakAttention;
        mb.cp = perStage * std::max(0.0, perLayer - hidden);
    }
    if (m.moe() && p.ep > 1 && moePerStage > 0) {   // dispatch and combine, per pass
        const double tokens = b * double(p.seq) / (double(p.cp) * p.tp);
        const double bytes = tokens * m.expertsPerToken * m.hidden * 2.0;
        const double a2a = c.need(c.comm.collective(CollectiveKind::AllToAll, p.ep, p.tp * p.cp, bytes));
        mb.ep = moePerStage * passes * 2.0 * a2a;
    }
    return mb;
}

// Gradient reduction (distributed optimizer: reduce-scatter BF16 gradients, all-gather BF16
// weights) or FSDP's per-micro-batch gathers, less what overlaps compute.
double dataParallel(Context &c, const MicroBatch &mb)
{
    const Model &m = c.m;
    const Plan &p = c.p;
    const ModelSize size = modelSize(m);
    const int perStage = layersPerStage(m, p);
    const double moeShare = double(m.moeLayers()) / m.layers;
    const double shared = (perStage * (size.attention + (1 - moeShare) * size.denseMlp + moeShare * (size.router + m.sharedExperts * size.expertMlp)) +
                           double(m.vocab) * m.hidden) / p.tp;
    const double experts = perStage * moeShare * m.experts * size.expertMlp / (double(p.tp) * p.ep);
    const int dpShared = p.dp * p.cp, dpExperts = std::max(1, dpShared / p.ep);
    auto group = [&](double params, int size_, int stride, double scale) {
        const double rs = c.need(c.comm.collective(CollectiveKind::ReduceScatter, size_, stride, kGradientBytes * params));
        const double ag = c.need(c.comm.collective(CollectiveKind::AllGather, size_, stride, 2.0 * params));
        return std::pair{rs * scale, ag * scale};
    };
    const auto [rsA, agA] = group(shared, dpShared, p.tp, 1.0);
    const auto [rsB, agB] = group(experts, dpExperts, p.tp * p.cp * p.ep, 1.0);
    if (p.fsdp) {   // every micro-batch gathers the weights twice and reduces the gradients once
        const double perMb = rsA + rsB + 2.0 * (agA + agB);
        return p.microBatches() * std::max(0.0, perMb - kDpOverlap * (mb.fwd + mb.bwd + mb.recompute));
    }
    return std::max(0.0, rsA + rsB - kDpOverlap * mb.bwd) + std::max(0.0, agA + agB - kDpOverlap * mb.fwd);
}

} // namespace

StepEstimate estimateStep(const Model &m, const GpuFigures &gpu, const Comm &comm, const Plan &p)
{
    StepEstimate out;
    out.plan = p;
    out.hbmGB = gpu.memoryGB;
    out.invalid = checkPlan(m, p, p.gpus());
    if (!out.invalid.empty())
        return out;
    out.valid = true;
    out.memory = memoryPerGpu(m, p);
    out.fits = gpu.memoryGB && out.memory.total() <= *gpu.memoryGB;
    if (!gpu.bf16Tflops)
        out.unknown.push_back("dense BF16 peak of GPU '" + gpu.part + "'");
    if (p.precision == Precision::Fp8 && !gpu.fp8Tflops)
        out.unknown.push_back("dense FP8 peak of GPU '" + gpu.part + "'");
    if (!gpu.memoryGB)
        out.unknown.push_back("memory of GPU '" + gpu.part + "'");
    if (!gpu.bf16Tflops || (p.precision == Precision::Fp8 && !gpu.fp8Tflops))
        return out;
    Context c{m, gpu, comm, p, out};
    const double width = double(m.hidden) / p.tp;
    c.peakAttention = *gpu.bf16Tflops * 1e12 * computeEfficiency(Precision::Bf16, width, gpu.architecture);
    c.peakLinear = p.precision == Precision::Fp8 ? *gpu.fp8Tflops * 1e12 * computeEfficiency(Precision::Fp8, width, gpu.architecture)
                                                 : c.peakAttention;
    const MicroBatch mb = microBatch(c);
    const int micro = p.microBatches();
    Breakdown &b = out.breakdown;
    b.compute = micro * (mb.fwd + mb.bwd + mb.recompute);
    b.tp = micro * mb.tp;
    b.cp = micro * mb.cp;
    b.ep = micro * mb.ep;
    b.bubble = double(p.pp - 1) / p.vp * mb.busy();
    if (p.pp > 1) {
        const double bytes = double(p.microBatch) * p.seq / (double(p.cp) * p.tp) * m.hidden * 2.0;
        b.ppP2p = 2.0 * (p.pp * p.vp - 1) * c.need(comm.send(p.tp * p.cp * p.dp, bytes));
    }
    b.dpExposed = dataParallel(c, mb);
    std::sort(out.unknown.begin(), out.unknown.end());
    out.unknown.erase(std::unique(out.unknown.begin(), out.unknown.end()), out.unknown.end());
    out.known = out.unknown.empty();
    out.stepS = b.total();
    const double tokens = double(p.globalBatch) * p.seq;
    out.tokensPerS = tokens / out.stepS;
    out.tokensPerSPerGpu = out.tokensPerS / p.gpus();
    out.modelTflopsPerGpu = trainingFlopsPerToken(m, p.seq) * out.tokensPerSPerGpu / 1e12;
    out.mfu = out.modelTflopsPerGpu / (p.precision == Precision::Fp8 ? *gpu.fp8Tflops : *gpu.bf16Tflops);
    return out;
}

} // namespace cplan::training
