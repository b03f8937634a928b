/*
 * A fault injector for koch's tests, loaded with LD_PRELOAD: it fails the
 * Nth call of one family of file calls on a file under a folder, with the
 * error a failing disk gives.
 *
 *   FAULT_CALL   write (write, pwrite, writev), fsync (fsync, fdatasync),
 *                rename (rename, renameat, renameat2), open (open, openat,
 *                creat and their 64-bit names) or flock
 *   FAULT_N      which call of that family fails, from 1 (0: none; count only)
 *   FAULT_ERRNO  ENOSPC, EIO or EACCES (or any of the names below), or KILL:
 *                the process is killed (SIGKILL) as it makes that call, the
 *                call not made (a power cut or a kill at an exact point)
 *   FAULT_PATH   only calls on files under this folder count (default: all)
 *   FAULT_REPORT a file the injector appends to: "fired CALL N PATH" when
 *                the fault fires, and "calls CALL COUNT" when the process exits
 *
 * Calls on a file descriptor (write, fsync, flock) count when the
 * descriptor was opened on a path under FAULT_PATH.
 *
 * Build: cc -shared -fPIC -O2 -o faultshim.so faultshim.c -ldl
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <signal.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/types.h>
#include <sys/uio.h>
#include <unistd.h>

enum family { NONE, WRITE, FSYNC, RENAME, OPEN, FLOCK };
static const char *family_names[] = {"none", "write", "fsync", "rename", "open", "flock"};

static enum family chosen = NONE;
static long fail_at = 0;
static int fail_errno = EIO;
/* FAULT_ERRNO=KILL: the Nth call kills the process instead of failing. */
static int kill_instead = 0;
static char prefix[4096];
static size_t prefix_length = 0;
static char report[4096];
static long seen = 0;

#define TRACKED_FDS 65536
static unsigned char tracked[TRACKED_FDS];

static ssize_t (*real_write)(int, const void *, size_t);

static void *real(const char *name) { return dlsym(RTLD_NEXT, name); }

static int errno_named(const char *name) {
    static const struct { const char *name; int value; } names[] = {
        {"ENOSPC", ENOSPC}, {"EIO", EIO}, {"EACCES", EACCES}, {"EROFS", EROFS}, {"EDQUOT", EDQUOT}, {"EPERM", EPERM},
    };
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (strcmp(name, names[i].name) == 0) return names[i].value;
    return EIO;
}

