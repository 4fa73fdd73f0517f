/*
 * Built four times, each a library with one mistake a C author makes first; the host must
 * refuse the library with one line that names the struct or the function:
 *
 *   FORGOTTEN_SIZE_CASE 1 (unsized_manifest):  the manifest's struct_size is left 0
 *   FORGOTTEN_SIZE_CASE 2 (unsized_class):     the objective class's struct_size is left 0
 *   FORGOTTEN_SIZE_CASE 3 (unsized_param):     a parameter's struct_size is left 0
 *   FORGOTTEN_SIZE_CASE 4 (missing_functions): the algorithm class has no tell and no recommend
 */
#include <bopp/abi.h>

#include <math.h>
#include <stddef.h>

#ifndef FORGOTTEN_SIZE_CASE
#error "FORGOTTEN_SIZE_CASE must be 1, 2, 3 or 4"
#endif

static const bopp_param step = {
#if FORGOTTEN_SIZE_CASE != 3
    .struct_size = sizeof(bopp_param),
#endif
    .name = "step",
    .type = BOPP_PARAM_REAL,
    .default_value = "0.5",
    .help = "a step",
    .minimum = -INFINITY,
    .maximum = INFINITY,
    .choices = NULL};
static const bopp_param* const params[] = {&step};

static bopp_status create_objective(const char* config_toml, uint64_t seed, const bopp_host* host,
                                    void** instance, char* error, size_t error_capacity) {
  (void)config_toml;
  (void)seed;
  (void)host;
  (void)instance;
  (void)error;
  (void)error_capacity;
  return BOPP_ERROR;
}

static void destroy(void* instance) { (void)instance; }

static const bopp_problem* no_problem(void* instance) {
  (void)instance;
  return NULL;
}

static bopp_status evaluate(void* instance, const double* X, uint64_t n, const uint64_t* seeds,
                            double* y, int32_t* status, char* error, size_t error_capacity) {
  (void)instance;
  (void)X;
  (void)n;
  (void)seeds;
  (void)y;
  (void)status;
  (void)error;
  (void)error_capacity;
  return BOPP_ERROR;
}

static const bopp_objective_class objective = {
#if FORGOTTEN_SIZE_CASE != 2
    .struct_size = sizeof(bopp_objective_class),
#endif
    .name = "forgetful_objective",
    .version = "1.0.0",
    .summary = "forgets something",
    .params = params,
    .param_count = 1,
    .create = create_objective,
    .destroy = destroy,
    .problem = no_problem,
    .evaluate = evaluate,
    .get_extension = NULL};
static const bopp_objective_class* const objectives[] = {&objective};

#if FORGOTTEN_SIZE_CASE == 4
static bopp_status create_algorithm(const bopp_problem* problem, const char* config_toml,
                                    uint64_t seed, const bopp_host* host, void** instance,
                                    char* error, size_t error_capacity) {
  (void)problem;
  return create_objective(config_toml, seed, host, instance, error, error_capacity);
}

static bopp_status ask(void* instance, uint64_t max_points, double* X, uint64_t* count, char* error,
                       size_t error_capacity) {
  (void)instance;
  (void)max_points;
  (void)X;
  (void)count;
  (void)error;
  (void)error_capacity;
  return BOPP_ERROR;
}

static const bopp_algorithm_class algorithm = {.struct_size = sizeof(bopp_algorithm_class),
                                               .name = "forgetful_algorithm",
                                               .version = "1.0.0",
                                               .summary = "has no tell and no recommend",
                                               .params = NULL,
                                               .param_count = 0,
                                               .create = create_algorithm,
                                               .destroy = destroy,
                                               .ask = ask,
                                               .tell = NULL,
                                               .recommend = NULL,
                                               .get_extension = NULL};
static const bopp_algorithm_class* const algorithms[] = {&algorithm};
#endif

static const bopp_manifest manifest = {
#if FORGOTTEN_SIZE_CASE != 1
    .struct_size = sizeof(bopp_manifest),
#endif
    .abi_major = BOPP_ABI_MAJOR,
    .abi_minor = BOPP_ABI_MINOR,
    .library_name = "forgotten_size",
    .library_version = "1.0.0",
#if FORGOTTEN_SIZE_CASE == 4
    .algorithms = algorithms,
    .algorithm_count = 1,
#else
    .algorithms = NULL,
    .algorithm_count = 0,
#endif
    .objectives = objectives,
    .objective_count = 1};

BOPP_EXPORT const bopp_manifest* bopp_plugin_manifest(void) { return &manifest; }
