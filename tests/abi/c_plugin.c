/*
 * A complete bopp plugin in plain C11, written against abi.h alone (no authoring kit): it
 * proves the contract is usable from C and that a C-built module loads like any other.
 *
 *   objective c_quadratic: sum_i (x_i - 0.3)^2 on [0, 1]^dim, minimized, optimum 0 at 0.3.
 *   algorithm c_grid:      walks the cell centres of a regular grid of `levels` points per
 *                          dimension in lexicographic order (the rows of the candidate set,
 *                          in order, when there is one), and recommends the best point told.
 *                          Its points do not depend on what it was told, so it offers the
 *                          extension bopp.pending_asks/1 (bopp/ext/pending_asks.h).
 *
 * Configuration arrives as the TOML text of the plugin's table with every default filled in
 * by the host; reading `key = integer` lines is all these two need.
 */
#include <bopp/abi.h>
#include <bopp/ext/pending_asks.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- helpers ------------------------------------------------------------------------- */

static void write_error(char* error, size_t capacity, const char* message) {
  if (error == NULL || capacity == 0) return;
  snprintf(error, capacity, "%s", message);
}

/*
 * Reads `key = <integer>` from a line of `toml`. Returns 1 and sets *value when found, 0 when
 * the key is absent, -1 when it is present but not an integer.
 */
static int read_int_key(const char* toml, const char* key, long long* value) {
  const size_t key_length = strlen(key);
  const char* line = toml;
  while (line != NULL && *line != '\0') {
    const char* p = line;
    while (*p == ' ' || *p == '\t') ++p;
    if (strncmp(p, key, key_length) == 0) {
      p += key_length;
      while (*p == ' ' || *p == '\t') ++p;
      if (*p == '=') {
        char* end = NULL;
        *value = strtoll(p + 1, &end, 10);
        if (end == p + 1) return -1;
        while (*end == ' ' || *end == '\t' || *end == '\r') ++end;
        return *end == '\0' || *end == '\n' || *end == '#' ? 1 : -1;
      }
    }
    line = strchr(line, '\n');
    if (line != NULL) ++line;
  }
  return 0;
}

/* Reads an integer key with a default and an inclusive range; 0 on success. */
static int config_int(const char* toml, const char* owner, const char* key, long long fallback,
                      long long minimum, long long maximum, long long* value, char* error,
                      size_t capacity) {
  char message[256];
  const int found = read_int_key(toml != NULL ? toml : "", key, value);
  if (found == 0) *value = fallback;
  if (found < 0 || *value < minimum || *value > maximum) {
    snprintf(message, sizeof message, "key '%s' of %s must be an integer in [%lld, %lld]", key,
             owner, minimum, maximum);
    write_error(error, capacity, message);
    return -1;
  }
  return 0;
}

/* ---- objective c_quadratic ------------------------------------------------------------- */

#define C_QUADRATIC_MAX_DIM 1000
#define C_QUADRATIC_CENTRE 0.3

typedef struct quadratic {
  uint32_t dim;
  double* lower;     /* [dim] */
  double* upper;     /* [dim] */
  double* optimizer; /* [dim] */
  bopp_problem problem;
} quadratic;

static void quadratic_destroy(void* instance) {
  quadratic* self = (quadratic*)instance;
  if (self == NULL) return;
  free(self->lower);
  free(self->upper);
  free(self->optimizer);
  free(self);
}

static bopp_status quadratic_create(const char* config_toml, uint64_t seed, const bopp_host* host,
                                    void** instance, char* error, size_t error_capacity) {
  long long dim = 0;
  quadratic* self = NULL;
  uint32_t i;
  (void)seed; /* the function is deterministic */
  (void)host;
  if (instance == NULL) {
    write_error(error, error_capacity, "c_quadratic: NULL instance pointer");
    return BOPP_INVALID_ARGUMENT;
  }
  if (config_int(config_toml, "objective 'c_quadratic'", "dim", 2, 1, C_QUADRATIC_MAX_DIM, &dim,
                 error, error_capacity) != 0) {
    return BOPP_INVALID_CONFIG;
  }
  self = (quadratic*)calloc(1, sizeof *self);
  if (self == NULL) {
    write_error(error, error_capacity, "c_quadratic: out of memory");
    return BOPP_ERROR;
  }
  self->dim = (uint32_t)dim;
  self->lower = (double*)calloc(self->dim, sizeof(double));
  self->upper = (double*)calloc(self->dim, sizeof(double));
  self->optimizer = (double*)calloc(self->dim, sizeof(double));
  if (self->lower == NULL || self->upper == NULL || self->optimizer == NULL) {
    quadratic_destroy(self);
    write_error(error, error_capacity, "c_quadratic: out of memory");
    return BOPP_ERROR;
  }
  for (i = 0; i < self->dim; ++i) {
    self->lower[i] = 0.0;
    self->upper[i] = 1.0;
    self->optimizer[i] = C_QUADRATIC_CENTRE;
  }
  self->problem.struct_size = sizeof(bopp_problem);
  self->problem.dim = self->dim;
  self->problem.lower = self->lower;
  self->problem.upper = self->upper;
  self->problem.kinds = NULL;
  self->problem.sense = BOPP_MINIMIZE;
  self->problem.has_optimum = 1;
  self->problem.optimum_value = 0.0;
  self->problem.optimizer = self->optimizer;
  self->problem.noise_std = 0.0;
  self->problem.candidate_count = 0;
  self->problem.candidates = NULL;
  self->problem.thread_safe = 1; /* evaluate only reads the instance */
  *instance = self;
  return BOPP_OK;
}

