// The exact GP of batch Thompson sampling: the toolkit's GaussianProcess with the
// Gaussian kernel of bandwidth h on the candidates' own units, prior variance 1, noise
// variance λ and no output standardization, so its variances divided by λ are the paper's.
#pragma once

#include "settings.hpp"

#include <bopp/bo/gaussian_process.hpp>
#include <bopp/plugin.hpp>

namespace bopp::bbkb {

bo::GaussianProcess make_exact_gp(const Settings& settings, const Points& candidates);

// log det(K_t/λ + I) of the GP's data (Calandriello et al. 2020, Appendix C.2: the Σ log(1 +
// σ²_{s−1}(x_s)) of the confidence width), from its Cholesky factor.
double information_gain(const bo::GaussianProcess& gp, double lambda);

}  // namespace bopp::bbkb
