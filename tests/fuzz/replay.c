/*
 * replay.c - the plain driver of a fuzz harness (no clang, no libFuzzer):
 * `make` links it with tests/fuzz/fuzz-NAME.c into
 * $(BUILD)/tests/replay-fuzz-NAME, and `make check` (tests/run) runs that
 * from the repository root, in the normal and the sanitizer build.
 *
 *   replay-fuzz-NAME            every file of tests/fuzz/corpus/NAME/ and of
 *                               tests/fuzz/crashes/NAME/ (each directory in
 *                               file-name order; README* and dot files are
 *                               not inputs), then one line
 *                               "PASS replay fuzz-NAME: N corpus inputs, M crash inputs";
 *                               "FAIL replay fuzz-NAME: ..." (exit 1) when
 *                               the corpus directory is missing or empty
 *   replay-fuzz-NAME FILE...    those files ("PASS replay fuzz-NAME: N inputs")
 *
 * A failed property aborts (the harness prints what failed), and a
 * sanitizer report ends the process: the exit status is non-zero without a
 * PASS line, and the driver first names the input on stderr.
 */
#include "fuzz.h"

#include <dirent.h>
#include <errno.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

/* The input being run, for the crash message (signal-safe to print). */
static char current[4096];

static void say_current(void)
{
    static const char head[] = "replay: the input that failed: ";
    if (!current[0])
        return;
    ssize_t w = write(2, head, sizeof head - 1);
    w = write(2, current, strlen(current));
    w = write(2, "\n", 1);
    (void)w;
}

static void on_crash(int sig)
{
    say_current();
    signal(sig, SIG_DFL);
    raise(sig);
}

/* With a sanitizer, its report ends the process through this callback. */
#if defined(__SANITIZE_ADDRESS__)
#define FZ_HAVE_SANITIZER 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(undefined_behavior_sanitizer)
#define FZ_HAVE_SANITIZER 1
#endif
#endif
#ifdef FZ_HAVE_SANITIZER
void __sanitizer_set_death_callback(void (*callback)(void));
#endif

/* Run the harness on one file.  0, or -1 when the file cannot be read. */
static int run_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return -1;
    size_t cap = 4096, n = 0;
    uint8_t *buf = malloc(cap);
    if (!buf) {
        fclose(f);
        return -1;
    }
    for (;;) {
        if (n == cap) {
            uint8_t *t = realloc(buf, cap * 2);
            if (!t) {
                free(buf);
                fclose(f);
                return -1;
            }
            buf = t;
            cap *= 2;
        }
        size_t got = fread(buf + n, 1, cap - n, f);
        n += got;
        if (got == 0)
            break;
    }
    int bad = ferror(f);
    fclose(f);
    if (bad) {
        free(buf);
        return -1;
    }
    /* an exact-size copy, so that a read past the input's end is seen */
    uint8_t *in = malloc(n ? n : 1);
    if (!in) {
        free(buf);
        return -1;
    }
    if (n)
        memcpy(in, buf, n);
    free(buf);
    snprintf(current, sizeof current, "%s", path);
    LLVMFuzzerTestOneInput(in, n);
    current[0] = '\0';
    free(in);
    return 0;
}

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Run every input file of dir (sorted by name).  Returns their number, or
 * -1 when dir is missing (errno ENOENT) or unreadable, -2 when a file in it
 * cannot be read (*why says which). */
static long run_dir(const char *dir, char *why, size_t wn)
{
    DIR *d = opendir(dir);
    if (!d) {
        snprintf(why, wn, "cannot open %.400s (%.100s)", dir, strerror(errno));
        return -1;
    }
    char **names = NULL;
    size_t n = 0, cap = 0;
    struct dirent *e;
    while ((e = readdir(d))) {
        if (e->d_name[0] == '.' || strncmp(e->d_name, "README", 6) == 0)
            continue;
        if (n == cap) {
            cap = cap ? 2 * cap : 256;
            char **t = realloc(names, cap * sizeof *t);
            if (!t)
                abort();
            names = t;
        }
        names[n] = strdup(e->d_name);
        if (!names[n])
            abort();
        n++;
    }
    closedir(d);
    if (n)
        qsort(names, n, sizeof *names, cmp_str);
    long done = 0;
    for (size_t i = 0; i < n; i++) {
        char path[4096];
        struct stat st;
        snprintf(path, sizeof path, "%s/%s", dir, names[i]);
        if (stat(path, &st) != 0 || !S_ISREG(st.st_mode))
            continue;
        if (done >= 0 && run_file(path) != 0) {
            snprintf(why, wn, "cannot read %.500s", path);
            done = -2;
        }
        if (done >= 0)
            done++;
    }
    for (size_t i = 0; i < n; i++)
        free(names[i]);
    free(names);
    return done;
}

int main(int argc, char **argv)
{
    /* replay-fuzz-NAME -> NAME */
    const char *base = strrchr(argv[0], '/');
    base = base ? base + 1 : argv[0];
    const char *name = strncmp(base, "replay-fuzz-", 12) == 0 ? base + 12 : base;

    signal(SIGABRT, on_crash);
    signal(SIGSEGV, on_crash);
    signal(SIGBUS, on_crash);
    signal(SIGFPE, on_crash);
    signal(SIGILL, on_crash);
#ifdef FZ_HAVE_SANITIZER
    __sanitizer_set_death_callback(say_current);
#endif

    if (argc > 1) {
        for (int i = 1; i < argc; i++)
            if (run_file(argv[i]) != 0) {
                printf("FAIL replay fuzz-%s: cannot read %s\n", name, argv[i]);
                return 1;
            }
        printf("PASS replay fuzz-%s: %d inputs\n", name, argc - 1);
        return 0;
    }

    char corpus[512], crashes[512], why[600];
    snprintf(corpus, sizeof corpus, "tests/fuzz/corpus/%s", name);
    snprintf(crashes, sizeof crashes, "tests/fuzz/crashes/%s", name);
    long nc = run_dir(corpus, why, sizeof why);
    if (nc < 0) {
        printf("FAIL replay fuzz-%s: %s (run from the repository root)\n", name, why);
        return 1;
    }
    if (nc == 0) {
        printf("FAIL replay fuzz-%s: the corpus %s is empty\n", name, corpus);
        return 1;
    }
    long nk = 0;
    struct stat st;
    if (stat(crashes, &st) == 0) {
        nk = run_dir(crashes, why, sizeof why);
        if (nk < 0) {
            printf("FAIL replay fuzz-%s: %s\n", name, why);
            return 1;
        }
    }
    printf("PASS replay fuzz-%s: %ld corpus inputs, %ld crash inputs\n", name, nc, nk);
    return 0;
}
