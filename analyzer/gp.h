/*
 * gp.h - gnuplot, run as a program on scripts rendered from plots/NAME.gp.
 *
 * Every string that comes from user data (labels, tags, markers, kernel
 * names) reaches a script only through gp_quote(): a single-quoted
 * gnuplot string, where nothing is interpreted but '' (a quote), with
 * control characters (a newline would end the command) made spaces.
 * Scripts set "noenhanced", so no markup in a label is read either.
 */
#ifndef VMSCOPE_GP_H
#define VMSCOPE_GP_H

#include <stddef.h>
#include <stdio.h>

struct plot_template {
	const char *name, *text;
};

/* plots/NAME.gp, compiled in (build/plots_gp.c); ends with { NULL, NULL }. */
extern const struct plot_template plot_templates[];

enum gp_format { GP_PNG, GP_SVG, GP_PDF, GP_DUMB };

/* "png" -> GP_PNG ...; -1 with a message if unknown. */
int gp_parse_format(const char *s);
const char *gp_extension(enum gp_format f);

/* Growable text holding a rendered value. */
struct gp_text {
	char *buf;
	size_t len, alloc;
};

void gp_text_release(struct gp_text *t);
int gp_printf(struct gp_text *t, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
/* Append s as a single-quoted gnuplot string. */
int gp_quote(struct gp_text *t, const char *s);

/*
 * Render template name into DIR/name.gp: each "@KEY@" of the template is
 * replaced by values[i] where keys[i] == "KEY".  "@TERMINAL@" is set from
 * fmt, writing DIR/name.<ext> (relative: the script runs in DIR).
 */
int gp_render(const char *dir, const char *name, enum gp_format fmt,
	      const char *const *keys, const char *const *values, size_t n);

/*
 * Run "gnuplot name.gp" in dir.  A missing gnuplot or a failing script is
 * a one-line error naming the script to run by hand.
 */
int gp_run(const char *dir, const char *name);

#endif
