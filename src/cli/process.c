/* process.c - the state of a client process: its name in messages and
 * whether it speaks (wythoff-mpi's ranks other than 0 do not), SIGINT and
 * SIGTERM, the backstop that ends a run that does not stop, the temporary
 * files it removes, the clock and the processor count.  The lowest file of
 * src/cli: it calls no other. */
#include "cli.h"

#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static const char *progname = "wythoff";
static int silent;

void cli_set_name(const char *name, int quiet)
{
    progname = name ? name : "wythoff";
    silent = quiet;
}

const char *cli_name(void) { return progname; }

/* The command line as a shell reads it back: the program's name, then each
 * argument bare when it holds only characters no shell treats specially,
 * else in single quotes ('\'' for a quote), and in $'...' with \n, \t,
 * \xHH when it holds a control character (so that the text stays one
 * line). */
static char *prov;          /* "NAME VERSION: COMMAND" */
static const char *cmdline; /* its COMMAND */

static int plain_char(unsigned char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || strchr("_@%+=:,./-^", c);
}

static size_t quote_arg(char *dst, const char *a)
{
    size_t n = 0;
    int plain = *a != 0, ctrl = 0;
    for (const unsigned char *p = (const unsigned char *)a; *p; p++) {
        if (!plain_char(*p))
            plain = 0;
        if (*p < 0x20 || *p == 0x7f)
            ctrl = 1;
    }
#define PUT(ch) (dst ? (void)(dst[n] = (ch)) : (void)0, n++)
    if (plain) {
        for (; *a; a++)
            PUT(*a);
        return n;
    }
    if (ctrl) {
        static const char hex[] = "0123456789abcdef";
        PUT('$');
        PUT('\'');
        for (const unsigned char *p = (const unsigned char *)a; *p; p++) {
            unsigned char c = *p;
            if (c == '\n' || c == '\t') {
                PUT('\\');
                PUT(c == '\n' ? 'n' : 't');
            } else if (c < 0x20 || c == 0x7f) {
                PUT('\\');
                PUT('x');
                PUT(hex[c >> 4]);
                PUT(hex[c & 15]);
            } else {
                if (c == '\'' || c == '\\')
                    PUT('\\');
                PUT((char)c);
            }
        }
        PUT('\'');
        return n;
    }
    PUT('\'');
    for (; *a; a++) {
        if (*a == '\'') {
            PUT('\'');
            PUT('\\');
            PUT('\'');
        }
        PUT(*a);
    }
    PUT('\'');
#undef PUT
    return n;
}

/* 1 when argv[i] is --output (its value follows) or --output=FILE: where the
 * output goes is left out of the command line, so that the same computation
 * written anywhere gives the same bytes (docs/formats.md, Provenance). */
static int output_arg(int argc, char **argv, int i, int *skip)
{
    *skip = 0;
    if (strcmp(argv[i], "--output") == 0)
        *skip = i + 1 < argc;
    else if (strncmp(argv[i], "--output=", 9) != 0)
        return 0;
    return 1;
}

int cli_set_argv(int argc, char **argv)
{
    free(prov);
    prov = NULL;
    cmdline = NULL;
    if (argc < 1 || !argv)
        return 0;
    char head[64];
    const size_t h = (size_t)snprintf(head, sizeof head, "%s %s: ", progname, WY_VERSION);
    size_t n = h + strlen(progname) + 1;
    int skip;
    for (int i = 1; i < argc; i++)
        if (output_arg(argc, argv, i, &skip))
            i += skip;
        else
            n += 1 + quote_arg(NULL, argv[i]);
    char *s = malloc(n);
    if (!s)
        return -1;
    memcpy(s, head, h);
    size_t k = h + strlen(progname);
    memcpy(s + h, progname, k - h);
    for (int i = 1; i < argc; i++) {
        if (output_arg(argc, argv, i, &skip)) {
            i += skip;
            continue;
        }
        s[k++] = ' ';
        k += quote_arg(s + k, argv[i]);
    }
    s[k] = 0;
    prov = s;
    cmdline = s + h;
    return 0;
}

const char *cli_cmdline(void) { return cmdline; }

const char *cli_prov_text(void)
{
    static char fallback[64];
    if (prov)
        return prov;
    snprintf(fallback, sizeof fallback, "%s %s", progname, WY_VERSION);
    return fallback;
}

