/* serve.h - the internals of `wythoff serve` shared by its files:
 *
 *   cmd_serve.c   the command: libmicrohttpd, the endpoints, the two pools
 *   serve_log.c   the log on standard error: one line per request, the
 *                 HTTP library's messages in the tool's words, both
 *                 rate-limited; text made safe for the log and for JSON
 *
 * serve_log.c uses the C library only (no libmicrohttpd), so that it links
 * into every program of the build. */
#ifndef WY_SERVE_H
#define WY_SERVE_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

/* Request lines shown per second at most; the rest are counted and the
 * count is said once the second is over. */
#define SERVE_LOG_LINES_PER_S 50
/* The same message of the HTTP library is said once per burst: again only
 * after this many seconds, with the number of times it came meanwhile. */
#define SERVE_LOG_BURST_S 10

/* quiet: nothing is written (serve --quiet); the connection limits, for
 * the message that a connection was refused.  Call before any thread logs. */
void serve_log_init(int quiet, unsigned conn_per_ip, unsigned conn_total);
/* One request: "wythoff serve: METHOD TARGET STATUS MS ms[ (NOTE)]", the
 * target escaped (serve_escape, at most 200 bytes of it), rate-limited. */
void serve_log_request(const char *method, const char *target, int http, uint64_t ms, const char *note);
/* A message of libmicrohttpd (MHD_OPTION_EXTERNAL_LOGGER): said in the
 * tool's words, once per burst of the same message. */
void serve_log_mhd(const char *fmt, va_list ap);
/* A line of the server itself ("stopping"): always written, escaped. */
void serve_log_line(const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 1, 2)))
#endif
    ;
/* Say the counts of the lines held back whose time is over (every 100 ms
 * from the main loop; force: all of them, at the end). */
void serve_log_tick(int force);

/* s as printable ASCII: bytes below 0x21 or above 0x7e, and '\', written
 * as \xHH (\\ for '\'); at most max bytes of s, then "..." when s is
 * longer.  out always terminated (n >= 1). */
void serve_escape(char *out, size_t n, const char *s, size_t max);
/* 1 when s[0..n) is UTF-8 (RFC 3629: no overlong forms, no surrogates,
 * nothing above U+10FFFF). */
int serve_utf8_valid(const char *s, size_t n);
/* Each byte of s that does not belong to a valid UTF-8 character (a
 * character cut by a length limit) replaced by '?', in place. */
void serve_utf8_fix(char *s);

#endif /* WY_SERVE_H */
