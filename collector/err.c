/* err.c - the error(), error_errno() and warning() helpers of err.h. */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "err.h"
#include "banned.h"

static const char *prog_name = "vmscope";
/* while errors are held (err_hold()), the first one's text, not printed */
static int holding;
static char held[512];

void err_set_prog(const char *prog)
{
	prog_name = prog;
}

const char *err_prog(void)
{
	return prog_name;
}

static void vreport(const char *prefix, const char *fmt, va_list ap,
		    const char *why)
{
	if (holding && !*prefix) {
		size_t n;

		if (*held)
			return;
		vsnprintf(held, sizeof(held), fmt, ap);
		n = strlen(held);
		if (why)
			snprintf(held + n, sizeof(held) - n, ": %s", why);
		return;
	}
	fprintf(stderr, "%s: %s", prog_name, prefix);
	vfprintf(stderr, fmt, ap);
	if (why)
		fprintf(stderr, ": %s", why);
	fputc('\n', stderr);
}

int error(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vreport("", fmt, ap, NULL);
	va_end(ap);
	return -1;
}

int error_errno(const char *fmt, ...)
{
	int saved = errno;
	va_list ap;

	va_start(ap, fmt);
	vreport("", fmt, ap, strerror(saved));
	va_end(ap);
	errno = saved;
	return -1;
}

void warning(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vreport("warning: ", fmt, ap, NULL);
	va_end(ap);
}

void err_hold(int on)
{
	holding = on;
	if (on)
		held[0] = 0;
}

const char *err_held(void)
{
	return held;
}
