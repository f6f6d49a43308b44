/* cli.h - the command-line tool's internals (a thin client of wythoff.h). */
#ifndef WY_CLI_H
#define WY_CLI_H

#include "wythoff.h"

#include <stdint.h>
#include <stdio.h>

/* ---- numbers (num.c) ---- */
/* A size or count: plain decimal, or forms like 1e9 and 2^30.  Returns 0 and
 * writes a message naming `what` on error.  Values above 2^63 are rejected. */
int cli_parse_size(uint64_t *out, const char *text, const char *what, char *err, size_t errlen);
/* A coordinate: plain decimal digits of any length.  *fits is 0 when it does
 * not fit in 32 bits (then *out is unset). */
int cli_parse_coord(uint32_t *out, int *fits, const char *text, const char *what, char *err, size_t errlen);
/* A memory amount: bytes, or with a suffix K, M, G, T (powers of 1024). */
int cli_parse_bytes(uint64_t *out, const char *text, char *err, size_t errlen);
/* The machine's available memory in bytes (0 if unknown). */
uint64_t cli_available_memory(void);

/* ---- buffered output (out.c) ---- */
typedef struct {
    FILE *f;
    char *buf;
    size_t len, cap;
    int error;
} cli_out;
int cli_out_open(cli_out *o, FILE *f);
void cli_out_str(cli_out *o, const char *s);
void cli_out_mem(cli_out *o, const char *s, size_t n);
void cli_out_char(cli_out *o, char c);
void cli_out_u64(cli_out *o, uint64_t v);
void cli_out_fmt(cli_out *o, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
/* Drop trailing spaces still in the buffer (for text tables). */
void cli_out_rtrim(cli_out *o);
/* Flush and release; returns 0 on a write error. */
int cli_out_close(cli_out *o);

#endif
