/*
 * inject.h - fault injection for the failure-path tests: the Nth resource
 * request of the program fails (tests/fault/README.md).
 *
 * tests/fault/inject.c defines __wrap_X for the functions below; a program
 * linked with -Wl,--wrap=X (FAULT_WRAP in tests/fault/fault.mk) calls them
 * instead of X from every object and static library of its own link (the
 * project's code, the test itself), while the shared libraries (libc's own
 * internal allocations, GMP, libpng, zlib) keep calling the real X.
 *
 * Every call of a counted kind increments one counter (atomically: threads
 * are counted too).  When the counter reaches the armed N, that one call
 * fails the way the real function fails when memory runs out (NULL or -1
 * with errno ENOMEM, MAP_FAILED, EAGAIN for pthread_create) and every other
 * call goes through: the usual walk arms N = 1, 2, ... until a run ends
 * without the failure firing.
 *
 *   kind           functions                                     failure
 *   FAULT_ALLOC    malloc calloc realloc aligned_alloc            NULL / ENOMEM,
 *                  posix_memalign strdup strndup                  (posix_memalign:
 *                  realpath(p, NULL) getline getdelim             returns ENOMEM)
 *   FAULT_MMAP     mmap                                           MAP_FAILED / ENOMEM
 *   FAULT_FILE     fopen fdopen                                   NULL / ENOMEM
 *   FAULT_THREAD   pthread_create                                 EAGAIN
 *
 * Not covered: allocations inside shared libraries (GMP aborts on
 * allocation failure by design, libpng/zlib's own buffers, libc's stdio
 * buffers), the stack, and memory that the kernel overcommits.
 *
 * free and munmap are wrapped too, to count what is still allocated
 * (fault_live): a test sees a leak at the call that made it.
 *
 * In the tool build/wythoff-faulty a constructor reads the environment:
 *   WY_FAIL_ALLOC=N        arm N (unset or 0: count only)
 *   WY_FAIL_ALLOC_KINDS=K  the kinds counted: a comma list of alloc, mmap,
 *                          file, thread (default: all)
 *   WY_FAIL_ALLOC_LOG=F    at exit, append "calls C fired W" to F: C the
 *                          counted calls, W the function that failed or "-"
 */
#ifndef WY_FAULT_INJECT_H
#define WY_FAULT_INJECT_H

#include <stddef.h>

enum {
    FAULT_ALLOC = 1u << 0,
    FAULT_MMAP = 1u << 1,
    FAULT_FILE = 1u << 2,
    FAULT_THREAD = 1u << 3,
    FAULT_ALL = (1u << 4) - 1
};

/* Reset the counter to 0 and make the nth counted call from now fail
 * (n = 0: none fails; the calls are still counted). */
void fault_arm(unsigned long n);
/* The kinds counted from now on (default FAULT_ALL); resets like fault_arm(0). */
void fault_kinds(unsigned mask);
/* Counted calls since the last fault_arm. */
unsigned long fault_count(void);
/* 1 when the armed call has failed since the last fault_arm. */
int fault_fired(void);
/* The name of the function whose call failed ("" when none). */
const char *fault_fired_what(void);

/* Blocks (malloc and the rest of FAULT_ALLOC) and anonymous mappings the
 * wrappers handed out and free / munmap have not released yet: a call
 * that leaks changes them.  Only the program's own frees are seen: memory
 * that a shared library allocates and the program frees (mpz_get_str)
 * makes the count drift. */
long fault_live(void);
long fault_live_maps(void);

/* The real allocator, uncounted: for a test's own bookkeeping while armed. */
void *fault_real_malloc(size_t n);
void *fault_real_realloc(void *p, size_t n);
void fault_real_free(void *p);

#endif
