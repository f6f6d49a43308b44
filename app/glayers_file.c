/* glayers_file.c - the stored layer of `wythoff glayers --store DIR`, one
 * file per value (docs/glayers.md, "The stored layer"): its writer and its
 * reader.
 *
 * DIR/layer-G.wygl, little-endian (wy_put_le64 and the like, wythoff.h):
 *   0  8  magic "WYGLAYR1"
 *   8  4  g                       12 4  chunk: offsets per chunk (2^20)
 *   16 8  N, the window           24 8  count: offsets stored, n = 0..count-1
 *   32 8  nchunks                 40 8  beyond: g-positions found with n >= count
 *   48 8  table: file offset of the chunk table
 *   56 8  positions: the g-positions in the window, both triangles
 *         (a position x < y counts with its mirror image), the scan's count
 *   64 .. the chunks, each a zlib stream (RFC 1950) of its offsets d_n as
 *         signed bytes, n = i chunk .. min((i + 1) chunk, count) - 1
 *   table: nchunks + 1 u64 file offsets, chunk i is [table[i], table[i+1])
 *
 * The format is the tool's, not the library's: its chunks are zlib streams,
 * which the core does not link, and its reader answers with the command's
 * messages and exit codes.
 */
#include "glayers.h"

#include <dirent.h>
#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

#define GL_HEADER 64
#define GL_MAGIC "WYGLAYR1"

/* ------------------------------------------------------------------ */
/* Writing                                                              */
/* ------------------------------------------------------------------ */

/* The chunks are zlib streams (RFC 1950) of one deflate block (RFC 1951):
 * written here directly, a dynamic Huffman block of literals only (the
 * offsets' bytes coded by their frequencies in the chunk, as zlib's
 * Z_HUFFMAN_ONLY does: on these offsets as small as level 1's matches, at a
 * fraction of the time); a chunk of one byte value mostly (layer 0), or one
 * the block would not shrink, goes through zlib's deflate with the
 * run-length strategy (Z_RLE).  Any zlib stream reads back the same way
 * (uncompress), so the files of every version read alike. */
#define GL_ZLEVEL 1
#define GL_ZBITS 15
#define GL_ZMEM 8
#define GL_HMAX 15 /* deflate's longest code */

/* Huffman code lengths (at most GL_HMAX) of the 257 literal/length symbols
 * from their counts (those of count 0 get length 0; at least two symbols
 * are counted).  Counts are halved (kept nonzero) until the longest code
 * fits: the code stays a complete prefix code. */
static void huff_lengths(const uint64_t *cnt0, unsigned char *len)
{
    enum { NS = 257 };
    uint64_t cnt[NS], w[2 * NS];
    int parent[2 * NS];
    memcpy(cnt, cnt0, sizeof cnt);
    for (;;) {
        int n = 0, leaf[NS];
        for (int i = 0; i < NS; i++)
            if (cnt[i])
                leaf[n++] = i;
        int nodes = n, alive[2 * NS];
        for (int i = 0; i < n; i++) {
            w[i] = cnt[leaf[i]];
            alive[i] = 1;
        }
        for (int m = 0; m < n - 1; m++) { /* join the two lightest: O(n^2), n <= 257 */
            int a = -1, b = -1;
            for (int i = 0; i < nodes; i++) {
                if (!alive[i])
                    continue;
                if (a < 0 || w[i] < w[a]) {
                    b = a;
                    a = i;
                } else if (b < 0 || w[i] < w[b])
                    b = i;
            }
            w[nodes] = w[a] + w[b];
            alive[nodes] = 1;
            alive[a] = alive[b] = 0;
            parent[a] = parent[b] = nodes;
            nodes++;
        }
        int longest = 0;
        memset(len, 0, NS);
        for (int i = 0; i < n; i++) {
            int d = 0;
            for (int j = i; j != nodes - 1; j = parent[j])
                d++;
            len[leaf[i]] = (unsigned char)d;
            if (d > longest)
                longest = d;
        }
        if (longest <= GL_HMAX)
            return;
        for (int i = 0; i < NS; i++)
            if (cnt[i])
                cnt[i] = cnt[i] / 2 + 1;
    }
}

typedef struct {
    unsigned char *p, *end;
    uint64_t acc;
    unsigned nb;
} gl_bits;

