/*
 * libbopp-misbehaving_raw.so: `too_many_points_algorithm`, written against the raw C ABI
 * because the authoring kit refuses a batch larger than max_points before the host sees it.
 *
 * ask fills the max_points rows the host's buffer holds (box centres) and then claims
 * count = max_points + 1. It never writes past the buffer: the test is of the host's count
 * check, not a memory corruption that a sanitizer would report first.
 */
#include <bopp/abi.h>

#include <stdlib.h>
#include <string.h>

typedef struct too_many {
  bopp_problem problem; /* copied up to the writer's struct_size; arrays borrowed */
} too_many;

static bopp_status too_many_create(const bopp_problem* problem, const char* config_toml,
                                   uint64_t seed, const bopp_host* host, void** instance,
                                   char* error, size_t error_capacity) {
  too_many* self = NULL;
  (void)config_toml;
  (void)seed;
  (void)host;
  (void)error;
  (void)error_capacity;
  if (problem == NULL || instance == NULL) return BOPP_INVALID_ARGUMENT;
  self = (too_many*)calloc(1, sizeof *self);
  if (self == NULL) return BOPP_ERROR;
  memcpy(&self->problem, problem,
         problem->struct_size < sizeof self->problem ? problem->struct_size : sizeof self->problem);
  *instance = self;
  return BOPP_OK;
}

static void too_many_destroy(void* instance) { free(instance); }

static void centre(const too_many* self, double* x) {
  uint32_t i;
  for (i = 0; i < self->problem.dim; ++i) {
    x[i] = (self->problem.lower[i] + self->problem.upper[i]) / 2.0;
  }
}

static bopp_status too_many_ask(void* instance, uint64_t max_points, double* X, uint64_t* count,
                                char* error, size_t error_capacity) {
  const too_many* self = (const too_many*)instance;
  uint64_t k;
  (void)error;
  (void)error_capacity;
  for (k = 0; k < max_points; ++k) centre(self, X + k * self->problem.dim);
  *count = max_points + 1;
  return BOPP_OK;
}

static bopp_status too_many_tell(void* instance, const double* X, uint64_t n, const double* y,
                                 const int32_t* status, char* error, size_t error_capacity) {
  (void)instance;
  (void)X;
  (void)n;
  (void)y;
  (void)status;
  (void)error;
  (void)error_capacity;
  return BOPP_OK;
}

static bopp_status too_many_recommend(void* instance, double* x, char* error,
                                      size_t error_capacity) {
  (void)error;
  (void)error_capacity;
  centre((const too_many*)instance, x);
  return BOPP_OK;
}

static const void* no_extension(void* instance, const char* id) {
  (void)instance;
  (void)id;
  return NULL;
}

static const bopp_algorithm_class too_many_points_algorithm = {
    .struct_size = sizeof(bopp_algorithm_class),
    .name = "too_many_points_algorithm",
    .version = "1.0.0",
    .summary = "claims max_points + 1 points from every ask",
    .params = NULL,
    .param_count = 0,
    .create = too_many_create,
    .destroy = too_many_destroy,
    .ask = too_many_ask,
    .tell = too_many_tell,
    .recommend = too_many_recommend,
    .get_extension = no_extension};

static const bopp_algorithm_class* const algorithms[] = {&too_many_points_algorithm};

static const bopp_manifest manifest = {.struct_size = sizeof(bopp_manifest),
                                       .abi_major = BOPP_ABI_MAJOR,
                                       .abi_minor = BOPP_ABI_MINOR,
                                       .library_name = "misbehaving_raw",
                                       .library_version = "1.0.0",
                                       .algorithms = algorithms,
                                       .algorithm_count = 1,
                                       .objectives = NULL,
                                       .objective_count = 0};

BOPP_EXPORT const bopp_manifest* bopp_plugin_manifest(void) { return &manifest; }
