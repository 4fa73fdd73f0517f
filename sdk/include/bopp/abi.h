/*
 * bopp/abi.h: the only binary contract between the bopp host and its plugins.
 *
 * Plain C11. Nothing but fixed-width integers, doubles, `const char*` and structs of
 * function pointers crosses this boundary, so a plugin may be built with another
 * compiler, or written in C, Rust or Fortran.
 *
 * Versioning (docs/abi.md has the policy):
 *   - BOPP_ABI_MAJOR changes when an existing field or function changes meaning or place.
 *     The host refuses a library of another major.
 *   - BOPP_ABI_MINOR changes when a field is appended to a growable struct or a new
 *     extension id is defined. A newer host reads an older plugin.
 *   - Every growable struct begins with `uint32_t struct_size` (the writer's sizeof); a
 *     reader uses only the fields that lie inside min(struct_size, its own sizeof).
 *   - Arrays of growable structs are passed as arrays of pointers, so growth never
 *     changes a stride.
 *   - Optional capabilities are extensions, fetched by id through `get_extension`. Each has a
 *     header of its own, bopp/ext/NAME.h, with its id "bopp.NAME/REV" and its struct; this
 *     header includes none of them.
 *
 * Ownership and lifetime, in general:
 *   - Everything a manifest points to is static: valid while the library is loaded,
 *     and a host never unloads a library while the process lives.
 *   - An instance is created and destroyed by the same plugin (`create` / `destroy`).
 *   - Outputs go into buffers the caller provides, with their capacity.
 *   - Error messages are written by the plugin into the caller's buffer `error`
 *     of `error_capacity` bytes, always NUL-terminated, truncated if needed. (The host
 *     reads at most error_capacity - 1 bytes, so a missing terminator costs one byte.)
 *
 * Threading: unless a function says otherwise, the host calls an instance from one
 * thread at a time. An objective that sets `thread_safe` may have `evaluate` called
 * on one instance from several threads at once.
 */
#ifndef BOPP_ABI_H
#define BOPP_ABI_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define BOPP_ABI_MAJOR 1
#define BOPP_ABI_MINOR 3

/* The one symbol every plugin library exports. */
#define BOPP_ENTRY_SYMBOL "bopp_plugin_manifest"

/* ---- status codes (int32_t) ------------------------------------------------------- */
typedef int32_t bopp_status;
enum {
  BOPP_OK = 0,
  BOPP_ERROR = 1,            /* generic failure; the message says what */
  BOPP_INVALID_CONFIG = 2,   /* configuration rejected by the plugin */
  BOPP_INVALID_ARGUMENT = 3, /* a call's arguments are wrong (sizes, NULLs) */
  BOPP_EVAL_FAILED = 4,      /* per-point status: this evaluation failed */
  BOPP_STOPPED = 5           /* the host's stop flag was seen */
};

/* ---- host services ------------------------------------------------------------------ */
enum { BOPP_LOG_DEBUG = 0, BOPP_LOG_INFO = 1, BOPP_LOG_WARNING = 2, BOPP_LOG_ERROR = 3 };

/*
 * Services the host lends to a plugin instance. Owned by the host; valid from `create`
 * until `destroy` of the instance it was passed to. `log` and `stop_requested` may be
 * called from any thread the plugin runs on.
 */
typedef struct bopp_host {
  uint32_t struct_size;
  void* context; /* passed back to every callback */
  /* A plugin never writes to stdout: it logs here. `message` is copied before return. */
  void (*log)(void* context, int32_t level, const char* message);
  /* Non-zero when the user asked the run to stop; long computations should check it. */
  int32_t (*stop_requested)(void* context);
  /* How many threads the plugin may use (>= 1). */
  uint32_t thread_budget;
  /* ABI 1.1: the configuration `create` was given, as typed entries a C reader takes without a
     TOML parser (bopp_config_entry, below): the same keys and values as `config_toml`, every
     default filled in, in the order the class declares its params. Valid as long as the host
     struct. A 1.0 host does not write these fields: read them only when `struct_size` covers
     them (bopp_config_find does). */
  const struct bopp_config_entry* const* config;
  uint32_t config_count;
} bopp_host;

