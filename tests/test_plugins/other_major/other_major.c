/*
 * A library built for a future ABI: its manifest says abi_major = BOPP_ABI_MAJOR + 1. A host
 * must refuse it after reading only the manifest's first three fields, naming the file and
 * both versions. Its algorithm `future_algo` refuses to be created, so a host that loads it
 * anyway fails loudly instead of running with a layout it does not understand.
 */
#include <bopp/abi.h>

#include <stdio.h>

static bopp_status future_create(const bopp_problem* problem, const char* config_toml,
                                 uint64_t seed, const bopp_host* host, void** instance, char* error,
                                 size_t error_capacity) {
  (void)problem;
  (void)config_toml;
  (void)seed;
  (void)host;
  (void)instance;
  if (error != NULL && error_capacity > 0) {
    snprintf(error, error_capacity, "future_algo was built for ABI major %d; this host loaded it",
             BOPP_ABI_MAJOR + 1);
  }
  return BOPP_ERROR;
}

static void future_destroy(void* instance) { (void)instance; }

static bopp_status future_ask(void* instance, uint64_t max_points, double* X, uint64_t* count,
                              char* error, size_t error_capacity) {
  (void)instance;
  (void)max_points;
  (void)X;
  (void)count;
  (void)error;
  (void)error_capacity;
  return BOPP_ERROR;
}

static bopp_status future_tell(void* instance, const double* X, uint64_t n, const double* y,
                               const int32_t* status, char* error, size_t error_capacity) {
  (void)instance;
  (void)X;
  (void)n;
  (void)y;
  (void)status;
  (void)error;
  (void)error_capacity;
  return BOPP_ERROR;
}

static bopp_status future_recommend(void* instance, double* x, char* error, size_t error_capacity) {
  (void)instance;
  (void)x;
  (void)error;
  (void)error_capacity;
  return BOPP_ERROR;
}

static const void* future_extension(void* instance, const char* id) {
  (void)instance;
  (void)id;
  return NULL;
}

static const bopp_algorithm_class future_algo = {
    .struct_size = sizeof(bopp_algorithm_class),
    .name = "future_algo",
    .version = "1.0.0",
    .summary = "an algorithm from a library of the next ABI major",
    .params = NULL,
    .param_count = 0,
    .create = future_create,
    .destroy = future_destroy,
    .ask = future_ask,
    .tell = future_tell,
    .recommend = future_recommend,
    .get_extension = future_extension};

static const bopp_algorithm_class* const algorithms[] = {&future_algo};

static const bopp_manifest manifest = {.struct_size = sizeof(bopp_manifest),
                                       .abi_major = BOPP_ABI_MAJOR + 1,
                                       .abi_minor = 0,
                                       .library_name = "other_major",
                                       .library_version = "1.0.0",
                                       .algorithms = algorithms,
                                       .algorithm_count = 1,
                                       .objectives = NULL,
                                       .objective_count = 0};

BOPP_EXPORT const bopp_manifest* bopp_plugin_manifest(void) { return &manifest; }