static void put_bits(gl_bits *b, uint32_t v, unsigned n)
{
    b->acc |= (uint64_t)v << b->nb;
    b->nb += n;
    while (b->nb >= 8) {
        *b->p++ = (unsigned char)b->acc;
        b->acc >>= 8;
        b->nb -= 8;
    }
}

/* The canonical codes of the lengths (RFC 1951 3.2.2), bit-reversed for
 * the LSB-first writer. */
static void huff_codes(const unsigned char *len, int ns, uint32_t *code)
{
    unsigned count[GL_HMAX + 1] = {0}, next[GL_HMAX + 1];
    for (int i = 0; i < ns; i++)
        count[len[i]]++;
    count[0] = 0;
    unsigned c = 0;
    for (int l = 1; l <= GL_HMAX; l++) {
        c = (c + count[l - 1]) << 1;
        next[l] = c;
    }
    for (int i = 0; i < ns; i++) {
        code[i] = 0;
        if (!len[i])
            continue;
        uint32_t v = next[len[i]]++, r = 0;
        for (int j = 0; j < len[i]; j++)
            r |= ((v >> j) & 1) << (len[i] - 1 - j);
        code[i] = r;
    }
}

/* The zlib stream of d[0..k-1] (k >= 1) as one dynamic Huffman block of
 * literals into out (cap bytes): its length, or 0 when zlib's deflate is
 * the better choice (one byte value dominates) or it would not fit. */
static uint64_t huff_chunk(const unsigned char *d, uint64_t k, unsigned char *out, uint64_t cap)
{
    uint64_t cnt[257] = {0}, c4[4][256] = {{0}};
    uint64_t i = 0;
    for (; i + 4 <= k; i += 4) {
        c4[0][d[i]]++;
        c4[1][d[i + 1]]++;
        c4[2][d[i + 2]]++;
        c4[3][d[i + 3]]++;
    }
    for (; i < k; i++)
        c4[0][d[i]]++;
    uint64_t top = 0;
    for (int v = 0; v < 256; v++) {
        cnt[v] = c4[0][v] + c4[1][v] + c4[2][v] + c4[3][v];
        if (cnt[v] > top)
            top = cnt[v];
    }
    if (top >= k - k / 8) /* runs: Z_RLE codes them in far fewer bytes */
        return 0;
    cnt[256] = 1; /* end of block */
    unsigned char len[257];
    uint32_t code[257];
    huff_lengths(cnt, len);
    huff_codes(len, 257, code);
    uint64_t bits = 0;
    for (int v = 0; v < 257; v++)
        bits += cnt[v] * len[v];
    if (bits / 8 + 400 > cap || bits / 8 > k) /* header, code lengths, trailer: < 400 bytes */
        return 0;
    gl_bits b = {out, out + cap, 0, 0};
    *b.p++ = 0x78; /* CM 8, a 32K window; FLEVEL 0; (0x78 << 8 | 0x01) % 31 == 0 */
    *b.p++ = 0x01;
    put_bits(&b, 1, 1);  /* BFINAL */
    put_bits(&b, 2, 2);  /* BTYPE: dynamic Huffman */
    put_bits(&b, 0, 5);  /* HLIT: 257 literal/length codes */
    put_bits(&b, 1, 5);  /* HDIST: 2 distance codes (both of length 1, unused) */
    put_bits(&b, 15, 4); /* HCLEN: all 19 code length codes */
    /* the code length code: lengths 0..15 of 4 bits each (complete), 16-18 unused */
    static const unsigned char order[19] = {16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15};
    for (int j = 0; j < 19; j++)
        put_bits(&b, order[j] < 16 ? 4 : 0, 3);
    for (int v = 0; v < 257 + 2; v++) { /* symbol L has the 4-bit code L, sent reversed */
        unsigned l = v < 257 ? len[v] : 1, r = 0;
        for (int j = 0; j < 4; j++)
            r |= ((l >> j) & 1) << (3 - j);
        put_bits(&b, r, 4);
    }
    uint32_t tab[256];
    for (int v = 0; v < 256; v++)
        tab[v] = code[v] | (uint32_t)len[v] << 16;
    uint64_t acc = b.acc;
    unsigned nb = b.nb;
    unsigned char *p = b.p;
    for (i = 0; i < k; i++) { /* at most 15 bits a symbol: 32 bits out when 32 are in */
        uint32_t t = tab[d[i]];
        acc |= (uint64_t)(t & 0xffff) << nb;
        nb += t >> 16;
        if (nb >= 32) {
            wy_put_le32(p, (uint32_t)acc);
            p += 4;
            acc >>= 32;
            nb -= 32;
        }
    }
    b.acc = acc;
    b.nb = nb;
    b.p = p;
    put_bits(&b, code[256], len[256]);
    if (b.nb)
        put_bits(&b, 0, 8 - b.nb);
    uint32_t ad = (uint32_t)adler32(adler32(0L, Z_NULL, 0), d, (uInt)k);
    for (int j = 3; j >= 0; j--)
        *b.p++ = (unsigned char)(ad >> (8 * j));
    return (uint64_t)(b.p - out);
}

