/*
 * Built twice, each a library whose one objective declares a broken parameter schema; the
 * host must refuse the library with one line naming it, the objective and the parameter.
 *
 *   BAD_SCHEMA_CASE 1 (bad_default):     parameter `lr` has the default "0.25.5", not TOML
 *   BAD_SCHEMA_CASE 2 (duplicate_param): two parameters are both named `lr`
 */
#include <bopp/abi.h>

#include <math.h>
#include <stdlib.h>

#ifndef BAD_SCHEMA_CASE
#error "BAD_SCHEMA_CASE must be 1 (bad default) or 2 (duplicate parameter)"
#endif

static const bopp_param first = {.struct_size = sizeof(bopp_param),
                                 .name = "lr",
#if BAD_SCHEMA_CASE == 1
                                 .default_value = "0.25.5",
#else
                                 .default_value = "0.25",
#endif
                                 .type = BOPP_PARAM_REAL,
                                 .help = "step size",
                                 .minimum = -INFINITY,
                                 .maximum = INFINITY,
                                 .choices = NULL};

#if BAD_SCHEMA_CASE == 2
static const bopp_param second = {.struct_size = sizeof(bopp_param),
                                  .name = "lr",
                                  .type = BOPP_PARAM_REAL,
                                  .default_value = "0.5",
                                  .help = "the same name again",
                                  .minimum = -INFINITY,
                                  .maximum = INFINITY,
                                  .choices = NULL};
#endif

#if BAD_SCHEMA_CASE == 1
static const bopp_param* const params[] = {&first};
#else
static const bopp_param* const params[] = {&first, &second};
#endif

static bopp_status create(const char* config_toml, uint64_t seed, const bopp_host* host,
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

static const bopp_objective_class objective = {.struct_size = sizeof(bopp_objective_class),
                                               .name = "bad_schema_objective",
                                               .version = "1.0.0",
                                               .summary = "declares a broken schema",
                                               .params = params,
                                               .param_count = sizeof params / sizeof params[0],
                                               .create = create,
                                               .destroy = destroy,
                                               .problem = no_problem,
                                               .evaluate = evaluate,
                                               .get_extension = NULL};

static const bopp_objective_class* const objectives[] = {&objective};

static const bopp_manifest manifest = {.struct_size = sizeof(bopp_manifest),
                                       .abi_major = BOPP_ABI_MAJOR,
                                       .abi_minor = BOPP_ABI_MINOR,
                                       .library_name = "bad_schema",
                                       .library_version = "1.0.0",
                                       .algorithms = NULL,
                                       .algorithm_count = 0,
                                       .objectives = objectives,
                                       .objective_count = 1};

BOPP_EXPORT const bopp_manifest* bopp_plugin_manifest(void) { return &manifest; }