static const bopp_problem* quadratic_problem(void* instance) {
  return &((const quadratic*)instance)->problem;
}

static bopp_status quadratic_evaluate(void* instance, const double* X, uint64_t n,
                                      const uint64_t* seeds, double* y, int32_t* status,
                                      char* error, size_t error_capacity) {
  const quadratic* self = (const quadratic*)instance;
  uint64_t k;
  uint32_t i;
  (void)seeds; /* noiseless */
  if (n > 0 && (X == NULL || y == NULL || status == NULL)) {
    write_error(error, error_capacity, "c_quadratic: NULL buffer");
    return BOPP_INVALID_ARGUMENT;
  }
  for (k = 0; k < n; ++k) {
    double sum = 0.0;
    for (i = 0; i < self->dim; ++i) {
      const double d = X[k * self->dim + i] - C_QUADRATIC_CENTRE;
      sum += d * d;
    }
    y[k] = sum;
    status[k] = BOPP_OK;
  }
  return BOPP_OK;
}

static const void* no_extension(void* instance, const char* id) {
  (void)instance;
  (void)id;
  return NULL;
}

static const bopp_param quadratic_dim = {.struct_size = sizeof(bopp_param),
                                         .name = "dim",
                                         .type = BOPP_PARAM_INT,
                                         .default_value = "2",
                                         .help = "number of dimensions",
                                         .minimum = 1.0,
                                         .maximum = C_QUADRATIC_MAX_DIM,
                                         .choices = NULL};
static const bopp_param* const quadratic_params[] = {&quadratic_dim};

static const bopp_objective_class c_quadratic = {
    .struct_size = sizeof(bopp_objective_class),
    .name = "c_quadratic",
    .version = "1.0.0",
    .summary = "sum of (x_i - 0.3)^2 on [0, 1]^dim, written in C",
    .params = quadratic_params,
    .param_count = 1,
    .create = quadratic_create,
    .destroy = quadratic_destroy,
    .problem = quadratic_problem,
    .evaluate = quadratic_evaluate,
    .get_extension = no_extension};

/* ---- algorithm c_grid ------------------------------------------------------------------ */

#define C_GRID_MAX_LEVELS 1000

typedef struct grid {
  bopp_problem problem; /* copied up to the writer's struct_size; arrays borrowed */
  uint64_t levels;
  uint64_t asked; /* how many points proposed so far */
  int has_best;
  double best_y;
  double* best_x; /* [dim] */
} grid;

static void grid_destroy(void* instance) {
  grid* self = (grid*)instance;
  if (self == NULL) return;
  free(self->best_x);
  free(self);
}

static bopp_status grid_create(const bopp_problem* problem, const char* config_toml, uint64_t seed,
                               const bopp_host* host, void** instance, char* error,
                               size_t error_capacity) {
  long long levels = 0;
  grid* self = NULL;
  size_t copied = 0;
  (void)seed; /* deterministic */
  (void)host;
  if (problem == NULL || instance == NULL) {
    write_error(error, error_capacity, "c_grid: NULL argument");
    return BOPP_INVALID_ARGUMENT;
  }
  if (config_int(config_toml, "algorithm 'c_grid'", "levels", 5, 1, C_GRID_MAX_LEVELS, &levels,
                 error, error_capacity) != 0) {
    return BOPP_INVALID_CONFIG;
  }
  self = (grid*)calloc(1, sizeof *self);
  if (self == NULL) {
    write_error(error, error_capacity, "c_grid: out of memory");
    return BOPP_ERROR;
  }
  /* A reader uses only the fields inside min(struct_size, its own sizeof). */
  copied =
      problem->struct_size < sizeof self->problem ? problem->struct_size : sizeof self->problem;
  memcpy(&self->problem, problem, copied);
  self->levels = (uint64_t)levels;
  self->best_x = (double*)calloc(self->problem.dim > 0 ? self->problem.dim : 1, sizeof(double));
  if (self->best_x == NULL) {
    grid_destroy(self);
    write_error(error, error_capacity, "c_grid: out of memory");
    return BOPP_ERROR;
  }
  *instance = self;
  return BOPP_OK;
}

