#include <gtest/gtest.h>
TEST(AfsTrEdmPlaceholder, Builds) {}
