// Published findings on Laurus (hash-14), reproduced (ctest label findings).
#include <gtest/gtest.h>

#include "laurus/laurus.hpp"
#include "test_support.hpp"
