/* A plugin as if built against an older minor of abi.h: one whose growable structs ended
 * before the fields they have today. Each struct declares a struct_size that stops before its
 * last field(s), and fills those fields with values a reader must never see; a host that read
 * sizeof instead of struct_size would see them (docs/abi.md, "Versioning").
 *
 *   libbopp-older_minor.so       algorithm older_grid and objective older_line, whose classes
 *                                end before get_extension and whose problem ends before
 *                                thread_safe
 *   libbopp-older_manifest.so    (BOPP_TEST_MANIFEST_WITHOUT_OBJECTIVES) the same algorithm
 *                                under the name older_grid_only, in a manifest that ends before
 *                                `objectives`: the objective it points past the end must be
 *                                ignored
 */
#include <bopp/abi.h>

#include <stddef.h>

/* Never to be called or seen: the field lies beyond the struct_size. */
static const void* beyond_struct_size(void* instance, const char* id) {
  (void)instance, (void)id;
  return "beyond struct_size";
}

/* ---- older_line: (x - 0.25)^2 on [0, 1], minimized -------------------------------------- */
static const double lower[1] = {0.0};
static const double upper[1] = {1.0};
static const bopp_problem problem = {
    .struct_size = offsetof(bopp_problem, thread_safe),
    .dim = 1,
    .lower = lower,
    .upper = upper,
    .sense = BOPP_MINIMIZE,
    .has_optimum = 1,
    .optimum_value = 0.0,
    .thread_safe = 1, /* beyond struct_size: must read as 0 */
};
static int instance_token;

static bopp_status line_create(const char* config_toml, uint64_t seed, const bopp_host* host,
                               void** instance, char* error, size_t error_capacity) {
  (void)config_toml, (void)seed, (void)host, (void)error, (void)error_capacity;
  *instance = &instance_token;
  return BOPP_OK;
}
static void line_destroy(void* instance) { (void)instance; }
static const bopp_problem* line_problem(void* instance) {
  (void)instance;
  return &problem;
}
static bopp_status line_evaluate(void* instance, const double* X, uint64_t n, const uint64_t* seeds,
                                 double* y, int32_t* status, char* error, size_t error_capacity) {
  (void)instance, (void)seeds, (void)error, (void)error_capacity;
  for (uint64_t i = 0; i < n; ++i) {
    y[i] = (X[i] - 0.25) * (X[i] - 0.25);
    status[i] = BOPP_OK;
  }
  return BOPP_OK;
}

/* A parameter from before `choices` existed: the choices beyond its struct_size must not
   restrict the value. */
static const bopp_param label = {
    .struct_size = offsetof(bopp_param, choices),
    .name = "label",
    .type = BOPP_PARAM_STRING,
    .default_value = "\"any\"",
    .help = "a free string",
    .choices = "only-this", /* beyond struct_size: must read as NULL */
};
static const bopp_param* const line_params[] = {&label};

static const bopp_objective_class line = {
    .struct_size = offsetof(bopp_objective_class, get_extension),
    .params = line_params,
    .param_count = 1,
    .name = "older_line",
    .version = "0.9.0",
    .summary = "(x - 0.25)^2 on [0, 1], from a plugin built for an older ABI minor",
    .create = line_create,
    .destroy = line_destroy,
    .problem = line_problem,
    .evaluate = line_evaluate,
    .get_extension = beyond_struct_size,
};

/* ---- older_grid: asks the points of a regular grid, in order ---------------------------- */
typedef struct grid_state {
  double lower, upper;
  uint64_t next;
  double best_x, best_y;
} grid_state;
static grid_state grid_instance;

static bopp_status grid_create(const bopp_problem* p, const char* config_toml, uint64_t seed,
                               const bopp_host* host, void** instance, char* error,
                               size_t error_capacity) {
  (void)config_toml, (void)seed, (void)host, (void)error, (void)error_capacity;
  grid_instance.lower = p->lower[0];
  grid_instance.upper = p->upper[0];
  grid_instance.next = 0;
  grid_instance.best_x = p->lower[0];
  grid_instance.best_y = -1e300;
  *instance = &grid_instance;
  return BOPP_OK;
}
static void grid_destroy(void* instance) { (void)instance; }
static bopp_status grid_ask(void* instance, uint64_t max_points, double* X, uint64_t* count,
                            char* error, size_t error_capacity) {
  grid_state* s = instance;
  (void)error, (void)error_capacity;
  for (uint64_t i = 0; i < max_points; ++i, ++s->next) {
    X[i] = s->lower + (s->upper - s->lower) * (double)(s->next % 9) / 8.0;
  }
  *count = max_points;
  return BOPP_OK;
}
static bopp_status grid_tell(void* instance, const double* X, uint64_t n, const double* y,
                             const int32_t* status, char* error, size_t error_capacity) {
  grid_state* s = instance;
  (void)error, (void)error_capacity;
  for (uint64_t i = 0; i < n; ++i) {
    if (status[i] == BOPP_OK && y[i] > s->best_y) {
      s->best_y = y[i];
      s->best_x = X[i];
    }
  }
  return BOPP_OK;
}
static bopp_status grid_recommend(void* instance, double* x, char* error, size_t error_capacity) {
  (void)error, (void)error_capacity;
  x[0] = ((grid_state*)instance)->best_x;
  return BOPP_OK;
}

static const bopp_algorithm_class grid = {
    .struct_size = offsetof(bopp_algorithm_class, get_extension),
#ifdef BOPP_TEST_MANIFEST_WITHOUT_OBJECTIVES
    .name = "older_grid_only",
#else
    .name = "older_grid",
#endif
    .version = "0.9.0",
    .summary = "a regular grid of 9 points, from a plugin built for an older ABI minor",
    .create = grid_create,
    .destroy = grid_destroy,
    .ask = grid_ask,
    .tell = grid_tell,
    .recommend = grid_recommend,
    .get_extension = beyond_struct_size,
};

static const bopp_algorithm_class* const algorithms[] = {&grid};
static const bopp_objective_class* const objectives[] = {&line};
static const bopp_manifest manifest = {
#ifdef BOPP_TEST_MANIFEST_WITHOUT_OBJECTIVES
    .struct_size = offsetof(bopp_manifest, objectives),
    .library_name = "older_manifest",
#else
    .struct_size = sizeof(bopp_manifest),
    .library_name = "older_minor",
#endif
    .abi_major = BOPP_ABI_MAJOR,
    .abi_minor = BOPP_ABI_MINOR,
    .library_version = "0.9.0",
    .algorithms = algorithms,
    .algorithm_count = 1,
    .objectives = objectives, /* beyond struct_size in older_manifest: must be ignored */
    .objective_count = 1,
};

BOPP_EXPORT const bopp_manifest* bopp_plugin_manifest(void) { return &manifest; }
