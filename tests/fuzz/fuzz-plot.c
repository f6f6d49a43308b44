/*
 * fuzz-plot - plot titles (wy_plot_spec.title: `wythoff plot --title TEXT`)
 * through wy_plot_layout and wy_plot, SVG and PNG (include/wythoff_plot.h).
 *
 * Input: byte 0 the style (heatmap, ppos, table), the format (PNG, SVG),
 * whether there is a title and the first ruleset; byte 1 the window (1..4
 * a side); byte 2 the cell size (sometimes out of range on purpose);
 * byte 3 the number of games of a dot plot and their rulesets; byte 4
 * its value; the rest, up to a NUL byte, is the title (PNG: its first 64
 * bytes, and heatmaps and dot plots of 1 to 4 pixels a position: the
 * picture's size costs time, not coverage).
 * Properties:
 *   - wy_plot_layout accepts the title exactly when it is at most
 *     WY_PLOT_TITLE_MAX bytes of well-formed UTF-8 without control
 *     characters (C0, DEL, C1) and without surrogates, U+FFFE, U+FFFF (a
 *     validator written here); a refused title is named in the message;
 *   - the title changes nothing but the picture's width: the layout with
 *     the title and with the automatic title succeed or fail together, and
 *     have the same height, cell area, cell size and font;
 *   - wy_plot succeeds when the layout does; SVG: the output is well-formed
 *     XML (an XML 1.0 checker written here: UTF-8, legal characters,
 *     nested elements, quoted attributes, each attribute once, entities
 *     among the five predefined and character references), begins with
 *     the XML declaration and <svg, and holds
 *     "<title>ESCAPED</title>" and a <text> element with ESCAPED, where
 *     ESCAPED is the title with & < > " escaped; PNG: signature, chunks with
 *     correct CRCs, IHDR first with the layout's width and height, IEND
 *     last, and a tEXt chunk "Title" holding the title with every non-ASCII
 *     character as '?';
 *   - wy_plot_estimate is positive for an accepted spec.
 */
#include "fuzz.h"

#include "wythoff_plot.h"

#include <zlib.h>

/* The title rules of wythoff_plot.h: UTF-8, no control characters, and
 * only characters XML 1.0 allows. */
static int title_ok(const char *t)
{
    const unsigned char *p = (const unsigned char *)t;
    if (strlen(t) > WY_PLOT_TITLE_MAX)
        return 0;
    while (*p) {
        uint32_t c = *p, len, cp;
        if (c < 0x80) {
            if (c < 0x20 || c == 0x7f)
                return 0;
            p++;
            continue;
        }
        if ((c & 0xe0) == 0xc0)
            len = 2, cp = c & 0x1f;
        else if ((c & 0xf0) == 0xe0)
            len = 3, cp = c & 0x0f;
        else if ((c & 0xf8) == 0xf0)
            len = 4, cp = c & 0x07;
        else
            return 0;
        for (uint32_t i = 1; i < len; i++) {
            if ((p[i] & 0xc0) != 0x80)
                return 0;
            cp = cp << 6 | (p[i] & 0x3f);
        }
        static const uint32_t least[5] = {0, 0, 0x80, 0x800, 0x10000};
        if (cp < least[len] || cp > 0x10ffff)
            return 0; /* overlong, or beyond Unicode */
        if (cp <= 0x9f || (cp >= 0xd800 && cp <= 0xdfff) || cp == 0xfffe || cp == 0xffff)
            return 0; /* C1 controls, surrogates, non-characters XML forbids */
        p += len;
    }
    return 1;
}

/* ------------------------------------------------------------------ */
/* A small XML 1.0 well-formedness checker (no DTD)                    */
/* ------------------------------------------------------------------ */

typedef struct {
    const char *s;
    size_t n, i;
    const char *why;
} xml;

static int xml_fail(xml *x, const char *why)
{
    if (!x->why)
        x->why = why;
    return 0;
}

