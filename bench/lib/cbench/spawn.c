/* cbench-spawn: run a command and report its own peak RSS.
 *
 * Usage: cbench-spawn REPORT_FILE PROGRAM [ARGS...]
 *
 * Why: a child forked from the Python runner inherits the runner's RSS
 * high-water mark across exec (Linux keeps the pre-exec mm's peak in the
 * process's maxrss), so wait4() from Python over-reports small programs.
 * This helper is tiny, so the child it forks starts from a few hundred KB.
 * It writes "maxrss_kb utime_us stime_us wall_ns status" to REPORT_FILE,
 * where status is the raw wait status, and exits with the child's exit code
 * (128 + signal if killed).  Compiled on first use by bench/run.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

int main(int argc, char **argv) {
    if (argc < 3) {
        fprintf(stderr, "usage: cbench-spawn REPORT_FILE PROGRAM [ARGS...]\n");
        return 125;
    }
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    pid_t pid = fork();
    if (pid < 0) {
        perror("cbench-spawn: fork");
        return 126;
    }
    if (pid == 0) {
        execvp(argv[2], argv + 2);
        fprintf(stderr, "cbench-spawn: cannot run %s: ", argv[2]);
        perror(NULL);
        _exit(127);
    }
    int status = 0;
    struct rusage ru;
    while (wait4(pid, &status, 0, &ru) < 0) {
        /* EINTR: retry */
    }
    clock_gettime(CLOCK_MONOTONIC, &t1);
    long long wall_ns = (long long)(t1.tv_sec - t0.tv_sec) * 1000000000LL + (t1.tv_nsec - t0.tv_nsec);
    FILE *f = fopen(argv[1], "w");
    if (f) {
        fprintf(f, "%ld %lld %lld %lld %d\n", ru.ru_maxrss,
                (long long)ru.ru_utime.tv_sec * 1000000LL + ru.ru_utime.tv_usec,
                (long long)ru.ru_stime.tv_sec * 1000000LL + ru.ru_stime.tv_usec, wall_ns, status);
        fclose(f);
    }
    if (WIFEXITED(status))
        return WEXITSTATUS(status);
    if (WIFSIGNALED(status))
        return 128 + WTERMSIG(status);
    return 125;
}
