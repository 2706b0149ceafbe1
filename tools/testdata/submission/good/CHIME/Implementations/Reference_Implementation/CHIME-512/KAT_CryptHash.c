/* Test fixture: stands where a package carries the official KAT driver,
 * which the submission builder must leave out of the library. */
int main(void) { return 1; }