/* Decode one UTF-8 character at x->i (advancing); -1 when malformed. */
static long utf8_next(xml *x)
{
    const unsigned char *p = (const unsigned char *)x->s + x->i;
    size_t left = x->n - x->i;
    uint32_t c = p[0], len, cp;
    if (c < 0x80)
        len = 1, cp = c;
    else if ((c & 0xe0) == 0xc0)
        len = 2, cp = c & 0x1f;
    else if ((c & 0xf0) == 0xe0)
        len = 3, cp = c & 0x0f;
    else if ((c & 0xf8) == 0xf0)
        len = 4, cp = c & 0x07;
    else
        return -1;
    if (len > left)
        return -1;
    for (uint32_t i = 1; i < len; i++) {
        if ((p[i] & 0xc0) != 0x80)
            return -1;
        cp = cp << 6 | (p[i] & 0x3f);
    }
    static const uint32_t least[5] = {0, 0, 0x80, 0x800, 0x10000};
    if (cp < least[len] || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff))
        return -1;
    x->i += len;
    return (long)cp;
}

static int xml_char(long c)
{
    return c == 0x9 || c == 0xa || c == 0xd || (c >= 0x20 && c <= 0xd7ff) || (c >= 0xe000 && c <= 0xfffd) ||
           (c >= 0x10000 && c <= 0x10ffff);
}

static int name_start(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == ':';
}

static int name_char(char c)
{
    return name_start(c) || (c >= '0' && c <= '9') || c == '-' || c == '.';
}

