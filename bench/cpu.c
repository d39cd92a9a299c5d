/*
 * cpu.c - run a command, print the CPU it used and its peak RSS.
 *
 * Prints "cpu_us=N user_us=N sys_us=N maxrss_kb=N minflt=N exit=N" from wait4()'s rusage, which the
 * kernel keeps in nanoseconds of scheduled time (unlike /usr/bin/time's
 * 10 ms ticks), so a run of a few hundred samples can be measured.
 * usage: cpu COMMAND [ARGS...]
 */
#include <stdio.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	struct rusage ru;
	pid_t pid;
	int status;

	if (argc < 2) {
		fprintf(stderr, "usage: cpu COMMAND [ARGS...]\n");
		return 2;
	}
	pid = fork();
	if (pid == 0) {
		execvp(argv[1], argv + 1);
		perror(argv[1]);
		_exit(127);
	}
	if (pid < 0 || wait4(pid, &status, 0, &ru) < 0) {
		perror("cpu");
		return 1;
	}
	printf("cpu_us=%lld user_us=%lld sys_us=%lld maxrss_kb=%ld minflt=%ld exit=%d\n",
	       (long long)ru.ru_utime.tv_sec * 1000000 + ru.ru_utime.tv_usec +
	       (long long)ru.ru_stime.tv_sec * 1000000 + ru.ru_stime.tv_usec,
	       (long long)ru.ru_utime.tv_sec * 1000000 + ru.ru_utime.tv_usec,
	       (long long)ru.ru_stime.tv_sec * 1000000 + ru.ru_stime.tv_usec,
	       ru.ru_maxrss, ru.ru_minflt, WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status));
	return 0;
}