uint64_t gl_file_estimate(void)
{
    /* the writer, its paths, the output buffer, the chunk table's start and
     * deflate's state: about 2^(bits + 2) + 2^(mem + 9) + 6 KiB (zconf.h) */
    return sizeof(gl_file) + sizeof(z_stream) + 64 + compressBound((uLong)GL_CHUNK) + (1u << (GL_ZBITS + 2)) +
           (1u << (GL_ZMEM + 9)) + 8192;
}

int gl_file_open(gl_file *w, const char *dir, uint64_t g)
{
    memset(w, 0, sizeof *w);
    size_t n = strlen(dir) + 64;
    w->path = malloc(n);
    w->tmp = malloc(n);
    w->zcap = compressBound((uLong)GL_CHUNK);
    w->zbuf = malloc(w->zcap);
    w->cap = 64;
    w->table = malloc(w->cap * sizeof *w->table);
    if (!w->path || !w->tmp || !w->zbuf || !w->table)
        return cli_die(3, "out of memory for the layer files");
    snprintf(w->path, n, "%s/layer-%llu.wygl", dir, (unsigned long long)g);
    snprintf(w->tmp, n, "%s/.layer-%llu.wygl.part", dir, (unsigned long long)g);
    w->f = fopen(w->tmp, "wb");
    if (!w->f)
        return cli_die(2, "cannot write %s (%s)", w->tmp, strerror(errno));
    unsigned char h[GL_HEADER] = {0};
    if (fwrite(h, 1, sizeof h, w->f) != sizeof h)
        return cli_die(2, "write error on %s (%s)", w->tmp, strerror(errno));
    w->table[0] = GL_HEADER;
    return 0;
}

/* Append one chunk of k offsets: one zlib stream (RFC 1950). */
int gl_file_chunk(gl_file *w, const int8_t *d, uint64_t k, char *msg, size_t msglen)
{
    uint64_t zn = huff_chunk((const unsigned char *)d, k, w->zbuf, w->zcap);
    if (zn)
        goto write;
    if (!w->z) { /* zlib's deflate, started at its first chunk (layer 0's, mostly) */
        z_stream *nz = calloc(1, sizeof *nz);
        int zr = nz ? deflateInit2(nz, GL_ZLEVEL, Z_DEFLATED, GL_ZBITS, GL_ZMEM, Z_RLE) : Z_MEM_ERROR;
        if (zr != Z_OK) {
            free(nz);
            snprintf(msg, msglen, "zlib cannot start compressing %s (%d)", w->path, zr);
            return zr == Z_MEM_ERROR ? 3 : 4;
        }
        w->z = nz;
    }
    z_stream *z = w->z;
    if (deflateReset(z) != Z_OK) {
        snprintf(msg, msglen, "zlib failed to compress a chunk of %s", w->path);
        return 4;
    }
    z->next_in = (Bytef *)(uintptr_t)d; /* zlib's next_in is not const */
    z->avail_in = (uInt)k;
    z->next_out = w->zbuf;
    z->avail_out = (uInt)w->zcap;
    if (deflate(z, Z_FINISH) != Z_STREAM_END) {
        snprintf(msg, msglen, "zlib failed to compress a chunk of %s", w->path);
        return 4;
    }
    zn = w->zcap - z->avail_out;
write:
    if (fwrite(w->zbuf, 1, zn, w->f) != zn) {
        snprintf(msg, msglen, "write error on %s (%s)", w->tmp, strerror(errno));
        return 2;
    }
    if (w->nchunks + 2 > w->cap) {
        uint64_t *t = realloc(w->table, 2 * w->cap * sizeof *t);
        if (!t) {
            snprintf(msg, msglen, "out of memory for the layer files");
            return 3;
        }
        w->table = t;
        w->cap *= 2;
    }
    w->table[w->nchunks + 1] = w->table[w->nchunks] + zn;
    w->nchunks++;
    return 0;
}

