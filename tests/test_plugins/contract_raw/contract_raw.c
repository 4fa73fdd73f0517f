/*
 * libbopp-contract_raw.so: objectives that break the plugin contract in ways the authoring
 * kit cannot, written against the raw C ABI. The library itself is well formed, so it loads;
 * each objective fails only when used.
 *
 *   null_bounds_objective        its problem has dim = 2 and NULL lower/upper pointers
 *   unterminated_error_objective evaluate fails and fills the whole error buffer with 'x',
 *                                leaving no NUL terminator
 *   aborting_objective           y = x on [0, 1], and abort() at x > 0.75: a crash mid-way
 *                                through `bopp eval`
 *   unsized_problem_objective    its problem is the unit box with struct_size left 0
 */
#include <bopp/abi.h>

#include <stdlib.h>
#include <string.h>

static bopp_problem null_bounds_problem = {.struct_size = sizeof(bopp_problem),
                                           .dim = 2,
                                           .lower = NULL,
                                           .upper = NULL,
                                           .kinds = NULL,
                                           .sense = BOPP_MINIMIZE,
                                           .has_optimum = 0,
                                           .optimum_value = 0.0,
                                           .optimizer = NULL,
                                           .noise_std = 0.0,
                                           .candidate_count = 0,
                                           .candidates = NULL,
                                           .thread_safe = 0};

static const double unit_lower[1] = {0.0};
static const double unit_upper[1] = {1.0};
static bopp_problem unit_problem = {.struct_size = sizeof(bopp_problem),
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

static bopp_problem unsized_problem = {.dim = 1,
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

static const bopp_problem* null_bounds(void* instance) {
  (void)instance;
  return &null_bounds_problem;
}

static const bopp_problem* unit_box(void* instance) {
  (void)instance;
  return &unit_problem;
}

static const bopp_problem* unsized_box(void* instance) {
  (void)instance;
  return &unsized_problem;
}

static bopp_status evaluate_zero(void* instance, const double* X, uint64_t n, const uint64_t* seeds,
                                 double* y, int32_t* status, char* error, size_t error_capacity) {
  uint64_t i;
  (void)instance;
  (void)X;
  (void)seeds;
  (void)error;
  (void)error_capacity;
  for (i = 0; i < n; ++i) {
    y[i] = 0.0;
    status[i] = BOPP_OK;
  }
  return BOPP_OK;
}

static bopp_status evaluate_unterminated(void* instance, const double* X, uint64_t n,
                                         const uint64_t* seeds, double* y, int32_t* status,
                                         char* error, size_t error_capacity) {
  (void)instance;
  (void)X;
  (void)n;
  (void)seeds;
  (void)y;
  (void)status;
  memset(error, 'x', error_capacity);
  return BOPP_ERROR;
}

static bopp_status evaluate_or_abort(void* instance, const double* X, uint64_t n,
                                     const uint64_t* seeds, double* y, int32_t* status, char* error,
                                     size_t error_capacity) {
  uint64_t i;
  (void)instance;
  (void)seeds;
  (void)error;
  (void)error_capacity;
  for (i = 0; i < n; ++i) {
    if (X[i] > 0.75) abort();
    y[i] = X[i];
    status[i] = BOPP_OK;
  }
  return BOPP_OK;
}

static const void* no_extension(void* instance, const char* id) {
  (void)instance;
  (void)id;
  return NULL;
}

static const bopp_objective_class null_bounds_objective = {
    .struct_size = sizeof(bopp_objective_class),
    .name = "null_bounds_objective",
    .version = "1.0.0",
    .summary = "a 2-D problem whose bounds pointers are NULL",
    .params = NULL,
    .param_count = 0,
    .create = create,
    .destroy = destroy,
    .problem = null_bounds,
    .evaluate = evaluate_zero,
    .get_extension = no_extension};

static const bopp_objective_class unterminated_error_objective = {
    .struct_size = sizeof(bopp_objective_class),
    .name = "unterminated_error_objective",
    .version = "1.0.0",
    .summary = "fails every evaluation with an error buffer full of 'x' and no NUL",
    .params = NULL,
    .param_count = 0,
    .create = create,
    .destroy = destroy,
    .problem = unit_box,
    .evaluate = evaluate_unterminated,
    .get_extension = no_extension};

static const bopp_objective_class aborting_objective = {
    .struct_size = sizeof(bopp_objective_class),
    .name = "aborting_objective",
    .version = "1.0.0",
    .summary = "y = x on [0, 1]; aborts the process at x > 0.75",
    .params = NULL,
    .param_count = 0,
    .create = create,
    .destroy = destroy,
    .problem = unit_box,
    .evaluate = evaluate_or_abort,
    .get_extension = no_extension};

static const bopp_objective_class unsized_problem_objective = {
    .struct_size = sizeof(bopp_objective_class),
    .name = "unsized_problem_objective",
    .version = "1.0.0",
    .summary = "the unit box, in a bopp_problem whose struct_size is 0",
    .params = NULL,
    .param_count = 0,
    .create = create,
    .destroy = destroy,
    .problem = unsized_box,
    .evaluate = evaluate_zero,
    .get_extension = no_extension};

static const bopp_objective_class* const objectives[] = {
    &null_bounds_objective, &unterminated_error_objective, &aborting_objective,
    &unsized_problem_objective};

static const bopp_manifest manifest = {.struct_size = sizeof(bopp_manifest),
                                       .abi_major = BOPP_ABI_MAJOR,
                                       .abi_minor = BOPP_ABI_MINOR,
                                       .library_name = "contract_raw",
                                       .library_version = "1.0.0",
                                       .algorithms = NULL,
                                       .algorithm_count = 0,
                                       .objectives = objectives,
                                       .objective_count = 4};

BOPP_EXPORT const bopp_manifest* bopp_plugin_manifest(void) { return &manifest; }
