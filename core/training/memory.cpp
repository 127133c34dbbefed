// Memory per GPU on the first pipeline stage (it holds the most micro-batches in flight).
#include "training/steptime.h"

#include <algorithm>

namespace cplan::training {

namespace {

// Bytes one layer keeps per token of a micro-batch (before TP/SP's division), Korthikanti et
// al. 2022 §4.1-4.2 term by term, generalised: attention keeps the QKV input 2h, Q and K and V
// (2q + 4kv; GPT: 2h + 4h), the output projection's input 2q and a dropout mask h (GPT's 11h);
// the scores 5as (2as without dropout) unless recomputed; two norms' inputs 4h; a GeLU MLP 2h +
// 4f (+ h mask: GPT's 19h at f = 4h), a SwiGLU MLP 2h + 6f. FP8 keeps the four linear layers'
// inputs in one byte (Transformer Engine saves the FP8 cast for the backward pass).
double perToken(const Model &m, const Plan &p, bool moeLayer)
{
    const double h = m.hidden, q = double(m.heads) * m.headDimension(), kv = double(m.kvHeads) * m.headDimension();
    const double s = double(p.seq) / p.cp;
    const bool fp8 = p.precision == Precision::Fp8;
    const double in = fp8 ? 1.0 : 2.0;   // bytes per element of a linear layer's saved input
    const double mask = m.dropout ? 1.0 : 0.0;
    double attention = in * h + 2.0 * q + 4.0 * kv + in * q + mask * h;
    if (p.recompute == Recompute::None)
        attention += (m.dropout ? 5.0 : 2.0) * m.heads * s;
    auto mlp = [&](double f) { return m.gatedMlp ? in * h + 4.0 * f + in * f : in * h + 2.0 * f + in * f + mask * h; };
    double ffn = mlp(m.ffn);
    if (moeLayer)
        ffn = 2.0 * h /* router input */ + (m.expertsPerToken + m.sharedExperts) * mlp(m.expertFfn);
    return attention + 4.0 * h + ffn;
}

double layerActivations(const Model &m, const Plan &p, bool moeLayer)
{
    const double tokens = double(p.seq) / p.cp * p.microBatch;
    if (p.recompute == Recompute::Full)
        return 2.0 * tokens * m.hidden / p.tp;   // the layer's input; one layer is recomputed at a time
    return tokens * perToken(m, p, moeLayer) / p.tp;
}

} // namespace

Memory memoryPerGpu(const Model &m, const Plan &p)
{
    const ModelSize size = modelSize(m);
    const int perStage = layersPerStage(m, p);
    const double moeShare = m.layers > 0 ? double(m.moeLayers()) / m.layers : 0.0;
    const double layerShared = size.attention + (1.0 - moeShare) * size.denseMlp + moeShare * (size.router + m.sharedExperts * size.expertMlp);
    const double embed = double(m.vocab) * m.hidden;
    double shared = perStage * layerShared + embed + (p.pp == 1 && !m.tiedEmbeddings ? embed : 0.0);
    double experts = perStage * moeShare * m.experts * size.expertMlp;
    shared /= p.tp;
    experts /= double(p.tp) * p.ep;
    const double dpShared = double(p.dp) * p.cp, dpExperts = std::max(1.0, dpShared / p.ep);

    Memory mem;
    constexpr double GB = 1e9;
    const double state = shared / dpShared + experts / dpExperts;   // one copy, sharded over DP
    if (p.fsdp) {
        const double gathered = 2.0 * 2.0 * (layerShared / p.tp);   // two layers' weights unsharded at a time
        mem.weights = (2.0 * state + gathered) / GB;
        mem.gradients = kGradientBytes * state / GB;
    } else {
        mem.weights = 2.0 * (shared + experts) / GB;
        mem.gradients = kGradientBytes * (shared + experts) / GB;
    }
    mem.optimizer = 12.0 * state / GB;

    const double dense = layerActivations(m, p, false), moe = layerActivations(m, p, true);
    const double perLayer = (1.0 - moeShare) * dense + moeShare * moe;
    const int inFlight = std::min(p.pp, std::max(1, p.microBatches()));
    const double interleave = p.vp > 1 ? 1.0 + double(p.pp - 1) / (double(p.pp) * p.vp) : 1.0;
    double act = perLayer * perStage * inFlight * interleave;
    if (p.recompute == Recompute::Full) {   // the layer being recomputed, at full size
        Plan one = p;
        one.recompute = Recompute::Selective;
        act += layerActivations(m, one, false);
    }
    if (p.pp == 1)   // the output layer's logits in FP32
        act += 4.0 * double(p.seq) / p.cp * p.microBatch * m.vocab / p.tp;
    mem.activations = act / GB;
    mem.reserved = kReservedMemoryGB;
    return mem;
}

} // namespace cplan::training
