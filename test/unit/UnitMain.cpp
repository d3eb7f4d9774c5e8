// The one translation unit that instantiates Catch2's runner: compiling it is
// slow, so it holds no tests.
#define CATCH_CONFIG_MAIN
#include <catch2/catch.hpp>
