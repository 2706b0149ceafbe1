/* Test fixture: stands where a package carries the official DRNG, which the
 * submission builder must leave out of the library. */
int drng_fixture_must_not_be_linked(void);
int drng_fixture_must_not_be_linked(void) { return 1; }