/* ---- parameter schema ----------------------------------------------------------------- */
enum {
  BOPP_PARAM_BOOL = 0,
  BOPP_PARAM_INT = 1,      /* int64 */
  BOPP_PARAM_REAL = 2,     /* double; a TOML integer is accepted and widened */
  BOPP_PARAM_STRING = 3,   /* optionally restricted to `choices` */
  BOPP_PARAM_REAL_LIST = 4 /* array of doubles; `minimum`/`maximum` apply per element */
};

/*
 * One key of a plugin's configuration table. Static (lives as long as the library).
 * The host checks every key of the user's table against these before `create`, and
 * fills in defaults, so `create` sees a complete table.
 */
typedef struct bopp_param {
  uint32_t struct_size;
  const char* name;
  int32_t type; /* BOPP_PARAM_* */
  /* Default as TOML value text (`0.25`, `"sobol"`, `true`, `[0.0, 1.0]`), or NULL when
     the key is required, or "" when it is optional with no default. Checked at load: it
     must be one value of `type` inside the range. A REAL (or REAL_LIST) accepts `inf` or
     `-inf` from a user only when its default is (or holds) that infinity. `name` is
     non-empty UTF-8 and unique within the class. */
  const char* default_value;
  const char* help;    /* one line */
  double minimum;      /* inclusive; -INFINITY when unbounded (INT and REAL) */
  double maximum;      /* inclusive; +INFINITY when unbounded */
  const char* choices; /* STRING only: "a|b|c", or NULL for any string */
} bopp_param;

/* ---- typed configuration (ABI 1.1) ----------------------------------------------------- */
/*
 * One key of an instance's configuration. `type` says which value field holds it; the
 * others are zero. A REAL key given as a TOML integer arrives widened to `real`. An optional
 * key with no default that the user left out is absent from the array.
 */
typedef struct bopp_config_entry {
  uint32_t struct_size;
  const char* name;    /* the parameter's name */
  int32_t type;        /* BOPP_PARAM_* */
  int32_t boolean;     /* BOOL: 0 or 1 */
  int64_t integer;     /* INT */
  double real;         /* REAL */
  const char* string;  /* STRING: UTF-8, NUL-terminated */
  const double* reals; /* REAL_LIST: `real_count` values (NULL when empty) */
  uint64_t real_count;
} bopp_config_entry;

/* The entry named `name`, or NULL (no such key, or a host older than ABI 1.1). */
static inline const bopp_config_entry* bopp_config_find(const struct bopp_host* host,
                                                        const char* name) {
  uint32_t i;
  if (host == NULL || name == NULL ||
      host->struct_size < offsetof(struct bopp_host, config_count) + sizeof(uint32_t)) {
    return NULL;
  }
  for (i = 0; i < host->config_count; ++i) {
    const char* a = host->config[i]->name;
    const char* b = name;
    while (*a != '\0' && *a == *b) ++a, ++b;
    if (*a == *b) return host->config[i];
  }
  return NULL;
}

/* ---- the problem an objective poses --------------------------------------------------- */
enum { BOPP_DIM_CONTINUOUS = 0, BOPP_DIM_INTEGER = 1, BOPP_DIM_CATEGORICAL = 2 };
enum { BOPP_MINIMIZE = 0, BOPP_MAXIMIZE = 1 };

/*
 * What an objective instance is. Owned by the instance; every pointer valid until the
 * instance is destroyed. Passed unchanged to the algorithm's `create` except that the
 * host rewrites `sense` to BOPP_MAXIMIZE and negates `optimum_value` for a minimized
 * objective, because algorithms always maximize.
 *
 * A categorical dimension with k levels has bounds [0, k-1]; the host rounds integer
 * and categorical coordinates to the nearest allowed value before evaluation.
 */
typedef struct bopp_problem {
  uint32_t struct_size;
  uint32_t dim;
  const double* lower;  /* [dim], never NULL */
  const double* upper;  /* [dim], never NULL */
  const int32_t* kinds; /* [dim] BOPP_DIM_*, or NULL when all continuous */
  int32_t sense;        /* BOPP_MINIMIZE or BOPP_MAXIMIZE */
  int32_t has_optimum;  /* non-zero when optimum_value is known */
  double optimum_value;
  const double* optimizer;  /* [dim], or NULL when unknown */
  double noise_std;         /* 0 when noiseless */
  uint64_t candidate_count; /* > 0 when the domain is a finite candidate set */
  const double* candidates; /* [candidate_count * dim], row-major, or NULL */
  int32_t thread_safe;      /* non-zero: `evaluate` may run concurrently on one instance */
} bopp_problem;

