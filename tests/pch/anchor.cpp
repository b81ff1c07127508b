// The target that builds the precompiled header every GoogleTest executable reuses
// (cmake/fgtlm_test_pch.cmake). It has no test of its own: gtest_main runs none.
#include <gtest/gtest.h>
