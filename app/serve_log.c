/* serve_log.c - the log of `wythoff serve` on standard error (docs/serve.md,
 * "The log").
 *
 * Every line starts "wythoff serve: " and holds printable ASCII only: what
 * comes from a client (a URL) is escaped, and the messages of the HTTP
 * library are said in the tool's words.  Floods stay readable: at most
 * SERVE_LOG_LINES_PER_S request lines a second (the others counted, the
 * count said when the second is over), and each message of the HTTP
 * library once per burst of SERVE_LOG_BURST_S seconds with the number of
 * times it came.  One lock; each line written with one call. */
#include "serve.h"

#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

static int quiet;
static unsigned per_ip, total; /* the connection limits, for the messages */
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

/* request lines: the current second */
static uint64_t win_start;
static unsigned win_shown;
static uint64_t win_held;

/* messages of the HTTP library, by their words */
#define NKINDS 32
static struct {
    char words[256];
    uint64_t said;  /* ms when last said (0: free slot) */
    uint64_t held;  /* times it came since, not said */
} kinds[NKINDS];

static uint64_t now_ms(void) { return cli_now_ms() + 1; /* never 0 */ }

void serve_log_init(int q, unsigned conn_per_ip, unsigned conn_total)
{
    quiet = q;
    per_ip = conn_per_ip;
    total = conn_total;
}

void serve_escape(char *out, size_t n, const char *s, size_t max)
{
    size_t k = 0, i = 0;
    if (n == 0)
        return;
    for (; s[i] && i < max; i++) {
        unsigned char c = (unsigned char)s[i];
        char tmp[5];
        size_t m;
        if (c == '\\')
            m = (size_t)snprintf(tmp, sizeof tmp, "\\\\");
        else if (c < 0x21 || c > 0x7e)
            m = (size_t)snprintf(tmp, sizeof tmp, "\\x%02x", c);
        else
            tmp[0] = (char)c, tmp[1] = '\0', m = 1;
        if (k + m + 4 > n) /* room for "..." and the NUL */
            break;
        memcpy(out + k, tmp, m);
        k += m;
    }
    if (s[i] && k + 4 <= n) {
        memcpy(out + k, "...", 3);
        k += 3;
    }
    out[k] = '\0';
}

/* The length of the UTF-8 character at s[0..n), 0 when it is not one. */
static size_t utf8_char(const unsigned char *s, size_t n)
{
    unsigned c = s[0];
    if (c < 0x80)
        return 1;
    size_t len;
    unsigned min, v;
    if (c >= 0xc2 && c <= 0xdf)
        len = 2, min = 0x80, v = c & 0x1f;
    else if (c >= 0xe0 && c <= 0xef)
        len = 3, min = 0x800, v = c & 0x0f;
    else if (c >= 0xf0 && c <= 0xf4)
        len = 4, min = 0x10000, v = c & 0x07;
    else
        return 0;
    if (len > n)
        return 0;
    for (size_t i = 1; i < len; i++) {
        if ((s[i] & 0xc0) != 0x80)
            return 0;
        v = (v << 6) | (s[i] & 0x3f);
    }
    if (v < min || v > 0x10ffff || (v >= 0xd800 && v <= 0xdfff))
        return 0;
    return len;
}

int serve_utf8_valid(const char *s, size_t n)
{
    const unsigned char *p = (const unsigned char *)s;
    for (size_t i = 0; i < n;) {
        size_t k = utf8_char(p + i, n - i);
        if (!k)
            return 0;
        i += k;
    }
    return 1;
}

void serve_utf8_fix(char *s)
{
    unsigned char *p = (unsigned char *)s;
    size_t n = strlen(s);
    for (size_t i = 0; i < n;) {
        size_t k = utf8_char(p + i, n - i);
        if (!k) {
            p[i++] = '?';
            continue;
        }
        i += k;
    }
}

/* Write one line (under the lock). */
static void put_line(const char *line)
{
    fputs(line, stderr);
}

static void flush_requests(uint64_t t)
{
    if (win_held) {
        char line[160];
        snprintf(line, sizeof line,
                 "wythoff serve: %llu more request%s in %llu ms not logged one by one (at most %d lines a second)\n",
                 (unsigned long long)win_held, win_held == 1 ? "" : "s", (unsigned long long)(t - win_start),
                 SERVE_LOG_LINES_PER_S);
        put_line(line);
    }
    win_held = 0;
    win_shown = 0;
    win_start = t;
}

void serve_log_request(const char *method, const char *target, int http, uint64_t ms, const char *note)
{
    if (quiet)
        return;
    char m[40], u[1024], line[1200];
    serve_escape(m, sizeof m, method ? method : "-", 16);
    serve_escape(u, sizeof u, target ? target : "-", 200);
    snprintf(line, sizeof line, "wythoff serve: %s %s %d %llu ms%s%s%s\n", m, u, http, (unsigned long long)ms,
             note ? " (" : "", note ? note : "", note ? ")" : "");
    pthread_mutex_lock(&lock);
    const uint64_t t = now_ms();
    if (t - win_start >= 1000)
        flush_requests(t);
    if (win_shown < SERVE_LOG_LINES_PER_S) {
        win_shown++;
        put_line(line);
    } else {
        win_held++;
    }
    pthread_mutex_unlock(&lock);
}

