// The program that owns the test suite's precompiled GoogleTest header (tests/CMakeLists.txt):
// it has no tests of its own and is never run.
