// Unit tests for Laurus (hash-14): every vector and intermediate value of
// research/hash-14-laurus.md §9, through both module variants where observable.
#include <gtest/gtest.h>

#include "laurus/permutation.hpp"
#include "test_support.hpp"
