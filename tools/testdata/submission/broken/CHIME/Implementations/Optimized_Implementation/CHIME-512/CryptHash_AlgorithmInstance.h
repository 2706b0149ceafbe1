/* Test fixture: an instance that builds but fails its KATs. */
#define ALGORITHM_INSTANCE "CHIME-512"
#define DIGEST_BIT_LENGTH 512
