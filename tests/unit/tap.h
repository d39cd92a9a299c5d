/*
 * tap.h - a minimal TAP producer for the unit tests.
 *
 * Each check prints "ok N - name" or "not ok N - name"; tap_done() prints
 * the plan and returns the exit status (non-zero if any check failed).
 * tests/run.sh counts the lines.
 */
#ifndef VMSCOPE_TAP_H
#define VMSCOPE_TAP_H

#include <stdint.h>

int tap_ok(int cond, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
int tap_is_i64(int64_t got, int64_t want, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
void tap_skip(const char *why, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
int tap_done(void);

#endif
