// bench/stobnts/network_flops.hpp: the arithmetic of the stobnts networks per point, which the
// benchmarks price at a GEMM rate measured beside them (../gemm_yardstick.hpp). Products with the
// weights only: biases and activations are lower order.
#pragma once

#include <bopp/nn/mlp.hpp>

namespace bopp::bench {

// Σ over layers of 2 n_{l−1} n_l: the flop of one product with every layer's weights, per point.
inline double layer_product_flops(const nn::Mlp& mlp, int from_layer = 1) {
  double flops = 0;
  for (int l = from_layer; l <= mlp.layers(); ++l)
    flops += 2.0 * static_cast<double>(mlp.units(l - 1) * mlp.units(l));
  return flops;
}

// A training step (or an L-BFGS pass): the forward pass, the weight gradients and the backward
// signals below the first layer.
inline double step_flops_per_point(const nn::Mlp& mlp) {
  return 2 * layer_product_flops(mlp) + layer_product_flops(mlp, 2);
}

// A sto-bnts draw's value: f(x; θ), the forward pass at θ0 and its tangent (V A per layer, and
// W Ȧ below the first layer, where Ȧ_0 = 0).
inline double search_flops_per_point(const nn::Mlp& mlp) {
  return 3 * layer_product_flops(mlp) + layer_product_flops(mlp, 2);
}

// The same value and its x-gradient: both forward passes and the tangent, and the reverse passes
// through the network (Wᵀ) and the tangent term (Wᵀ and Vᵀ, twice for W).
inline double refinement_flops_per_point(const nn::Mlp& mlp) {
  return 7 * layer_product_flops(mlp) + layer_product_flops(mlp, 2);
}

}  // namespace bopp::bench
