/* A shared library that is not an NGCC module: it exports no CryptHash. */
int not_crypthash(int x) { return x + 1; }
