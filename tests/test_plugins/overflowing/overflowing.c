/*
 * libbopp-overflowing.so: overflowing_objective, y = x0 on [0, 1], whose evaluate writes one
 * element past the end of y and of status (y[n] and status[n]), the off-by-one a new author
 * makes. Written against the raw C ABI, as the authoring kit sizes its own writes. The host's
 * guard elements take the stray writes: `bopp check` and every evaluator must fail the call
 * and name the buffers, not accept its values.
 */
#include <bopp/abi.h>

static const double unit_lower[1] = {0.0};
static const double unit_upper[1] = {1.0};
static const bopp_problem unit_problem = {.struct_size = sizeof(bopp_problem),
                                          .dim = 1,
                                          .lower = unit_lower,
                                          .upper = unit_upper,
                                          .kinds = NULL,
                                          .sense = BOPP_MINIMIZE,
                                          .has_optimum = 0,
                                          .optimum_value = 0.0,
                                          .optimizer = NULL,
                                          .noise_std = 0.0,
                                          .candidate_count = 0,
                                          .candidates = NULL,
                                          .thread_safe = 0};

/* Instances carry nothing: any non-NULL pointer will do. */
static int instance_token;

static bopp_status create(const char* config_toml, uint64_t seed, const bopp_host* host,
                          void** instance, char* error, size_t error_capacity) {
  (void)config_toml;
  (void)seed;
  (void)host;
  (void)error;
  (void)error_capacity;
  *instance = &instance_token;
  return BOPP_OK;
}

static void destroy(void* instance) { (void)instance; }

static const bopp_problem* problem(void* instance) {
  (void)instance;
  return &unit_problem;
}

static bopp_status evaluate(void* instance, const double* X, uint64_t n, const uint64_t* seeds,
                            double* y, int32_t* status, char* error, size_t error_capacity) {
  uint64_t i;
  (void)instance;
  (void)seeds;
  (void)error;
  (void)error_capacity;
  for (i = 0; i <= n; ++i) { /* <=: one too many */
    y[i] = i < n ? X[i] : 0.0;
    status[i] = BOPP_OK;
  }
  return BOPP_OK;
}

static const bopp_objective_class overflowing_objective = {
    .struct_size = sizeof(bopp_objective_class),
    .name = "overflowing_objective",
    .version = "1.0.0",
    .summary = "y = x0 on [0, 1]; writes y[n] and status[n], one past the end of each",
    .params = NULL,
    .param_count = 0,
    .create = create,
    .destroy = destroy,
    .problem = problem,
    .evaluate = evaluate,
    .get_extension = NULL};

static const bopp_objective_class* const objectives[] = {&overflowing_objective};

static const bopp_manifest manifest = {.struct_size = sizeof(bopp_manifest),
                                       .abi_major = BOPP_ABI_MAJOR,
                                       .abi_minor = BOPP_ABI_MINOR,
                                       .library_name = "overflowing",
                                       .library_version = "1.0.0",
                                       .algorithms = NULL,
                                       .algorithm_count = 0,
                                       .objectives = objectives,
                                       .objective_count = 1};

BOPP_EXPORT const bopp_manifest* bopp_plugin_manifest(void) { return &manifest; }
