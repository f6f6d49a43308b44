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
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <zlib.h>

#define GL_HEADER 64
#define GL_MAGIC "WYGLAYR1"

/* ------------------------------------------------------------------ */
/* Writing                                                              */
/* ------------------------------------------------------------------ */

/* The chunks are compressed with deflate's run-length strategy (Z_RLE:
 * matches at distance 1 only, then Huffman codes): on these offsets as
 * small as level 1's default strategy and about 40 % faster (docs/glayers.md,
 * "The stored layer"); a persistent z_stream reset per chunk.  Any zlib
 * stream reads back the same way. */
#define GL_ZLEVEL 1
#define GL_ZBITS 15
#define GL_ZMEM 8

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
    z_stream *z = calloc(1, sizeof *z);
    if (!w->path || !w->tmp || !w->zbuf || !w->table || !z) {
        free(z);
        return cli_die(3, "out of memory for the layer files");
    }
    int zr = deflateInit2(z, GL_ZLEVEL, Z_DEFLATED, GL_ZBITS, GL_ZMEM, Z_RLE);
    if (zr != Z_OK) {
        free(z);
        return cli_die(zr == Z_MEM_ERROR ? 3 : 4, "zlib cannot start compressing (%d)", zr);
    }
    w->z = z;
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
    uint64_t zn = w->zcap - z->avail_out;
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

/* Chunk i into d (L->chunk bytes). */
int gl_layer_chunk(gl_layer *L, uint64_t i, int8_t *d, const char *path)
{
    uint64_t k = i + 1 < L->nchunks ? L->chunk : L->count - i * L->chunk;
    uint64_t zn = L->table[i + 1] - L->table[i];
    unsigned char *z = malloc(zn ? zn : 1);
    if (!z)
        return cli_die(3, "out of memory reading %s", path);
    uLongf out = (uLongf)k;
    int ok = fseeko(L->f, (off_t)L->table[i], SEEK_SET) == 0 && fread(z, 1, zn, L->f) == zn &&
             uncompress((Bytef *)d, &out, z, (uLong)zn) == Z_OK && out == k;
    free(z);
    if (!ok)
        return cli_die(2, "corrupt %s: chunk %llu is damaged or truncated", path, (unsigned long long)i);
    return 0;
}

void gl_layer_close(gl_layer *L)
{
    if (L->f)
        fclose(L->f);
    free(L->table);
}

/* The whole layer into *d (malloc'ed, count bytes). */
int gl_layer_load(gl_layer *L, int8_t **d, const char *path, uint64_t mem_limit)
{
    if (mem_limit && L->count + L->chunk > mem_limit) {
        char what[300];
        snprintf(what, sizeof what, "reading %.256s", path);
        return cli_refuse_memory(what, L->count + L->chunk, mem_limit, NULL);
    }
    *d = malloc(L->nchunks * L->chunk + 1);
    if (!*d)
        return cli_die(3, "out of memory reading %s (%llu MiB)", path, (unsigned long long)(L->count >> 20) + 1);
    for (uint64_t i = 0; i < L->nchunks; i++) {
        if (cli_interrupted()) /* 10^9 positions: seconds of inflating */
            return cli_die(130, "interrupted");
        int rc = gl_layer_chunk(L, i, *d + i * L->chunk, path);
        if (rc)
            return rc;
    }
    return 0;
}

