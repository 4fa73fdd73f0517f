/*
 * bopp/ext/pending_asks.h: the extension "bopp.pending_asks/1" (ABI 1.2), asking an algorithm
 * again while points it asked are still being evaluated.
 *
 * Returned by an algorithm instance's `get_extension`: the algorithm may be asked again while
 * points it asked earlier are still being evaluated, and is then told any subset of its pending
 * points, in any order (each point is told exactly once, as the host rounded it). A host asks
 * this way only when the experiment sets `[evaluator] async = true`; without the extension that
 * setting is refused. The pointer is static; the struct carries no functions yet.
 *
 * Plain C11, like abi.h; abi.h does not include it.
 */
#ifndef BOPP_EXT_PENDING_ASKS_H
#define BOPP_EXT_PENDING_ASKS_H

#include "../abi.h"

#ifdef __cplusplus
extern "C" {
#endif

#define BOPP_EXTENSION_PENDING_ASKS "bopp.pending_asks/1"

typedef struct bopp_pending_asks {
  uint32_t struct_size;
} bopp_pending_asks;

#ifdef __cplusplus
}
#endif

#endif /* BOPP_EXT_PENDING_ASKS_H */
