/*
 * inject.c - the Nth resource request fails (inject.h).  Linked only into
 * the fault-injection programs, with the --wrap flags of tests/fault/fault.mk.
 */
#define _DEFAULT_SOURCE /* MAP_ANONYMOUS, realpath */
#include "inject.h"

#include <errno.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/types.h>

/* The real functions (the linker binds __real_X to X) and the wrappers
 * (the linker binds every reference to X in the program's own objects to
 * __wrap_X). */
void *__real_malloc(size_t n);
void *__real_calloc(size_t n, size_t size);
void *__real_realloc(void *p, size_t n);
void *__real_aligned_alloc(size_t align, size_t n);
int __real_posix_memalign(void **out, size_t align, size_t n);
char *__real_strdup(const char *s);
char *__real_strndup(const char *s, size_t n);
char *__real_realpath(const char *path, char *resolved);
ssize_t __real_getline(char **line, size_t *cap, FILE *f);
ssize_t __real_getdelim(char **line, size_t *cap, int delim, FILE *f);
void *__real_mmap(void *addr, size_t len, int prot, int flags, int fd, off_t off);
FILE *__real_fopen(const char *path, const char *mode);
FILE *__real_fdopen(int fd, const char *mode);
int __real_pthread_create(pthread_t *th, const pthread_attr_t *attr, void *(*fn)(void *), void *arg);
void __real_free(void *p);
int __real_munmap(void *addr, size_t len);

void *__wrap_malloc(size_t n);
void *__wrap_calloc(size_t n, size_t size);
void *__wrap_realloc(void *p, size_t n);
void *__wrap_aligned_alloc(size_t align, size_t n);
int __wrap_posix_memalign(void **out, size_t align, size_t n);
char *__wrap_strdup(const char *s);
char *__wrap_strndup(const char *s, size_t n);
char *__wrap_realpath(const char *path, char *resolved);
ssize_t __wrap_getline(char **line, size_t *cap, FILE *f);
ssize_t __wrap_getdelim(char **line, size_t *cap, int delim, FILE *f);
void *__wrap_mmap(void *addr, size_t len, int prot, int flags, int fd, off_t off);
FILE *__wrap_fopen(const char *path, const char *mode);
FILE *__wrap_fdopen(int fd, const char *mode);
int __wrap_pthread_create(pthread_t *th, const pthread_attr_t *attr, void *(*fn)(void *), void *arg);
void __wrap_free(void *p);
int __wrap_munmap(void *addr, size_t len);

static atomic_ulong calls;
static atomic_ulong target;
static atomic_uint kinds = FAULT_ALL;
static atomic_int fired;
static const char *_Atomic fired_what;
/* blocks and mappings handed out by the wrappers and not yet released */
static atomic_long live_blocks, live_maps;

void fault_arm(unsigned long n)
{
    atomic_store(&target, 0);
    atomic_store(&calls, 0);
    atomic_store(&fired, 0);
    atomic_store(&fired_what, (const char *)NULL);
    atomic_store(&target, n);
}

void fault_kinds(unsigned mask)
{
    fault_arm(0);
    atomic_store(&kinds, mask);
}

unsigned long fault_count(void)
{
    return atomic_load(&calls);
}

int fault_fired(void)
{
    return atomic_load(&fired);
}

const char *fault_fired_what(void)
{
    const char *w = atomic_load(&fired_what);
    return w ? w : "";
}

long fault_live(void)
{
    return atomic_load(&live_blocks);
}

long fault_live_maps(void)
{
    return atomic_load(&live_maps);
}

void *fault_real_malloc(size_t n)
{
    return __real_malloc(n);
}

void *fault_real_realloc(void *p, size_t n)
{
    return __real_realloc(p, n);
}

void fault_real_free(void *p)
{
    __real_free(p);
}

/* Count a call of this kind; 1 when it is the one that fails. */
static int fail_now(unsigned kind, const char *what)
{
    if (!(atomic_load(&kinds) & kind))
        return 0;
    unsigned long c = atomic_fetch_add(&calls, 1) + 1;
    unsigned long t = atomic_load(&target);
    if (t == 0 || c != t)
        return 0;
    atomic_store(&fired_what, what);
    atomic_store(&fired, 1);
    return 1;
}

/* A block handed out: counted live. */
static void *got(void *p)
{
    if (p)
        atomic_fetch_add(&live_blocks, 1);
    return p;
}

void *__wrap_malloc(size_t n)
{
    if (fail_now(FAULT_ALLOC, "malloc")) {
        errno = ENOMEM;
        return NULL;
    }
    return got(__real_malloc(n));
}

void *__wrap_calloc(size_t n, size_t size)
{
    if (fail_now(FAULT_ALLOC, "calloc")) {
        errno = ENOMEM;
        return NULL;
    }
    return got(__real_calloc(n, size));
}

void *__wrap_realloc(void *p, size_t n)
{
    /* realloc(p, 0) frees: not a request that can fail for want of memory */
    if (!(p && n == 0) && fail_now(FAULT_ALLOC, "realloc")) {
        errno = ENOMEM;
        return NULL;
    }
    void *q = __real_realloc(p, n);
    if (!p && q)
        atomic_fetch_add(&live_blocks, 1);
    else if (p && n == 0 && !q)
        atomic_fetch_sub(&live_blocks, 1); /* glibc: freed */
    return q;
}

void *__wrap_aligned_alloc(size_t align, size_t n)
{
    if (fail_now(FAULT_ALLOC, "aligned_alloc")) {
        errno = ENOMEM;
        return NULL;
    }
    return got(__real_aligned_alloc(align, n));
}

