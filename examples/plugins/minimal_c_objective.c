/* The smallest objective plugin, in plain C against bopp/abi.h alone (docs/abi.md).
 * One objective, "minimal_c_sphere": x0^2 + x1^2 on [-5, 5]^2, minimized, no parameters. */
#include <bopp/abi.h>

#include <stddef.h>

static const double lower[2] = {-5.0, -5.0};
static const double upper[2] = {5.0, 5.0};

/* The function has no state, so every instance can share this one problem. */
static const bopp_problem problem = {
    .struct_size = sizeof(bopp_problem),
    .dim = 2,
    .lower = lower,
    .upper = upper,
    .sense = BOPP_MINIMIZE,
    .has_optimum = 1,
    .optimum_value = 0.0,
    .thread_safe = 1,
};
static int instance_token;

static bopp_status create(const char* config_toml, uint64_t seed, const bopp_host* host,
                          void** instance, char* error, size_t error_capacity) {
  (void)config_toml, (void)seed, (void)host, (void)error, (void)error_capacity;
  *instance = &instance_token;
  return BOPP_OK;
}

static void destroy(void* instance) { (void)instance; }

static const bopp_problem* get_problem(void* instance) {
  (void)instance;
  return &problem;
}

static bopp_status evaluate(void* instance, const double* X, uint64_t n, const uint64_t* seeds,
                            double* y, int32_t* status, char* error, size_t error_capacity) {
  (void)instance, (void)seeds, (void)error, (void)error_capacity;
  for (uint64_t i = 0; i < n; ++i) {
    const double* x = X + 2 * i;
    y[i] = x[0] * x[0] + x[1] * x[1];
    status[i] = BOPP_OK;
  }
  return BOPP_OK;
}

static const bopp_objective_class sphere = {
    .struct_size = sizeof(bopp_objective_class),
    .name = "minimal_c_sphere",
    .version = "1.0.0",
    .summary = "x0^2 + x1^2 on [-5, 5]^2, written in plain C",
    .params = NULL,
    .param_count = 0,
    .create = create,
    .destroy = destroy,
    .problem = get_problem,
    .evaluate = evaluate,
    .get_extension = NULL,
};
static const bopp_objective_class* const objectives[] = {&sphere};

static const bopp_manifest manifest = {
    .struct_size = sizeof(bopp_manifest),
    .abi_major = BOPP_ABI_MAJOR,
    .abi_minor = BOPP_ABI_MINOR,
    .library_name = "minimal_c",
    .library_version = "1.0.0",
    .objectives = objectives,
    .objective_count = 1,
};

BOPP_EXPORT const bopp_manifest* bopp_plugin_manifest(void) { return &manifest; }