/* The tool's words for a message of libmicrohttpd (msg: the message as it
 * formatted it). */
static void mhd_words(char *out, size_t n, const char *msg)
{
    unsigned code;
    if (strstr(msg, "Not enough memory in pool")) {
        snprintf(out, n, "a request too large for the memory of its connection: the HTTP library answered it "
                         "431 (request headers too large)");
    } else if (sscanf(msg, "Error processing request (HTTP response code is %u", &code) == 1) {
        const char *what = code == 414   ? "a URL too long for the HTTP library"
                           : code == 431 ? "request headers too large for the HTTP library"
                           : code == 413 ? "a request body too large"
                           : code == 505 ? "an HTTP version the server does not speak"
                           : code == 400 ? "a malformed request"
                                         : "a request the HTTP library refused";
        snprintf(out, n, "%s: answered %u by the HTTP library, connection closed", what, code);
    } else if (strstr(msg, "reached connection limit")) {
        snprintf(out, n, "a connection refused: %u are open from its address, or %u in all (the limits)", per_ip,
                 total);
    } else if (strstr(msg, "Application reported internal error")) {
        snprintf(out, n, "a connection closed without an answer (the server could not make one)");
    } else if (strstr(msg, "closed by remote side with incomplete request")) {
        snprintf(out, n, "a client closed its connection in the middle of a request");
    } else {
        /* another message: as it is, spaces kept, the rest escaped */
        char e[200];
        size_t k = 0;
        for (size_t i = 0; msg[i] && k + 5 < sizeof e && i < 150; i++) {
            unsigned char c = (unsigned char)msg[i];
            if (c == '\n' && !msg[i + 1])
                break;
            if (c == ' ' || (c > 0x20 && c < 0x7f && c != '\\'))
                e[k++] = (char)c;
            else
                k += (size_t)snprintf(e + k, sizeof e - k, "\\x%02x", c);
        }
        e[k] = '\0';
        snprintf(out, n, "the HTTP library says: %.200s", e);
    }
}

void serve_log_mhd(const char *fmt, va_list ap)
{
    if (quiet)
        return;
    char msg[512], words[256];
    vsnprintf(msg, sizeof msg, fmt, ap);
    mhd_words(words, sizeof words, msg);
    pthread_mutex_lock(&lock);
    const uint64_t t = now_ms();
    int k = -1, free_slot = -1, oldest = 0;
    for (int i = 0; i < NKINDS; i++) {
        if (kinds[i].said && strcmp(kinds[i].words, words) == 0)
            k = i;
        if (!kinds[i].said && free_slot < 0)
            free_slot = i;
        if (kinds[i].said < kinds[oldest].said)
            oldest = i;
    }
    if (k >= 0 && t - kinds[k].said < (uint64_t)SERVE_LOG_BURST_S * 1000u) {
        kinds[k].held++;
    } else {
        if (k < 0) {
            k = free_slot >= 0 ? free_slot : oldest;
            if (kinds[k].said && kinds[k].held) { /* a slot reused: its count said first */
                char line[340];
                snprintf(line, sizeof line, "wythoff serve: %.250s: %llu more time%s\n", kinds[k].words,
                         (unsigned long long)kinds[k].held, kinds[k].held == 1 ? "" : "s");
                put_line(line);
            }
            snprintf(kinds[k].words, sizeof kinds[k].words, "%s", words);
            kinds[k].held = 0;
        }
        kinds[k].said = t;
        char line[300];
        snprintf(line, sizeof line, "wythoff serve: %.250s\n", words);
        put_line(line);
    }
    pthread_mutex_unlock(&lock);
}

void serve_log_line(const char *fmt, ...)
{
    if (quiet)
        return;
    char msg[512], e[600], line[640];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    /* the server's own words are ASCII; spaces kept, the rest escaped */
    size_t k = 0;
    for (size_t i = 0; msg[i] && k + 5 < sizeof e; i++) {
        unsigned char c = (unsigned char)msg[i];
        if (c == ' ' || (c > 0x20 && c < 0x7f))
            e[k++] = (char)c;
        else
            k += (size_t)snprintf(e + k, sizeof e - k, "\\x%02x", c);
    }
    e[k] = '\0';
    snprintf(line, sizeof line, "wythoff serve: %s\n", e);
    pthread_mutex_lock(&lock);
    put_line(line);
    pthread_mutex_unlock(&lock);
}

void serve_log_tick(int force)
{
    if (quiet)
        return;
    pthread_mutex_lock(&lock);
    const uint64_t t = now_ms();
    if (win_held && (force || t - win_start >= 1000))
        flush_requests(t);
    for (int i = 0; i < NKINDS; i++)
        if (kinds[i].said && kinds[i].held &&
            (force || t - kinds[i].said >= (uint64_t)SERVE_LOG_BURST_S * 1000u)) {
            char line[340];
            snprintf(line, sizeof line, "wythoff serve: %.250s: %llu more time%s in %llu s\n", kinds[i].words,
                     (unsigned long long)kinds[i].held, kinds[i].held == 1 ? "" : "s",
                     (unsigned long long)((t - kinds[i].said + 500) / 1000));
            put_line(line);
            kinds[i].held = 0;
            kinds[i].said = t;
        }
    pthread_mutex_unlock(&lock);
}
