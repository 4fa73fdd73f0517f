/*
 * A valid shared library that is not a bopp plugin: it exports a function, but no
 * bopp_plugin_manifest. A host must say so, naming the file, and carry on with the others.
 */
#include <bopp/abi.h>

BOPP_EXPORT int bopp_not_the_manifest(void);

BOPP_EXPORT int bopp_not_the_manifest(void) { return 42; }
