/*
 * Compiled by the abi_compiles_as_* tests as C11 and as C++20, with gcc and clang, warnings
 * as errors: abi.h must stay valid, warning-free C and C++ (house rule 1).
 */
#include <bopp/abi.h>

/* Reads the ABI major of a library the way a host of any version does. */
uint32_t abi_major_of(bopp_manifest_function entry);

uint32_t abi_major_of(bopp_manifest_function entry) {
  const bopp_manifest* manifest = entry != NULL ? entry() : NULL;
  if (manifest == NULL || manifest->struct_size < 3 * sizeof(uint32_t)) return 0u;
  return manifest->abi_major;
}
