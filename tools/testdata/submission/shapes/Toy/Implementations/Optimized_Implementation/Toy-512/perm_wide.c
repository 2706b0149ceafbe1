/* The wide code falls back to the portable one, which it compiles in. */
#include "perm.c"
