/*
 * libbopp-huge_count.so: a manifest whose objective_count (4 000 000 000) is far beyond its
 * array of one objective. A loader that trusted the count would read past the array; the host
 * must refuse the library with one line instead.
 */
#include <bopp/abi.h>

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

static const bopp_problem* problem(void* instance) {
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

static const bopp_objective_class only_objective = {.struct_size = sizeof(bopp_objective_class),
                                                    .name = "only_objective",
                                                    .version = "1.0.0",
                                                    .summary = "the one objective there is",
                                                    .params = NULL,
                                                    .param_count = 0,
                                                    .create = create,
                                                    .destroy = destroy,
                                                    .problem = problem,
                                                    .evaluate = evaluate,
                                                    .get_extension = NULL};

static const bopp_objective_class* const objectives[] = {&only_objective};

static const bopp_manifest manifest = {.struct_size = sizeof(bopp_manifest),
                                       .abi_major = BOPP_ABI_MAJOR,
                                       .abi_minor = BOPP_ABI_MINOR,
                                       .library_name = "huge_count",
                                       .library_version = "1.0.0",
                                       .algorithms = NULL,
                                       .algorithm_count = 0,
                                       .objectives = objectives,
                                       .objective_count = 4000000000u};

BOPP_EXPORT const bopp_manifest* bopp_plugin_manifest(void) { return &manifest; }