/* The table, the header, the rename. */
int gl_file_close(gl_file *w, uint64_t g, uint64_t size, uint64_t count, uint64_t beyond, uint64_t positions)
{
    int rc = 0;
    unsigned char b[8];
    uint64_t table = w->table[w->nchunks];
    for (uint64_t i = 0; i <= w->nchunks && !rc; i++) {
        wy_put_le64(b, w->table[i]);
        if (fwrite(b, 1, 8, w->f) != 8)
            rc = cli_die(2, "write error on %s (%s)", w->tmp, strerror(errno));
    }
    unsigned char h[GL_HEADER] = {0};
    memcpy(h, GL_MAGIC, 8);
    wy_put_le32(h + 8, (uint32_t)g);
    wy_put_le32(h + 12, (uint32_t)GL_CHUNK);
    wy_put_le64(h + 16, size);
    wy_put_le64(h + 24, count);
    wy_put_le64(h + 32, w->nchunks);
    wy_put_le64(h + 40, beyond);
    wy_put_le64(h + 48, table);
    wy_put_le64(h + 56, positions);
    if (!rc && (fseek(w->f, 0, SEEK_SET) != 0 || fwrite(h, 1, sizeof h, w->f) != sizeof h))
        rc = cli_die(2, "write error on %s (%s)", w->tmp, strerror(errno));
    if (fclose(w->f) != 0 && !rc)
        rc = cli_die(2, "write error on %s (%s)", w->tmp, strerror(errno));
    w->f = NULL;
    if (!rc && rename(w->tmp, w->path) != 0)
        rc = cli_die(2, "cannot rename %s to %s (%s)", w->tmp, w->path, strerror(errno));
    return rc;
}

void gl_file_free(gl_file *w)
{
    if (w->f) {
        fclose(w->f);
        remove(w->tmp);
    }
    free(w->path);
    free(w->tmp);
    free(w->table);
    free(w->zbuf);
    if (w->z) {
        deflateEnd(w->z);
        free(w->z);
    }
    w->z = NULL;
}

/* ------------------------------------------------------------------ */
/* Reading                                                              */
/* ------------------------------------------------------------------ */

int gl_layer_path(char *buf, size_t n, const char *dir, uint64_t g)
{
    return snprintf(buf, n, "%s/layer-%llu.wygl", dir, (unsigned long long)g) >= (int)n;
}

int gl_layer_last(uint64_t *G, const char *dir)
{
    DIR *dd = opendir(dir);
    if (!dd)
        return cli_die(2, "cannot read the directory %s (%s)", dir, strerror(errno));
    *G = 0;
    int any = 0;
    struct dirent *e;
    while ((e = readdir(dd))) {
        unsigned long long v;
        char tail[8];
        if (sscanf(e->d_name, "layer-%llu.wygl%7s", &v, tail) == 1 && v <= GL_MAXG) {
            any = 1;
            if (v > *G)
                *G = v;
        }
    }
    closedir(dd);
    if (!any)
        return cli_die(2, "%s holds no stored layer (layer-G.wygl)", dir);
    return 0;
}

/* Opens a stored layer and checks its header and chunk table against each
 * other and against the file's size before allocating anything: a damaged
 * or forged file is "corrupt PATH: what" (exit 2), never a huge allocation
 * (exit 3) or a field printed as it stands. */