/* Point number `index` of the grid: its base-`levels` digits pick each coordinate's cell. */
static void grid_point(const grid* self, uint64_t index, double* x) {
  uint32_t i;
  if (self->problem.candidate_count > 0 && self->problem.candidates != NULL) {
    const uint64_t row = index % self->problem.candidate_count;
    memcpy(x, self->problem.candidates + row * self->problem.dim,
           self->problem.dim * sizeof(double));
    return;
  }
  for (i = 0; i < self->problem.dim; ++i) {
    const double lo = self->problem.lower[i];
    const double hi = self->problem.upper[i];
    const uint64_t digit = index % self->levels;
    index /= self->levels;
    x[i] = lo + ((double)digit + 0.5) / (double)self->levels * (hi - lo);
  }
}

static bopp_status grid_ask(void* instance, uint64_t max_points, double* X, uint64_t* count,
                            char* error, size_t error_capacity) {
  grid* self = (grid*)instance;
  uint64_t k;
  if (max_points == 0 || X == NULL || count == NULL) {
    write_error(error, error_capacity, "c_grid: ask needs max_points >= 1 and buffers");
    return BOPP_INVALID_ARGUMENT;
  }
  for (k = 0; k < max_points; ++k) grid_point(self, self->asked++, X + k * self->problem.dim);
  *count = max_points;
  return BOPP_OK;
}

static bopp_status grid_tell(void* instance, const double* X, uint64_t n, const double* y,
                             const int32_t* status, char* error, size_t error_capacity) {
  grid* self = (grid*)instance;
  uint64_t k;
  if (n > 0 && (X == NULL || y == NULL || status == NULL)) {
    write_error(error, error_capacity, "c_grid: NULL buffer");
    return BOPP_INVALID_ARGUMENT;
  }
  for (k = 0; k < n; ++k) {
    if (status[k] != BOPP_OK || isnan(y[k])) continue; /* failed: y is not a value */
    if (!self->has_best || y[k] > self->best_y) {      /* maximization convention */
      self->has_best = 1;
      self->best_y = y[k];
      memcpy(self->best_x, X + k * self->problem.dim, self->problem.dim * sizeof(double));
    }
  }
  return BOPP_OK;
}

static bopp_status grid_recommend(void* instance, double* x, char* error, size_t error_capacity) {
  const grid* self = (const grid*)instance;
  uint32_t i;
  if (x == NULL) {
    write_error(error, error_capacity, "c_grid: NULL buffer");
    return BOPP_INVALID_ARGUMENT;
  }
  for (i = 0; i < self->problem.dim; ++i) {
    x[i] =
        self->has_best ? self->best_x[i] : (self->problem.lower[i] + self->problem.upper[i]) / 2.0;
  }
  return BOPP_OK;
}

/* Asked again with points pending, it walks on; tells in any order only update the best. */
static const bopp_pending_asks grid_pending_asks = {.struct_size = sizeof(bopp_pending_asks)};

static const void* grid_extension(void* instance, const char* id) {
  (void)instance;
  if (id != NULL && strcmp(id, BOPP_EXTENSION_PENDING_ASKS) == 0) return &grid_pending_asks;
  return NULL;
}

static const bopp_param grid_levels = {.struct_size = sizeof(bopp_param),
                                       .name = "levels",
                                       .type = BOPP_PARAM_INT,
                                       .default_value = "5",
                                       .help = "grid points per dimension",
                                       .minimum = 1.0,
                                       .maximum = C_GRID_MAX_LEVELS,
                                       .choices = NULL};
static const bopp_param* const grid_params[] = {&grid_levels};

static const bopp_algorithm_class c_grid = {
    .struct_size = sizeof(bopp_algorithm_class),
    .name = "c_grid",
    .version = "1.0.0",
    .summary = "cell centres of a regular grid in lexicographic order, written in C",
    .params = grid_params,
    .param_count = 1,
    .create = grid_create,
    .destroy = grid_destroy,
    .ask = grid_ask,
    .tell = grid_tell,
    .recommend = grid_recommend,
    .get_extension = grid_extension};

/* ---- manifest -------------------------------------------------------------------------- */

static const bopp_algorithm_class* const algorithms[] = {&c_grid};
static const bopp_objective_class* const objectives[] = {&c_quadratic};

static const bopp_manifest manifest = {.struct_size = sizeof(bopp_manifest),
                                       .abi_major = BOPP_ABI_MAJOR,
                                       .abi_minor = BOPP_ABI_MINOR,
                                       .library_name = "c_plugin",
                                       .library_version = "1.0.0",
                                       .algorithms = algorithms,
                                       .algorithm_count = 1,
                                       .objectives = objectives,
                                       .objective_count = 1};

BOPP_EXPORT const bopp_manifest* bopp_plugin_manifest(void) { return &manifest; }
