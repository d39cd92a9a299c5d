/* gp.c - render plots/NAME.gp and run gnuplot on them (see gp.h). */
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "err.h"
#include "gp.h"
#include "banned.h"

static const char *const extensions[] = {
	[GP_PNG] = "png", [GP_SVG] = "svg", [GP_PDF] = "pdf", [GP_DUMB] = "txt",
};

int gp_parse_format(const char *s)
{
	if (!strcmp(s, "png"))
		return GP_PNG;
	if (!strcmp(s, "svg"))
		return GP_SVG;
	if (!strcmp(s, "pdf"))
		return GP_PDF;
	if (!strcmp(s, "dumb"))
		return GP_DUMB;
	return error("bad format '%s': expected png, svg, pdf or dumb", s);
}

const char *gp_extension(enum gp_format f)
{
	return extensions[f];
}

void gp_text_release(struct gp_text *t)
{
	free(t->buf);
	memset(t, 0, sizeof(*t));
}

static int gp_reserve(struct gp_text *t, size_t more)
{
	if (t->alloc - t->len <= more) {
		size_t n = t->alloc ? 2 * t->alloc : 256;
		char *b;

		while (n - t->len <= more)
			n *= 2;
		b = realloc(t->buf, n);
		if (!b)
			return error("out of memory");
		t->buf = b;
		t->alloc = n;
	}
	return 0;
}

int gp_printf(struct gp_text *t, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (n < 0 || gp_reserve(t, (size_t)n + 1))
		return -1;
	va_start(ap, fmt);
	vsnprintf(t->buf + t->len, t->alloc - t->len, fmt, ap);
	va_end(ap);
	t->len += (size_t)n;
	return 0;
}

int gp_quote(struct gp_text *t, const char *s)
{
	if (gp_reserve(t, 2 * strlen(s) + 3))
		return -1;
	t->buf[t->len++] = '\'';
	for (; *s; s++) {
		if (*s == '\'')
			t->buf[t->len++] = '\'';      /* '' is a quote */
		t->buf[t->len++] = (unsigned char)*s < 0x20 ? ' ' : *s;
	}
	t->buf[t->len++] = '\'';
	t->buf[t->len] = 0;
	return 0;
}

static const char *template_text(const char *name)
{
	size_t i;

	for (i = 0; plot_templates[i].name; i++)
		if (!strcmp(plot_templates[i].name, name))
			return plot_templates[i].text;
	return NULL;
}

/* "set terminal ...; set output 'name.ext'" */
static int terminal(struct gp_text *t, const char *name, enum gp_format fmt)
{
	static const char *const term[] = {
		/*
		 * shown at 100% in a mail client's reading pane (about 1000
		 * pixels wide), where 10-point text on 1200 pixels was small
		 */
		[GP_PNG] = "pngcairo size 1000,750 font 'sans,11'",
		[GP_SVG] = "svg size 1000,750 font 'sans,11'",
		[GP_PDF] = "pdfcairo size 11in,8.5in font 'sans,9'",
		/* 76 columns: a mail body with room for quoting */
		[GP_DUMB] = "dumb size 76,48",
	};
	char out[256];

	snprintf(out, sizeof(out), "%s.%s", name, extensions[fmt]);
	/* text charts need every column for the plot: the key goes below */
	return gp_printf(t, "set terminal %s\nset key %s\nset output ", term[fmt],
			 fmt == GP_DUMB ? "below" : "outside right top") ||
	       gp_quote(t, out);
}

static int write_rendered(FILE *f, const char *text, enum gp_format fmt,
			  const char *name, const char *const *keys,
			  const char *const *values, size_t n)
{
	const char *p = text;

	while (*p) {
		const char *at = strchr(p, '@'), *end;
		size_t i, klen;

		if (!at) {
			fputs(p, f);
			break;
		}
		fwrite(p, 1, (size_t)(at - p), f);
		end = strchr(at + 1, '@');
		klen = end ? (size_t)(end - at - 1) : 0;
		if (end && klen == 8 && !memcmp(at + 1, "TERMINAL", 8)) {
			struct gp_text t = { NULL, 0, 0 };

			if (terminal(&t, name, fmt))
				return -1;
			fputs(t.buf, f);
			gp_text_release(&t);
			p = end + 1;
			continue;
		}
		for (i = 0; end && i < n; i++)
			if (strlen(keys[i]) == klen && !memcmp(keys[i], at + 1, klen))
				break;
		if (!end || i == n) {
			fputc('@', f);
			p = at + 1;
			continue;
		}
		fputs(values[i], f);
		p = end + 1;
	}
	return ferror(f) ? -1 : 0;
}

int gp_render(const char *dir, const char *name, enum gp_format fmt,
	      const char *const *keys, const char *const *values, size_t n)
{
	const char *text = template_text(name);
	char path[4096];
	FILE *f;
	int rc;

	if (!text)
		return error("no plot template '%s'", name);
	snprintf(path, sizeof(path), "%s/%s.gp", dir, name);
	f = fopen(path, "w");
	if (!f)
		return error_errno("cannot write '%s'", path);
	rc = write_rendered(f, text, fmt, name, keys, values, n);
	if (fclose(f) || rc)
		return error_errno("cannot write '%s'", path);
	return 0;
}

int gp_run(const char *dir, const char *name)
{
	char script[512];
	int status, err_pipe[2], err = 0;
	pid_t pid;
	ssize_t r;

	snprintf(script, sizeof(script), "%s.gp", name);
	if (pipe2(err_pipe, O_CLOEXEC))
		return error_errno("cannot run gnuplot");
	pid = fork();
	if (pid < 0) {
		int fork_errno = errno;

		/* both ends are ours until a child exists: do not leak them */
		close(err_pipe[0]);
		close(err_pipe[1]);
		errno = fork_errno;
		return error_errno("cannot run gnuplot");
	}
	if (pid == 0) {
		close(err_pipe[0]);
		if (chdir(dir) == 0)
			execlp("gnuplot", "gnuplot", script, (char *)NULL);
		err = errno;
		r = write(err_pipe[1], &err, sizeof(err));
		(void)r;
		_exit(127);
	}
	close(err_pipe[1]);
	r = read(err_pipe[0], &err, sizeof(err));
	close(err_pipe[0]);
	if (waitpid(pid, &status, 0) < 0)
		return error_errno("cannot run gnuplot");
	if (r == (ssize_t)sizeof(err))
		return error("cannot run gnuplot: %s; install gnuplot-nox, then "
			     "run: cd '%s' && gnuplot %s", strerror(err), dir,
			     script);
	if (!WIFEXITED(status) || WEXITSTATUS(status))
		return error("gnuplot failed on '%s/%s'; run it by hand to see "
			     "why: cd '%s' && gnuplot %s", dir, script, dir, script);
	return 0;
}