int gl_layer_open(gl_layer *L, const char *path)
{
    memset(L, 0, sizeof *L);
    L->f = fopen(path, "rb");
    if (!L->f)
        return cli_die(2, "cannot read %s (%s)", path, strerror(errno));
    unsigned char h[GL_HEADER];
    if (fread(h, 1, sizeof h, L->f) != sizeof h || memcmp(h, GL_MAGIC, 8) != 0)
        return cli_die(2, "%s is not a stored layer (no %s header)", path, GL_MAGIC);
    struct stat sb;
    if (fstat(fileno(L->f), &sb) != 0 || !S_ISREG(sb.st_mode))
        return cli_die(2, "cannot read %s (not a regular file)", path);
    const uint64_t fsize = (uint64_t)sb.st_size;
    L->g = wy_get_le32(h + 8);
    L->chunk = wy_get_le32(h + 12);
    L->size = wy_get_le64(h + 16);
    L->count = wy_get_le64(h + 24);
    L->nchunks = wy_get_le64(h + 32);
    L->beyond = wy_get_le64(h + 40);
    uint64_t table = wy_get_le64(h + 48);
    L->positions = wy_get_le64(h + 56);
#define CORRUPT(...) cli_die(2, "corrupt " __VA_ARGS__)
    if (L->g > GL_MAXG)
        return CORRUPT("%s: value %llu (at most %d)", path, (unsigned long long)L->g, GL_MAXG);
    if (L->chunk == 0 || L->chunk > ((uint64_t)1 << 30))
        return CORRUPT("%s: %llu offsets per chunk (1 to 2^30)", path, (unsigned long long)L->chunk);
    if (L->size < 2 || L->size > ((uint64_t)1 << 40))
        return CORRUPT("%s: window %llu (2 to 2^40)", path, (unsigned long long)L->size);
    /* the diagonals n < count are complete, each holds one g-position, and
     * n < N; the others found lie on distinct diagonals count <= n < N */
    if (L->count == 0 || L->count > L->size)
        return CORRUPT("%s: count %llu (1 to the window %llu)", path, (unsigned long long)L->count,
                       (unsigned long long)L->size);
    if (L->beyond > L->size - L->count)
        return CORRUPT("%s: beyond %llu (at most the window %llu less the count %llu)", path,
                       (unsigned long long)L->beyond, (unsigned long long)L->size, (unsigned long long)L->count);
    /* both triangles: each position off the diagonal with its mirror image,
     * the one of diagonal 0 (inside, count >= 1) once */
    if (L->positions != 2 * (L->count + L->beyond) - 1)
        return CORRUPT("%s: positions %llu (2 (count + beyond) - 1 = %llu)", path, (unsigned long long)L->positions,
                       (unsigned long long)(2 * (L->count + L->beyond) - 1));
    if (L->nchunks != (L->count + L->chunk - 1) / L->chunk)
        return CORRUPT("%s: %llu chunks for %llu offsets of %llu a chunk", path, (unsigned long long)L->nchunks,
                       (unsigned long long)L->count, (unsigned long long)L->chunk);
    /* the table is the file's end: nchunks + 1 offsets; every chunk at
     * least a byte */
    if (table < GL_HEADER + L->nchunks || table > fsize || (fsize - table) / 8 != L->nchunks + 1 ||
        (fsize - table) % 8 != 0)
        return CORRUPT("%s: truncated or too long (%llu bytes; the chunk table of %llu chunks at byte %llu)", path,
                       (unsigned long long)fsize, (unsigned long long)L->nchunks, (unsigned long long)table);
    L->table = malloc((L->nchunks + 1) * sizeof *L->table);
    if (!L->table)
        return cli_die(3, "out of memory reading %s", path);
    if (fseeko(L->f, (off_t)table, SEEK_SET) != 0)
        return cli_die(2, "cannot read %s (%s)", path, strerror(errno));
    for (uint64_t i = 0; i <= L->nchunks; i++) {
        unsigned char b[8];
        if (fread(b, 1, 8, L->f) != 8)
            return CORRUPT("%s: truncated chunk table", path);
        L->table[i] = wy_get_le64(b);
        if (i == 0 ? L->table[0] != GL_HEADER : L->table[i] <= L->table[i - 1] || L->table[i] > table)
            return CORRUPT("%s: chunk table entry %llu is %llu (chunks from byte %d to the table at %llu, each at "
                           "least a byte)",
                           path, (unsigned long long)i, (unsigned long long)L->table[i], GL_HEADER,
                           (unsigned long long)table);
    }
    if (L->table[L->nchunks] != table)
        return CORRUPT("%s: the chunks end at byte %llu, the table starts at %llu", path,
                       (unsigned long long)L->table[L->nchunks], (unsigned long long)table);
#undef CORRUPT
    return 0;
}

/* Chunk i into d, saying nothing: 0, or the exit code and why in msg.
 * Positioned reads (pread): several threads may read chunks of one layer. */