/* ---- objective class ------------------------------------------------------------------ */
typedef struct bopp_objective_class {
  uint32_t struct_size;
  const char* name;    /* UTF-8, unique across all loaded libraries, e.g. "branin" */
  const char* version; /* semantic version of this objective */
  const char* summary; /* one line */
  const bopp_param* const* params;
  uint32_t param_count;

  /* Creates an instance from the TOML text of its configuration table (defaults filled
     in by the host) and a seed (which fixes any random construction of the function). */
  bopp_status (*create)(const char* config_toml, uint64_t seed, const bopp_host* host,
                        void** instance, char* error, size_t error_capacity);
  void (*destroy)(void* instance);
  /* The problem; the pointer and what it points to are valid until `destroy`. */
  const bopp_problem* (*problem)(void* instance);
  /*
   * Evaluates n points X[n * dim] (row-major). seeds[n] seed any noise, one per point,
   * so a result does not depend on how points are grouped into calls. Writes y[n] in
   * the objective's own sense and status[n] (BOPP_OK or BOPP_EVAL_FAILED). A non-OK
   * return fails the whole call, with its message in `error`. When the call returns
   * BOPP_OK with some points failed, `error` may hold the message of the first failure
   * (the host empties the buffer before the call).
   */
  bopp_status (*evaluate)(void* instance, const double* X, uint64_t n, const uint64_t* seeds,
                          double* y, int32_t* status, char* error, size_t error_capacity);
  /* Optional capabilities by versioned id ("bopp.<name>/<rev>"); NULL when absent. */
  const void* (*get_extension)(void* instance, const char* id);
} bopp_objective_class;

/* ---- algorithm class ------------------------------------------------------------------ */
typedef struct bopp_algorithm_class {
  uint32_t struct_size;
  const char* name;
  const char* version;
  const char* summary;
  const bopp_param* const* params;
  uint32_t param_count;

  /* `problem` is valid until `destroy`; `sense` is always BOPP_MAXIMIZE. */
  bopp_status (*create)(const bopp_problem* problem, const char* config_toml, uint64_t seed,
                        const bopp_host* host, void** instance, char* error, size_t error_capacity);
  void (*destroy)(void* instance);
  /*
   * Proposes 1..max_points points into X[max_points * dim] (row-major, inside the
   * bounds) and writes how many into *count.
   */
  bopp_status (*ask)(void* instance, uint64_t max_points, double* X, uint64_t* count, char* error,
                     size_t error_capacity);
  /*
   * Observations of n points, maximization convention. status[i] != BOPP_OK marks a
   * failed evaluation; its y[i] is NaN and must not be used as a value.
   */
  bopp_status (*tell)(void* instance, const double* X, uint64_t n, const double* y,
                      const int32_t* status, char* error, size_t error_capacity);
  /* The point the algorithm would return now, into x[dim]. */
  bopp_status (*recommend)(void* instance, double* x, char* error, size_t error_capacity);
  /* Optional capabilities by versioned id, as the objective's: bopp/ext/pending_asks.h and
     bopp/ext/state.h. */
  const void* (*get_extension)(void* instance, const char* id);
} bopp_algorithm_class;

/* ---- manifest ------------------------------------------------------------------------- */
/*
 * Returned by the entry symbol; static. The first three fields never move, so a host can
 * read abi_major from a library of any version.
 */
typedef struct bopp_manifest {
  uint32_t struct_size;
  uint32_t abi_major;
  uint32_t abi_minor;
  const char* library_name;
  const char* library_version;
  const bopp_algorithm_class* const* algorithms;
  uint32_t algorithm_count;
  const bopp_objective_class* const* objectives;
  uint32_t objective_count;
} bopp_manifest;

typedef const bopp_manifest* (*bopp_manifest_function)(void);

#if defined(_WIN32)
#define BOPP_EXPORT __declspec(dllexport)
#else
#define BOPP_EXPORT __attribute__((visibility("default")))
#endif

#ifdef __cplusplus
}
#endif

#endif /* BOPP_ABI_H */
