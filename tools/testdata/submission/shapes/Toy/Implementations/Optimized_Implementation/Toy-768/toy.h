#ifndef TOY_H
#define TOY_H
void toy_fold(const unsigned char *msg, unsigned long long bytes, unsigned char *digest, unsigned digest_bytes);
#endif