static int chunk_quiet(const gl_layer *L, uint64_t i, int8_t *d, const char *path, char *msg, size_t msglen)
{
    uint64_t k = i + 1 < L->nchunks ? L->chunk : L->count - i * L->chunk;
    uint64_t zn = L->table[i + 1] - L->table[i];
    unsigned char *z = malloc(zn ? zn : 1);
    if (!z) {
        snprintf(msg, msglen, "out of memory reading %s", path);
        return 3;
    }
    uint64_t got = 0;
    while (got < zn) {
        ssize_t r = pread(fileno(L->f), z + got, zn - got, (off_t)(L->table[i] + got));
        if (r < 0 && errno == EINTR)
            continue;
        if (r <= 0)
            break;
        got += (uint64_t)r;
    }
    uLongf out = (uLongf)k;
    int ok = got == zn && uncompress((Bytef *)d, &out, z, (uLong)zn) == Z_OK && out == k;
    free(z);
    if (!ok) {
        snprintf(msg, msglen, "corrupt %s: chunk %llu is damaged or truncated", path, (unsigned long long)i);
        return 2;
    }
    return 0;
}

/* Chunk i into d (L->chunk bytes). */
int gl_layer_chunk(gl_layer *L, uint64_t i, int8_t *d, const char *path)
{
    char msg[4400];
    int rc = chunk_quiet(L, i, d, path, msg, sizeof msg);
    return rc ? cli_die(rc, "%s", msg) : 0;
}

/* A share of a layer's chunks: i = first, first + step, ...; the first
 * failure (its chunk, code and message) kept. */
typedef struct {
    const gl_layer *L;
    int8_t *d;
    const char *path;
    uint64_t first, step, bad;
    int rc;
    char msg[4400];
} gl_share;

static void *load_share(void *arg)
{
    gl_share *h = arg;
    h->bad = UINT64_MAX;
    h->rc = 0;
    for (uint64_t i = h->first; i < h->L->nchunks; i += h->step) {
        if (cli_interrupted()) { /* 10^9 positions: seconds of inflating */
            h->rc = 130;
            h->bad = i;
            snprintf(h->msg, sizeof h->msg, "interrupted");
            break;
        }
        int rc = chunk_quiet(h->L, i, h->d + i * h->L->chunk, h->path, h->msg, sizeof h->msg);
        if (rc) {
            h->rc = rc;
            h->bad = i;
            break;
        }
    }
    return NULL;
}

void gl_layer_close(gl_layer *L)
{
    if (L->f)
        fclose(L->f);
    free(L->table);
}

/* The whole layer into *d (malloc'ed, *cap bytes: kept when large enough,
 * so that the layers of a directory reuse one buffer and its pages). */
int gl_layer_load(gl_layer *L, int8_t **d, uint64_t *cap, const char *path, uint64_t mem_limit, unsigned threads)
{
    if (mem_limit && L->count + L->chunk > mem_limit) {
        char what[300];
        snprintf(what, sizeof what, "reading %.256s", path);
        return cli_refuse_memory(what, L->count + L->chunk, mem_limit, NULL);
    }
    uint64_t need = L->nchunks * L->chunk + 1;
    if (!*d || *cap < need) {
        free(*d);
        *cap = 0;
        *d = malloc(need);
        if (!*d)
            return cli_die(3, "out of memory reading %s (%llu MiB)", path, (unsigned long long)(L->count >> 20) + 1);
        *cap = need;
    }
    /* two threads inflate alternate chunks (threads >= 2 and two chunks or
     * more); the failure of the first chunk in order is the one reported */
    gl_share h[2];
    unsigned T = threads >= 2 && L->nchunks >= 2 ? 2 : 1;
    for (unsigned t = 0; t < T; t++)
        h[t] = (gl_share){.L = L, .d = *d, .path = path, .first = t, .step = T};
    pthread_t tid;
    int spawned = T == 2 && pthread_create(&tid, NULL, load_share, &h[1]) == 0;
    if (T == 2 && !spawned) /* no thread: this one reads them all */
        h[0].step = 1;
    load_share(&h[0]);
    if (spawned)
        pthread_join(tid, NULL);
    const gl_share *f = &h[0];
    if (spawned && h[1].rc && (!h[0].rc || h[1].bad < h[0].bad))
        f = &h[1];
    return f->rc ? cli_die(f->rc, "%s", f->msg) : 0;
}