static int is_space(char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

/* A name at x->i (ASCII names only: the SVG writer's). */
static int xml_name(xml *x, size_t *b, size_t *len)
{
    *b = x->i;
    if (x->i >= x->n || !name_start(x->s[x->i]))
        return xml_fail(x, "a name expected");
    while (x->i < x->n && name_char(x->s[x->i]))
        x->i++;
    *len = x->i - *b;
    return 1;
}

/* An entity or character reference after '&'. */
static int xml_ref(xml *x)
{
    static const char *const ents[] = {"amp;", "lt;", "gt;", "quot;", "apos;"};
    for (int k = 0; k < 5; k++) {
        size_t l = strlen(ents[k]);
        if (x->n - x->i >= l && memcmp(x->s + x->i, ents[k], l) == 0) {
            x->i += l;
            return 1;
        }
    }
    if (x->i < x->n && x->s[x->i] == '#') {
        x->i++;
        int hex = x->i < x->n && x->s[x->i] == 'x';
        x->i += (size_t)hex;
        unsigned long v = 0;
        size_t d = 0;
        while (x->i < x->n && x->s[x->i] != ';' && d < 8) {
            char c = x->s[x->i++];
            int dv = c >= '0' && c <= '9' ? c - '0' : hex && c >= 'a' && c <= 'f' ? c - 'a' + 10
                                                  : hex && c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
            if (dv < 0)
                return xml_fail(x, "a bad character reference");
            v = v * (hex ? 16 : 10) + (unsigned long)dv;
            d++;
        }
        if (d == 0 || x->i >= x->n || x->s[x->i] != ';' || !xml_char((long)v))
            return xml_fail(x, "a bad character reference");
        x->i++;
        return 1;
    }
    return xml_fail(x, "a raw '&' (not an entity)");
}

/* Character data up to '<' (or, in an attribute, up to the quote). */
static int xml_text(xml *x, char quote)
{
    while (x->i < x->n && x->s[x->i] != (quote ? quote : '<')) {
        char c = x->s[x->i];
        if (quote && c == '<')
            return xml_fail(x, "a raw '<' in an attribute value");
        if (c == '&') {
            x->i++;
            if (!xml_ref(x))
                return 0;
            continue;
        }
        if (!quote && c == ']' && x->n - x->i >= 3 && memcmp(x->s + x->i, "]]>", 3) == 0)
            return xml_fail(x, "']]>' in text");
        long cp = utf8_next(x);
        if (cp < 0)
            return xml_fail(x, "malformed UTF-8");
        if (!xml_char(cp))
            return xml_fail(x, "a character XML does not allow");
    }
    return 1;
}

static int xml_check(xml *x)
{
    static const char decl[] = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>";
    if (x->n < sizeof decl - 1 || memcmp(x->s, decl, sizeof decl - 1) != 0)
        return xml_fail(x, "no XML declaration at the start");
    x->i = sizeof decl - 1;
    size_t stack[64][2];
    int depth = 0, roots = 0;
    for (;;) {
        size_t t0 = x->i;
        if (!xml_text(x, 0))
            return 0;
        if (depth == 0)
            for (size_t k = t0; k < x->i; k++)
                if (!is_space(x->s[k]))
                    return xml_fail(x, "text outside the root element");
        if (x->i >= x->n)
            break;
        x->i++; /* '<' */
        if (x->n - x->i >= 3 && memcmp(x->s + x->i, "!--", 3) == 0) {
            const char *e = NULL;
            for (size_t k = x->i + 3; k + 3 <= x->n && !e; k++)
                if (memcmp(x->s + k, "-->", 3) == 0)
                    e = x->s + k;
            if (!e)
                return xml_fail(x, "an unterminated comment");
            x->i = (size_t)(e - x->s) + 3;
            continue;
        }
        if (x->i < x->n && x->s[x->i] == '/') {
            x->i++;
            size_t b, len;
            if (!xml_name(x, &b, &len))
                return 0;
            while (x->i < x->n && is_space(x->s[x->i]))
                x->i++;
            if (x->i >= x->n || x->s[x->i] != '>')
                return xml_fail(x, "an end tag without '>'");
            x->i++;
            if (depth == 0 || stack[depth - 1][1] != len || memcmp(x->s + stack[depth - 1][0], x->s + b, len) != 0)
                return xml_fail(x, "an end tag that does not match its start tag");
            depth--;
            continue;
        }
        size_t b, len;
        if (!xml_name(x, &b, &len))
            return 0;
        if (depth == 0 && roots++)
            return xml_fail(x, "a second root element");
        size_t attrs[64][2];
        int na = 0;
        for (;;) {
            int sp = 0;
            while (x->i < x->n && is_space(x->s[x->i]))
                x->i++, sp = 1;
            if (x->i >= x->n)
                return xml_fail(x, "an unterminated start tag");
            if (x->s[x->i] == '>' || (x->s[x->i] == '/' && x->n - x->i >= 2 && x->s[x->i + 1] == '>'))
                break;
            if (!sp)
                return xml_fail(x, "no space before an attribute");
            size_t ab, al;
            if (!xml_name(x, &ab, &al))
                return 0;
            for (int k = 0; k < na; k++)
                if (attrs[k][1] == al && memcmp(x->s + attrs[k][0], x->s + ab, al) == 0)
                    return xml_fail(x, "an attribute twice in one element");
            if (na == 64)
                return xml_fail(x, "more than 64 attributes");
            attrs[na][0] = ab;
            attrs[na++][1] = al;
            if (x->i >= x->n || x->s[x->i] != '=')
                return xml_fail(x, "an attribute without '='");
            x->i++;
            if (x->i >= x->n || (x->s[x->i] != '"' && x->s[x->i] != '\''))
                return xml_fail(x, "an attribute value without quotes");
            char q = x->s[x->i++];
            if (!xml_text(x, q))
                return 0;
            if (x->i >= x->n)
                return xml_fail(x, "an unterminated attribute value");
            x->i++;
        }
        if (x->s[x->i] == '/') {
            x->i += 2;
            continue;
        }
        x->i++;
        if (depth == 64)
            return xml_fail(x, "elements nested more than 64 deep");
        stack[depth][0] = b;
        stack[depth++][1] = len;
    }
    if (depth)
        return xml_fail(x, "an element not closed");
    if (!roots)
        return xml_fail(x, "no root element");
    return 1;
}

/* ------------------------------------------------------------------ */
/* Output                                                              */
/* ------------------------------------------------------------------ */

typedef struct {
    char *p;
    size_t n, cap;
} buf;

static int buf_write(void *ctx, const void *data, size_t len)
{
    buf *b = ctx;
    if (b->n + len > b->cap) {
        size_t nc = b->cap ? b->cap : 4096;
        while (nc < b->n + len)
            nc *= 2;
        char *q = realloc(b->p, nc + 1);
        if (!q)
            abort();
        b->p = q;
        b->cap = nc;
    }
    memcpy(b->p + b->n, data, len);
    b->n += len;
    b->p[b->n] = '\0';
    return 0;
}

static const char *find(const buf *b, const char *needle)
{
    size_t m = strlen(needle);
    for (size_t i = 0; m <= b->n && i <= b->n - m; i++)
        if (memcmp(b->p + i, needle, m) == 0)
            return b->p + i;
    return NULL;
}

static uint32_t be32(const unsigned char *p)
{
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

static void check_png(const buf *b, const wy_plot_geometry *g, const char *title)
{
    static const unsigned char sig[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
    const unsigned char *p = (const unsigned char *)b->p;
    FZ_CHECK(b->n >= 8 && memcmp(p, sig, 8) == 0, "no PNG signature");
    /* the title as the PNG writes it: every character beyond ASCII as '?' */
    char *want = malloc(strlen(title) + 1);
    if (!want)
        abort();
    size_t k = 0;
    for (const unsigned char *t = (const unsigned char *)title; *t; t++)
        if (*t < 0x80)
            want[k++] = (char)*t;
        else if ((*t & 0xc0) != 0x80)
            want[k++] = '?';
    want[k] = '\0';
    size_t i = 8;
    int n = 0, seen_title = 0, seen_end = 0;
    while (i < b->n) {
        FZ_CHECK(!seen_end, "a chunk after IEND");
        FZ_CHECK(b->n - i >= 12, "a truncated chunk at byte %zu", i);
        uint32_t len = be32(p + i);
        FZ_CHECK(len <= b->n - i - 12, "chunk length %lu beyond the file", (unsigned long)len);
        const unsigned char *type = p + i + 4, *d = p + i + 8;
        uint32_t crc = (uint32_t)crc32(0L, type, (uInt)(len + 4));
        FZ_CHECK(crc == be32(d + len), "chunk %.4s: bad CRC", (const char *)type);
        if (n == 0)
            FZ_CHECK(memcmp(type, "IHDR", 4) == 0 && len == 13 && be32(d) == g->width && be32(d + 4) == g->height,
                     "the first chunk is not IHDR of %lu x %lu", (unsigned long)g->width, (unsigned long)g->height);
        if (memcmp(type, "IEND", 4) == 0)
            seen_end = 1;
        if (memcmp(type, "tEXt", 4) == 0 && len >= 6 && memcmp(d, "Title", 6) == 0) {
            FZ_CHECK(len - 6 == k && memcmp(d + 6, want, k) == 0, "tEXt Title is '%.*s', want '%s'", (int)(len - 6),
                     (const char *)d + 6, want);
            seen_title++;
        }
        i += 12 + (size_t)len;
        n++;
    }
    FZ_CHECK(seen_end, "no IEND chunk");
    FZ_CHECK(seen_title == 1, "%d tEXt Title chunks", seen_title);
    free(want);
}

static void check_svg(const buf *b, const char *title)
{
    xml x = {b->p, b->n, 0, NULL};
    if (!xml_check(&x))
        fz_fail(__FILE__, __LINE__, "the SVG is not well-formed XML: %s at byte %zu: '%.60s'", x.why, x.i,
                b->p + (x.i > 20 ? x.i - 20 : 0));
    FZ_CHECK(find(b, "<svg ") != NULL, "no <svg element");
    /* the title, escaped, in <title> and in a <text> */
    size_t m = strlen(title);
    char *esc = malloc(6 * m + 32), *q = esc;
    if (!esc)
        abort();
    q += sprintf(q, "<title>");
    for (size_t i = 0; i < m; i++) {
        switch (title[i]) {
        case '&': q += sprintf(q, "&amp;"); break;
        case '<': q += sprintf(q, "&lt;"); break;
        case '>': q += sprintf(q, "&gt;"); break;
        case '"': q += sprintf(q, "&quot;"); break;
        default: *q++ = title[i];
        }
    }
    strcpy(q, "</title>");
    FZ_CHECK(find(b, esc) != NULL, "no '%s' in the SVG", esc);
    memcpy(q, "</text>", 8); /* esc + 6: ">ESCAPED</text>" */
    FZ_CHECK(find(b, esc + 6) != NULL, "no <text> element with the title '%s'", esc + 6);
    free(esc);
}

static const char *const rulesets[8] = {
    "wythoff", "wythoff+pass", "nim+heap=2", "wythoff+max=3+misere",
    "wythoff+mod=2", "wythoff+terminal=2+misere", "nim+pass+max=4", "wythoff+pass=2+heap=1",
};

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fz_in in = {data, size};
    const unsigned b0 = fz_byte(&in), b1 = fz_byte(&in), b2 = fz_byte(&in), b3 = fz_byte(&in), b4 = fz_byte(&in);
    wy_rules rules[WY_PLOT_MAX_GAMES];
    char err[WY_ERRLEN];
    wy_plot_spec sp;
    memset(&sp, 0, sizeof sp);
    sp.style = (wy_plot_style)(b0 % 3);
    sp.format = (b0 >> 2 & 1) ? WY_PLOT_SVG : WY_PLOT_PNG;
    const int auto_title = b0 >> 3 & 1;
    sp.rows = 1 + b1 % 4;
    sp.cols = 1 + (b1 >> 4) % 4;
    sp.cell = sp.style == WY_PLOT_TABLE ? (b2 < 128 ? 0 : b2 - 96) : (b2 < 128 ? 0 : (b2 - 128) % 70);
    /* PNG: small pictures (drawing and compressing are the slow part) */
    if (sp.format == WY_PLOT_PNG && sp.style != WY_PLOT_TABLE && sp.cell == 0)
        sp.cell = 1 + b2 % 4;
    sp.ngames = sp.style == WY_PLOT_PPOS ? 1 + b3 % 3 : 1;
    for (unsigned i = 0; i < sp.ngames; i++) {
        unsigned which = i == 0 ? b0 >> 4 & 7 : (b3 >> (2 + 3 * i)) & 7;
        if (wy_rules_parse(&rules[i], rulesets[which], err, sizeof err) != WY_OK)
            abort();
        sp.games[i].rules = &rules[i];
        sp.games[i].side = wy_side_start(&rules[i]);
    }
    sp.value = sp.style == WY_PLOT_PPOS ? b4 % 3 : 0;
    /* PNG titles: the first 64 bytes (a title of 512 characters makes a
     * picture 6000 pixels wide; SVG takes the whole input) */
    char *title = fz_text(in.p, sp.format == WY_PLOT_PNG && in.n > 64 ? 64 : in.n);
    sp.title = auto_title ? NULL : title;

    wy_plot_geometry g, ga;
    wy_plot_spec sa = sp;
    sa.title = NULL;
    memset(err, 'X', sizeof err);
    wy_status st = wy_plot_layout(&sp, &g, err, sizeof err);
    wy_status sta = wy_plot_layout(&sa, &ga, NULL, 0);
    const int ok_title = sp.title == NULL || title_ok(title);
    if (st != WY_OK) {
        FZ_CHECK(st == WY_EINVAL, "wy_plot_layout returned %d: %s", (int)st, err);
        fz_check_msg(err, sizeof err, 0, "wy_plot_layout");
        if (!ok_title)
            FZ_CHECK(strstr(err, "title") != NULL, "a bad title refused with '%s'", err);
        else
            FZ_CHECK(sta != WY_OK, "refused with the title '%s' (%s), accepted without", title, err);
        goto done;
    }
    FZ_CHECK(ok_title, "wy_plot_layout accepted the title '%s', which is not UTF-8 text without controls", title);
    FZ_CHECK(sta == WY_OK, "accepted with a title, refused without");
    FZ_CHECK(g.height == ga.height && g.left == ga.left && g.top == ga.top && g.cell == ga.cell &&
                 g.block == ga.block && g.cells_x == ga.cells_x && g.cells_y == ga.cells_y && g.font == ga.font,
             "the title changes more than the width");
    FZ_CHECK(g.width > 0 && g.height > 0, "a picture of %lu x %lu", (unsigned long)g.width, (unsigned long)g.height);
    FZ_CHECK(wy_plot_estimate(&sp) > 0, "wy_plot_estimate is 0 for an accepted spec");

    buf out = {NULL, 0, 0};
    memset(err, 'X', sizeof err);
    st = wy_plot(&sp, NULL, buf_write, &out, err, sizeof err);
    FZ_CHECK(st == WY_OK, "wy_plot failed (%d): %s", (int)st, err);
    FZ_CHECK(out.n > 0, "wy_plot wrote nothing");
    if (sp.title) {
        if (sp.format == WY_PLOT_PNG)
            check_png(&out, &g, title);
        else
            check_svg(&out, title);
    } else if (sp.format == WY_PLOT_SVG) {
        xml x = {out.p, out.n, 0, NULL};
        if (!xml_check(&x))
            fz_fail(__FILE__, __LINE__, "the SVG (automatic title) is not well-formed XML: %s at byte %zu", x.why,
                    x.i);
    }
    free(out.p);
done:
    free(title);
    return 0;
}