int __wrap_posix_memalign(void **out, size_t align, size_t n)
{
    if (fail_now(FAULT_ALLOC, "posix_memalign"))
        return ENOMEM;
    int rc = __real_posix_memalign(out, align, n);
    if (rc == 0)
        atomic_fetch_add(&live_blocks, 1);
    return rc;
}

char *__wrap_strdup(const char *s)
{
    if (fail_now(FAULT_ALLOC, "strdup")) {
        errno = ENOMEM;
        return NULL;
    }
    return got(__real_strdup(s));
}

char *__wrap_strndup(const char *s, size_t n)
{
    if (fail_now(FAULT_ALLOC, "strndup")) {
        errno = ENOMEM;
        return NULL;
    }
    return got(__real_strndup(s, n));
}

/* realpath allocates only without a buffer of the caller's. */
char *__wrap_realpath(const char *path, char *resolved)
{
    if (!resolved && fail_now(FAULT_ALLOC, "realpath")) {
        errno = ENOMEM;
        return NULL;
    }
    char *r = __real_realpath(path, resolved);
    if (!resolved && r)
        atomic_fetch_add(&live_blocks, 1);
    return r;
}

/* getline and getdelim fail before reading anything, as the real ones do
 * when they cannot grow the buffer (the line stays in the stream). */
ssize_t __wrap_getline(char **line, size_t *cap, FILE *f)
{
    if (fail_now(FAULT_ALLOC, "getline")) {
        errno = ENOMEM;
        return -1;
    }
    int had = *line != NULL;
    ssize_t r = __real_getline(line, cap, f);
    if (!had && *line)
        atomic_fetch_add(&live_blocks, 1);
    return r;
}

ssize_t __wrap_getdelim(char **line, size_t *cap, int delim, FILE *f)
{
    if (fail_now(FAULT_ALLOC, "getdelim")) {
        errno = ENOMEM;
        return -1;
    }
    int had = *line != NULL;
    ssize_t r = __real_getdelim(line, cap, delim, f);
    if (!had && *line)
        atomic_fetch_add(&live_blocks, 1);
    return r;
}

/* Only anonymous mappings are memory requests: mapping a file is not
 * counted and never fails here. */
void *__wrap_mmap(void *addr, size_t len, int prot, int flags, int fd, off_t off)
{
    if ((flags & MAP_ANONYMOUS) && fail_now(FAULT_MMAP, "mmap")) {
        errno = ENOMEM;
        return MAP_FAILED;
    }
    void *p = __real_mmap(addr, len, prot, flags, fd, off);
    if ((flags & MAP_ANONYMOUS) && p != MAP_FAILED)
        atomic_fetch_add(&live_maps, 1);
    return p;
}

int __wrap_munmap(void *addr, size_t len)
{
    int rc = __real_munmap(addr, len);
    if (rc == 0)
        atomic_fetch_sub(&live_maps, 1);
    return rc;
}

void __wrap_free(void *p)
{
    if (p)
        atomic_fetch_sub(&live_blocks, 1);
    __real_free(p);
}

FILE *__wrap_fopen(const char *path, const char *mode)
{
    if (fail_now(FAULT_FILE, "fopen")) {
        errno = ENOMEM;
        return NULL;
    }
    return __real_fopen(path, mode);
}

FILE *__wrap_fdopen(int fd, const char *mode)
{
    if (fail_now(FAULT_FILE, "fdopen")) {
        errno = ENOMEM;
        return NULL;
    }
    return __real_fdopen(fd, mode);
}

int __wrap_pthread_create(pthread_t *th, const pthread_attr_t *attr, void *(*fn)(void *), void *arg)
{
    if (fail_now(FAULT_THREAD, "pthread_create"))
        return EAGAIN;
    return __real_pthread_create(th, attr, fn, arg);
}

/* ------------------------------------------------------------------ */
/* The tool: WY_FAIL_ALLOC, WY_FAIL_ALLOC_KINDS, WY_FAIL_ALLOC_LOG      */
/* ------------------------------------------------------------------ */

/* Read by a constructor, before main: the tool needs no change.  The test
 * programs do not set these variables (then nothing is armed). */
static const char *log_path;

static void fault_env(void) __attribute__((constructor));
static void fault_log(void) __attribute__((destructor));

static void fault_env(void)
{
    const char *k = getenv("WY_FAIL_ALLOC_KINDS");
    if (k && *k) {
        unsigned mask = 0;
        if (strstr(k, "alloc"))
            mask |= FAULT_ALLOC;
        if (strstr(k, "mmap"))
            mask |= FAULT_MMAP;
        if (strstr(k, "file"))
            mask |= FAULT_FILE;
        if (strstr(k, "thread"))
            mask |= FAULT_THREAD;
        if (strstr(k, "all"))
            mask |= FAULT_ALL;
        atomic_store(&kinds, mask);
    }
    const char *n = getenv("WY_FAIL_ALLOC");
    if (n && *n) {
        char *end;
        unsigned long v = strtoul(n, &end, 10);
        fault_arm(*end ? 0 : v);
    }
    log_path = getenv("WY_FAIL_ALLOC_LOG");
}

static void fault_log(void)
{
    if (!log_path || !*log_path)
        return;
    FILE *f = __real_fopen(log_path, "a");
    if (!f)
        return;
    fprintf(f, "calls %lu fired %s\n", fault_count(), fault_fired() ? fault_fired_what() : "-");
    fclose(f);
}
