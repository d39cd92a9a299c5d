/*
 * tap.h - a minimal TAP producer for the unit tests.
 *
 * Each check prints "ok N - name" or "not ok N - name"; tap_done() prints
 * the plan and returns the exit status (non-zero if any check failed).
 * tests/run.sh compares the plan with the lines it counted.
 *
 * The TAP lines go to the file descriptor named by $VMSCOPE_TAP_FD when
 * tests/run.sh sets it, so nothing the code under test prints on stdout
 * can be taken for a check; run by hand, they go to stdout.
 */
#ifndef VMSCOPE_TAP_H
#define VMSCOPE_TAP_H

#include <stddef.h>
#include <stdint.h>

int tap_ok(int cond, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
int tap_is_i64(int64_t got, int64_t want, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
void tap_skip(const char *why, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
/* A diagnostic line ("# ...") beside the TAP lines. */
void tap_diag(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* Print the plan; returns main()'s exit status. */
int tap_done(void);
/*
 * Write the template "$TMPDIR/<stem>.XXXXXX" (/tmp without TMPDIR) into buf,
 * for mkdtemp() or mkstemp().  tests/run.sh gives each test a TMPDIR of its
 * own and removes it afterwards, so what a test killed half-way (a mutant,
 * a crash) leaves behind goes too.  Returns buf, NULL if it does not fit.
 */
char *tap_tmp_template(char *buf, size_t size, const char *stem);
/* The whole test cannot run here: plan "1..0 # SKIP why"; returns 0. */
int tap_skip_all(const char *why);

#endif
