/* tap.c - see tap.h. */
#include <stdarg.h>
#include <stdio.h>

#include "tap.h"

static int tests, failed;

static void line(int cond, const char *fmt, va_list ap)
{
	tests++;
	if (!cond)
		failed++;
	printf("%sok %d - ", cond ? "" : "not ", tests);
	vprintf(fmt, ap);
	putchar('\n');
}

int tap_ok(int cond, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	line(cond, fmt, ap);
	va_end(ap);
	return cond;
}

int tap_is_i64(int64_t got, int64_t want, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	line(got == want, fmt, ap);
	va_end(ap);
	if (got != want)
		printf("#   got %lld, want %lld\n", (long long)got, (long long)want);
	return got == want;
}

void tap_skip(const char *why, const char *fmt, ...)
{
	va_list ap;

	tests++;
	printf("ok %d - ", tests);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	printf(" # SKIP %s\n", why);
}

int tap_done(void)
{
	printf("1..%d\n", tests);
	return failed ? 1 : 0;
}
