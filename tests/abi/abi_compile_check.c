/*
 * Compiled by the abi_compiles_as_* tests as C11 and as C++20, with gcc and clang, warnings
 * as errors: abi.h and the extension headers must stay valid, warning-free C and C++ (house
 * rule 1), and abi.h must not include an extension header.
 */
#include <bopp/abi.h>

#ifdef BOPP_EXTENSION_PENDING_ASKS
#error "abi.h includes an extension header; each is included on its own, from bopp/ext/"
#endif

#include <bopp/ext/pending_asks.h>

/* Reads the ABI major of a library the way a host of any version does. */
uint32_t abi_major_of(bopp_manifest_function entry);

uint32_t abi_major_of(bopp_manifest_function entry) {
  const bopp_manifest* manifest = entry != NULL ? entry() : NULL;
  if (manifest == NULL || manifest->struct_size < 3 * sizeof(uint32_t)) return 0u;
  return manifest->abi_major;
}

/* Whether an algorithm instance may be asked with points pending, as a host asks it. */
int32_t offers_pending_asks(const bopp_algorithm_class* algorithm, void* instance);

int32_t offers_pending_asks(const bopp_algorithm_class* algorithm, void* instance) {
  const bopp_pending_asks* extension;
  if (algorithm == NULL || algorithm->get_extension == NULL) return 0;
  extension =
      (const bopp_pending_asks*)algorithm->get_extension(instance, BOPP_EXTENSION_PENDING_ASKS);
  return extension != NULL && extension->struct_size >= sizeof(uint32_t);
}
