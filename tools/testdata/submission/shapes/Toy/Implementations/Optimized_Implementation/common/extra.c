/* A source the settings add to one implementation (settings `sources:`). */
int toy_extra(void);

int toy_extra(void)
{
    return 1;
}
