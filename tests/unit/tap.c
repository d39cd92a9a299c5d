/* tap.c - see tap.h. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "tap.h"

static int tests, failed;
static FILE *tap_out;

/* The stream for TAP lines: $VMSCOPE_TAP_FD if set and open, else stdout. */
static FILE *out(void)
{
	const char *fd = getenv("VMSCOPE_TAP_FD");

	if (tap_out)
		return tap_out;
	if (fd && *fd)
		tap_out = fdopen(atoi(fd), "w");
	if (!tap_out)
		tap_out = stdout;
	return tap_out;
}

static void line(int cond, const char *fmt, va_list ap)
{
	FILE *f = out();

	tests++;
	if (!cond)
		failed++;
	fprintf(f, "%sok %d - ", cond ? "" : "not ", tests);
	vfprintf(f, fmt, ap);
	fputc('\n', f);
	fflush(f);
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
		tap_diag("  got %lld, want %lld", (long long)got, (long long)want);
	return got == want;
}

void tap_skip(const char *why, const char *fmt, ...)
{
	FILE *f = out();
	va_list ap;

	tests++;
	fprintf(f, "ok %d - ", tests);
	va_start(ap, fmt);
	vfprintf(f, fmt, ap);
	va_end(ap);
	fprintf(f, " # SKIP %s\n", why);
	fflush(f);
}

void tap_diag(const char *fmt, ...)
{
	FILE *f = out();
	va_list ap;

	fputs("# ", f);
	va_start(ap, fmt);
	vfprintf(f, fmt, ap);
	va_end(ap);
	fputc('\n', f);
	fflush(f);
}

int tap_done(void)
{
	FILE *f = out();

	fprintf(f, "1..%d\n", tests);
	fflush(f);
	return failed ? 1 : 0;
}

int tap_skip_all(const char *why)
{
	FILE *f = out();

	fprintf(f, "1..0 # SKIP %s\n", why);
	fflush(f);
	return 0;
}

char *tap_tmp_template(char *buf, size_t size, const char *stem)
{
	const char *tmp = getenv("TMPDIR");
	int n;

	if (!tmp || !*tmp)
		tmp = "/tmp";
	n = snprintf(buf, size, "%s/%s.XXXXXX", tmp, stem);
	return n > 0 && (size_t)n < size ? buf : NULL;
}
