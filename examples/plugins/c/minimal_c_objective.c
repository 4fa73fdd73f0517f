/* The smallest objective plugin, in plain C against bopp/abi.h alone (docs/abi.md).
 * One objective, "minimal_c_sphere": sum |x_i - shift|^power over x in [-5, 5]^2, minimized,
 * with two parameters read through the typed configuration (no TOML parser in C). */
#include <bopp/abi.h>

#include <math.h>
#include <stddef.h>
#include <stdlib.h>

static const double lower[2] = {-5.0, -5.0};
static const double upper[2] = {5.0, 5.0};

/* The parameters: the host checks every user's value against these and fills in the
 * defaults before `create`, so `create` always finds both keys. */
static const bopp_param shift_param = {
    .struct_size = sizeof(bopp_param),
    .name = "shift",
    .type = BOPP_PARAM_REAL,
    .default_value = "0.0",
    .help = "where the minimum is, in every coordinate",
    .minimum = -5.0,
    .maximum = 5.0,
};
static const bopp_param power_param = {
    .struct_size = sizeof(bopp_param),
    .name = "power",
    .type = BOPP_PARAM_INT,
    .default_value = "2",
    .help = "the exponent of each term",
    .minimum = 1.0,
    .maximum = 8.0,
};
static const bopp_param* const params[] = {&shift_param, &power_param};

/* One instance: its parameters and its problem (the optimizer depends on `shift`). */
typedef struct sphere_instance {
  double shift;
  int64_t power;
  double optimizer[2];
  bopp_problem problem;
} sphere_instance;

static bopp_status create(const char* config_toml, uint64_t seed, const bopp_host* host,
                          void** instance, char* error, size_t error_capacity) {
  (void)config_toml, (void)seed, (void)error, (void)error_capacity;
  /* The typed form of the configuration (ABI 1.1): no TOML parser needed. */
  const bopp_config_entry* shift = bopp_config_find(host, "shift");
  const bopp_config_entry* power = bopp_config_find(host, "power");
  sphere_instance* s = calloc(1, sizeof *s);
  if (s == NULL) return BOPP_ERROR;
  s->shift = shift != NULL ? shift->real : 0.0;
  s->power = power != NULL ? power->integer : 2;
  s->optimizer[0] = s->optimizer[1] = s->shift;
  s->problem = (bopp_problem){
      .struct_size = sizeof(bopp_problem),
      .dim = 2,
      .lower = lower,
      .upper = upper,
      .sense = BOPP_MINIMIZE,
      .has_optimum = 1,
      .optimum_value = 0.0,
      .optimizer = s->optimizer,
      .thread_safe = 1,
  };
  *instance = s;
  return BOPP_OK;
}

static void destroy(void* instance) { free(instance); }

static const bopp_problem* get_problem(void* instance) {
  return &((sphere_instance*)instance)->problem;
}

static bopp_status evaluate(void* instance, const double* X, uint64_t n, const uint64_t* seeds,
                            double* y, int32_t* status, char* error, size_t error_capacity) {
  const sphere_instance* s = instance;
  (void)seeds, (void)error, (void)error_capacity;
  for (uint64_t i = 0; i < n; ++i) {
    const double* x = X + 2 * i;
    y[i] =
        pow(fabs(x[0] - s->shift), (double)s->power) + pow(fabs(x[1] - s->shift), (double)s->power);
    status[i] = BOPP_OK;
  }
  return BOPP_OK;
}

static const bopp_objective_class sphere = {
    .struct_size = sizeof(bopp_objective_class),
    .name = "minimal_c_sphere",
    .version = "1.0.0",
    .summary = "|x0 - shift|^power + |x1 - shift|^power on [-5, 5]^2, written in plain C",
    .params = params,
    .param_count = 2,
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