static void append_report(const char *line) {
    if (!report[0]) return;
    int (*real_open)(const char *, int, ...) = real("open");
    int fd = real_open(report, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
    if (fd < 0) return;
    real_write(fd, line, strlen(line));
    close(fd);
}

__attribute__((constructor)) static void start(void) {
    real_write = real("write");
    const char *call = getenv("FAULT_CALL"), *n = getenv("FAULT_N"), *code = getenv("FAULT_ERRNO");
    const char *path = getenv("FAULT_PATH"), *to = getenv("FAULT_REPORT");
    for (int f = WRITE; call && f <= FLOCK; f++)
        if (strcmp(call, family_names[f]) == 0) chosen = f;
    if (n) fail_at = atol(n);
    if (code && strcmp(code, "KILL") == 0) kill_instead = 1;
    else if (code) fail_errno = errno_named(code);
    if (path) {
        snprintf(prefix, sizeof prefix, "%s", path);
        prefix_length = strlen(prefix);
    }
    if (to) snprintf(report, sizeof report, "%s", to);
}

__attribute__((destructor)) static void finish(void) {
    char line[128];
    snprintf(line, sizeof line, "calls %s %ld\n", family_names[chosen], __atomic_load_n(&seen, __ATOMIC_SEQ_CST));
    if (chosen != NONE) append_report(line);
}

/* Whether a path (relative ones against the working folder) lies under the prefix. */
static int watched(const char *path) {
    if (!prefix_length) return 1;
    if (!path) return 0;
    char absolute[8192];
    if (path[0] != '/') {
        char folder[4096];
        if (!getcwd(folder, sizeof folder)) return 0;
        snprintf(absolute, sizeof absolute, "%s/%s", folder, path);
        path = absolute;
    }
    return strncmp(path, prefix, prefix_length) == 0;
}

static int watched_fd(int fd) { return fd >= 0 && fd < TRACKED_FDS && tracked[fd]; }

/* Counts a call of `family` on a watched file; true when this one is to fail. */
static int should_fail(enum family family, const char *what) {
    if (family != chosen) return 0;
    long count = __atomic_add_fetch(&seen, 1, __ATOMIC_SEQ_CST);
    if (count != fail_at) return 0;
    char line[8400];
    snprintf(line, sizeof line, "fired %s %ld %s\n", family_names[family], count, what ? what : "");
    append_report(line);
    if (kill_instead) raise(SIGKILL);
    return 1;
}

static int opened(int fd, const char *path) {
    if (fd >= 0 && fd < TRACKED_FDS) tracked[fd] = (unsigned char)watched(path);
    return fd;
}

#define OPEN_WRAPPER(name, ...)                                                  \
    int name(const char *path, int flags, ...) {                                 \
        static int (*next)(const char *, int, ...);                              \
        if (!next) next = real(#name);                                           \
        mode_t mode = 0;                                                         \
        if (flags & (O_CREAT | __O_TMPFILE)) {                                   \
            va_list list;                                                        \
            va_start(list, flags);                                               \
            mode = va_arg(list, mode_t);                                         \
            va_end(list);                                                        \
        }                                                                        \
        if (watched(path) && should_fail(OPEN, path)) {                          \
            errno = fail_errno;                                                  \
            return -1;                                                           \
        }                                                                        \
        return opened(next(path, flags, mode), path);                            \
    }
OPEN_WRAPPER(open)
OPEN_WRAPPER(open64)

#define OPENAT_WRAPPER(name)                                                     \
    int name(int folder, const char *path, int flags, ...) {                     \
        static int (*next)(int, const char *, int, ...);                         \
        if (!next) next = real(#name);                                           \
        mode_t mode = 0;                                                         \
        if (flags & (O_CREAT | __O_TMPFILE)) {                                   \
            va_list list;                                                        \
            va_start(list, flags);                                               \
            mode = va_arg(list, mode_t);                                         \
            va_end(list);                                                        \
        }                                                                        \
        int counted = (path[0] == '/' || folder == AT_FDCWD) ? watched(path) : watched_fd(folder); \
        if (counted && should_fail(OPEN, path)) {                                \
            errno = fail_errno;                                                  \
            return -1;                                                           \
        }                                                                        \
        int fd = next(folder, path, flags, mode);                                \
        if (fd >= 0 && fd < TRACKED_FDS) tracked[fd] = (unsigned char)counted;   \
        return fd;                                                               \
    }
OPENAT_WRAPPER(openat)
OPENAT_WRAPPER(openat64)

int __open_2(const char *path, int flags) { return open(path, flags); }
int __open64_2(const char *path, int flags) { return open64(path, flags); }
int __openat_2(int folder, const char *path, int flags) { return openat(folder, path, flags); }
int __openat64_2(int folder, const char *path, int flags) { return openat64(folder, path, flags); }
int creat(const char *path, mode_t mode) { return open(path, O_WRONLY | O_CREAT | O_TRUNC, mode); }
int creat64(const char *path, mode_t mode) { return open64(path, O_WRONLY | O_CREAT | O_TRUNC, mode); }

int close(int fd) {
    static int (*next)(int);
    if (!next) next = real("close");
    if (fd >= 0 && fd < TRACKED_FDS) tracked[fd] = 0;
    return next(fd);
}

int dup(int fd) {
    static int (*next)(int);
    if (!next) next = real("dup");
    int copy = next(fd);
    if (copy >= 0 && copy < TRACKED_FDS) tracked[copy] = (unsigned char)watched_fd(fd);
    return copy;
}

#define FD_FAULT(family, fd)                                                     \
    if (watched_fd(fd) && should_fail(family, NULL)) {                           \
        errno = fail_errno;                                                      \
        return -1;                                                               \
    }

ssize_t write(int fd, const void *bytes, size_t count) {
    FD_FAULT(WRITE, fd)
    return real_write(fd, bytes, count);
}

ssize_t pwrite(int fd, const void *bytes, size_t count, off_t offset) {
    static ssize_t (*next)(int, const void *, size_t, off_t);
    if (!next) next = real("pwrite");
    FD_FAULT(WRITE, fd)
    return next(fd, bytes, count, offset);
}

ssize_t pwrite64(int fd, const void *bytes, size_t count, off64_t offset) {
    static ssize_t (*next)(int, const void *, size_t, off64_t);
    if (!next) next = real("pwrite64");
    FD_FAULT(WRITE, fd)
    return next(fd, bytes, count, offset);
}

ssize_t writev(int fd, const struct iovec *parts, int count) {
    static ssize_t (*next)(int, const struct iovec *, int);
    if (!next) next = real("writev");
    FD_FAULT(WRITE, fd)
    return next(fd, parts, count);
}

int fsync(int fd) {
    static int (*next)(int);
    if (!next) next = real("fsync");
    FD_FAULT(FSYNC, fd)
    return next(fd);
}

int fdatasync(int fd) {
    static int (*next)(int);
    if (!next) next = real("fdatasync");
    FD_FAULT(FSYNC, fd)
    return next(fd);
}

int flock(int fd, int operation) {
    static int (*next)(int, int);
    if (!next) next = real("flock");
    if (!(operation & LOCK_UN)) { FD_FAULT(FLOCK, fd) }
    return next(fd, operation);
}

int rename(const char *from, const char *to) {
    static int (*next)(const char *, const char *);
    if (!next) next = real("rename");
    if ((watched(from) || watched(to)) && should_fail(RENAME, to)) {
        errno = fail_errno;
        return -1;
    }
    return next(from, to);
}

int renameat(int from_folder, const char *from, int to_folder, const char *to) {
    static int (*next)(int, const char *, int, const char *);
    if (!next) next = real("renameat");
    if ((watched(from) || watched(to)) && should_fail(RENAME, to)) {
        errno = fail_errno;
        return -1;
    }
    return next(from_folder, from, to_folder, to);
}

int renameat2(int from_folder, const char *from, int to_folder, const char *to, unsigned int flags) {
    static int (*next)(int, const char *, int, const char *, unsigned int);
    if (!next) next = real("renameat2");
    if ((watched(from) || watched(to)) && should_fail(RENAME, to)) {
        errno = fail_errno;
        return -1;
    }
    return next(from_folder, from, to_folder, to, flags);
}
