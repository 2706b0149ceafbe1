/* Test fixture: an instance that does not compile. */
#define ALGORITHM_INSTANCE "CHIME-512"
#define DIGEST_BIT_LENGTH 512