int cli_is_silent(void) { return silent; }

static volatile sig_atomic_t interrupted;
static volatile sig_atomic_t watchdog_s; /* 0: none */

/* The temporary files being written (cli_tmp_register): the watchdog
 * removes them when it ends the process.  A slot is set after its copy of
 * the name is complete and cleared before the copy is freed, so the handler
 * never reads a half-written name. */
#define TMP_SLOTS 160
static char *volatile tmp_slot[TMP_SLOTS];

static void put_err(const char *s)
{
    size_t n = strlen(s);
    while (n) {
        ssize_t w = write(STDERR_FILENO, s, n);
        if (w <= 0)
            break;
        s += w;
        n -= (size_t)w;
    }
}

/* The computation did not stop in time (or a second signal came): remove
 * the temporary files and end the process at once, from a signal handler:
 * only async-signal-safe calls (write, unlink, _exit). */
static void forced_exit(void)
{
    int sig = interrupted ? interrupted : SIGINT;
    for (int i = 0; i < TMP_SLOTS; i++) {
        char *t = tmp_slot[i];
        if (t)
            unlink(t);
    }
    put_err(progname);
    put_err(sig == SIGTERM ? ": terminated" : ": interrupted");
    put_err(" (forced: the computation did not stop in time; no output file was written)\n");
    _exit(128 + sig);
}

static void on_alarm(int sig)
{
    (void)sig;
    forced_exit();
}

/* When the first signal came, in hundredths of a second of the monotonic
 * clock (modulo 2^31: 248 days). */
static volatile sig_atomic_t first_cs;

static sig_atomic_t now_cs(void)
{
    struct timespec ts; /* clock_gettime is async-signal-safe */
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (sig_atomic_t)((ts.tv_sec % 20000000) * 100 + ts.tv_nsec / 10000000);
}

static void on_signal(int sig)
{
    const sig_atomic_t now = now_cs();
    if (interrupted) {
        /* a second Ctrl-C a second or more after the first: now.  One sent
         * twice at once counts once: timeout(1) signals the process and
         * then its process group, the same signal twice within
         * microseconds. */
        if (watchdog_s && (now - first_cs >= 100 || now < first_cs))
            forced_exit();
        return;
    }
    first_cs = now;
    interrupted = sig;
    if (watchdog_s)
        alarm((unsigned)watchdog_s);
}

void cli_signals_install(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask); /* the two handlers never nest */
    sigaddset(&sa.sa_mask, SIGINT);
    sigaddset(&sa.sa_mask, SIGTERM);
    sa.sa_flags = 0; /* no SA_RESTART: a blocked read or open returns EINTR */
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
}

void cli_watchdog(unsigned seconds)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_alarm;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGALRM, &sa, NULL);
    watchdog_s = (sig_atomic_t)seconds;
}

int cli_tmp_register(const char *path)
{
    for (int i = 0; i < TMP_SLOTS; i++)
        if (!tmp_slot[i]) {
            char *c = strdup(path);
            if (!c)
                return -1;
            tmp_slot[i] = c;
            return i;
        }
    return -1;
}

void cli_tmp_forget(int slot)
{
    if (slot < 0 || slot >= TMP_SLOTS || !tmp_slot[slot])
        return;
    char *c = tmp_slot[slot];
    tmp_slot[slot] = NULL;
    free(c);
}

int cli_interrupted(void) { return interrupted != 0; }

int cli_interrupt_code(void) { return 128 + (interrupted ? interrupted : SIGINT); }

unsigned cli_default_threads(void)
{
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    if (n < 1)
        return 1;
    return n > 256 ? 256 : (unsigned)n;
}

uint64_t cli_now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000 + (uint64_t)ts.tv_nsec / 1000000;
}

/* Colour on f: a terminal only, not with NO_COLOR set or TERM=dumb
 * (`table`'s text and `play`). */
int cli_use_color(FILE *f)
{
    const char *nc = getenv("NO_COLOR");
    if (nc && *nc)
        return 0;
    const char *term = getenv("TERM");
    if (term && strcmp(term, "dumb") == 0)
        return 0;
    return isatty(fileno(f));
}
