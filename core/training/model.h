#pragma once

// A language model as the step-time model needs it: the dimensions that set its FLOPs, its
// parameters and its activation memory. Built-in models live in resources/models/ (one YAML file
// per id, each with its public source); users add their own (`cplan train --model FILE.yaml`).

#include "util/error.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace cplan::training {

inline constexpr const char *kModelFormat = "cluster-planner-model/1";

struct Model
{
    std::string id;                 // "llama3-70b"
    std::string name;               // "Llama 3 70B"
    std::vector<std::string> sources;
    int layers = 0;
    int hidden = 0;                 // h
    int ffn = 0;                    // FFN hidden size of a dense layer
    int heads = 0;
    int kvHeads = 0;                // grouped-query attention; = heads for multi-head attention
    int headDim = 0;                // 0 = hidden / heads
    int vocab = 0;
    int seqLen = 0;                 // the sequence length it is trained at (--seq overrides)
    bool gatedMlp = true;           // SwiGLU (3 matrices) or GeLU (2)
    bool tiedEmbeddings = false;    // the output layer shares the input embedding
    bool dropout = false;           // trained with dropout (GPT-3; Llama and Mixtral are not): masks kept
    // Mixture of experts: `experts` routed experts of FFN size `expertFfn`, `expertsPerToken`
    // of them per token, `sharedExperts` always on; the first `denseLayers` layers are dense.
    int experts = 0;
    int expertsPerToken = 0;
    int expertFfn = 0;
    int sharedExperts = 0;
    int denseLayers = 0;

    bool moe() const { return experts > 0; }
    int headDimension() const { return headDim > 0 ? headDim : hidden / heads; }
    int moeLayers() const { return moe() ? layers - denseLayers : 0; }
};

// Parameter counts (not FLOPs): the whole model, and what one token passes through.
struct ModelSize
{
    double attention = 0;           // per layer
    double denseMlp = 0;            // per dense layer
    double expertMlp = 0;           // one routed expert
    double router = 0;              // per MoE layer
    double embedding = 0;           // input embedding (the output layer again unless tied)
    double total = 0;
    double active = 0;              // per token
    double expertTotal = 0;         // every routed expert of every layer (sharded over EP)
};
ModelSize modelSize(const Model &m);

// Forward FLOPs for one sequence of `seq` tokens: every layer's matrix multiplies plus the
// attention scores and their product with V (Narayanan et al. 2021, §3.5; full, not causal, as
// their formula), and the output layer. Training (forward and backward) is three times this.
struct ForwardFlops
{
    double denseLayer = 0;          // one dense layer, matrix multiplies and attention
    double moeLayer = 0;            // one MoE layer (the experts a token is routed to)
    double attentionCore = 0;       // QK^T and attention over V, per layer (selective recompute)
    double logits = 0;              // the output layer
    double total = 0;               // all layers and the output layer
};
ForwardFlops forwardFlops(const Model &m, int seq);

// Model FLOPs per token of training (3 x forward), the definition behind MFU.
double trainingFlopsPerToken(const Model &m, int seq);

// Reads a model file (format: cluster-planner-model/1). Errors name file, line and column.
Result<Model> parseModel(std::string_view text, const std::string &file);
Result<Model> loadModelFile(const std::string &path);

// resources/models: $CPLAN_MODELS_DIR, else the installed share/cluster-planner/models beside
// the executable, else the source tree's (as the catalog is found).
std::string builtinModelsDirectory();
std::vector<std::string> builtinModelIds();   // sorted
// A built-in id, or a path to a model file (anything with a '/' or ending in .yaml).
Result<Model> findModel(const std::string &idOrPath);

// "15T", "300B", "2.5e12", "1.5M": a count of tokens to train (every front end reads it so).
std::optional<double> parseTokenCount(const std::string &text);

} // namespace cplan::training
