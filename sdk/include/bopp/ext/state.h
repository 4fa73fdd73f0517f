/*
 * bopp/ext/state.h: the extension "bopp.state/1" (ABI 1.3), an algorithm instance's state as
 * bytes, so a long run resumes from a checkpoint instead of replaying every ask.
 *
 * Returned by an algorithm instance's `get_extension`. The pointer is static.
 *
 * `save` writes everything the instance needs, beyond its class, problem, configuration and seed,
 * to continue exactly as it would have: a freshly created instance of the same class, created
 * with the same problem, configuration and seed, that is given the bytes through `restore`
 * before any ask or tell, must then ask the same points, bit for bit, as the instance that
 * saved them. The host saves only between batches, when no asked point is pending.
 *
 * The bytes are the plugin's own format. They should carry the class name, its version and a
 * format revision, and `restore` refuses bytes it cannot read (another class or version, a format
 * it does not know, truncated or corrupt bytes) with BOPP_INVALID_ARGUMENT and a one-line message
 * in `error`; the instance is then left unusable and the host destroys it. The C++ kit writes such
 * an envelope itself (bopp/kit/state_archive.hpp).
 *
 * Plain C11, like abi.h; abi.h does not include it.
 */
#ifndef BOPP_EXT_STATE_H
#define BOPP_EXT_STATE_H

#include "../abi.h"

#ifdef __cplusplus
extern "C" {
#endif

#define BOPP_EXTENSION_STATE "bopp.state/1"

/*
 * Takes the next `size` bytes of a state; `save` may call it any number of times, the bytes of
 * the calls concatenated are the state. Non-OK when the host cannot keep them: `save` then stops
 * and returns that status.
 */
typedef bopp_status (*bopp_state_sink)(void* context, const uint8_t* bytes, uint64_t size);

typedef struct bopp_state {
  uint32_t struct_size;
  bopp_status (*save)(void* instance, bopp_state_sink sink, void* sink_context, char* error,
                      size_t error_capacity);
  /* `bytes` is valid during the call only. */
  bopp_status (*restore)(void* instance, const uint8_t* bytes, uint64_t size, char* error,
                         size_t error_capacity);
} bopp_state;

#ifdef __cplusplus
}
#endif

#endif /* BOPP_EXT_STATE_H */
