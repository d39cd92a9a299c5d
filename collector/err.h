/*
 * err.h - one-line error reporting and the exit codes of both programs.
 *
 * Errors are printed as "<prog>: <what>: <why>" on stderr, lowercase, with
 * no full stop.  Library-level modules call error() and pass -1 up; only
 * main() and the cmd_*() functions choose an exit status.
 */
#ifndef VMSCOPE_ERR_H
#define VMSCOPE_ERR_H

/* Exit codes, listed in the man pages. */
enum {
	EXIT_OK = 0,      /* success */
	EXIT_FAILURE_RT = 1, /* runtime failure: I/O, SQLite, bad input */
	EXIT_USAGE = 2,   /* misuse: bad flags or arguments */
};

/* Program name used as the message prefix; set once by main(). */
void err_set_prog(const char *prog);
const char *err_prog(void);

/* Print "<prog>: <formatted>" and return -1. */
int error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* Like error() but appends ": strerror(errno)". */
int error_errno(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* Print "<prog>: warning: <formatted>"; does not change control flow. */
void warning(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/*
 * err_hold(1): until err_hold(0), error() and error_errno() print nothing
 * and err_held() keeps the first message's text (without the program
 * name; it stays readable after err_hold(0)), for a caller that reports a failure it can live with in its own
 * words (a warning).  Warnings are printed as usual.
 */
void err_hold(int on);
const char *err_held(void);

#endif
