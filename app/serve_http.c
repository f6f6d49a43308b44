/* serve_http.c - `wythoff serve` on libmicrohttpd: a request from its
 * arrival to its end (uri_logged, handler, completed), the limits on what a
 * request may hold, the page's files, and the answers as HTTP responses.
 *
 * libmicrohttpd parses HTTP and hands over the path and the decoded query
 * arguments.  The handler answers the page's files, the errors and the
 * endpoints that do not compute on libmicrohttpd's thread; it queues the
 * others for the pools (serve.c) and suspends their connection until a
 * worker resumes it with the answer. */
#include "serve.h"
#include "web_assets.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <stdlib.h>
#include <string.h>
#include <sys/select.h>
#include <sys/socket.h>
#include <sys/types.h>

#include <microhttpd.h>

/* ------------------------------------------------------------------ */
/* Answers                                                             */
/* ------------------------------------------------------------------ */

static enum MHD_Result send_answer(struct MHD_Connection *conn, int http, const char *type, const void *data,
                                   size_t len, int cacheable, int page, int retry_after,
                                   const char *tile_from)
{
    struct MHD_Response *resp = MHD_create_response_from_buffer(len, (void *)data, MHD_RESPMEM_MUST_COPY);
    if (!resp)
        return MHD_NO;
    MHD_add_response_header(resp, MHD_HTTP_HEADER_CONTENT_TYPE, type);
    MHD_add_response_header(resp, "X-Content-Type-Options", "nosniff");
    MHD_add_response_header(resp, MHD_HTTP_HEADER_CACHE_CONTROL, cacheable ? "max-age=3600" : "no-store");
    if (retry_after) {
        char v[16];
        snprintf(v, sizeof v, "%d", retry_after);
        MHD_add_response_header(resp, MHD_HTTP_HEADER_RETRY_AFTER, v);
    }
    if (tile_from)
        MHD_add_response_header(resp, "X-Wythoff-Tile", tile_from);
    if (page) {
        MHD_add_response_header(resp, "Content-Security-Policy",
                                "default-src 'self'; img-src 'self' data: blob:; style-src 'self'; "
                                "script-src 'self'; connect-src 'self'; frame-ancestors 'none'");
        MHD_add_response_header(resp, "X-Frame-Options", "DENY");
    }
    enum MHD_Result ret = MHD_queue_response(conn, (unsigned)http, resp);
    MHD_destroy_response(resp);
    return ret;
}

static void work_log(work *w, int http)
{
    if (w->logged)
        return;
    w->logged = 1;
    serve_log_request(w->method[0] ? w->method : "-", w->target, http, cli_now_ms() - w->t0,
                      w->r.pool == POOL_SLOW ? "slow pool" : NULL);
}

static enum MHD_Result answer(work *w)
{
    req *r = &w->r;
    w->answered = 1;
    if (r->mem) { /* an answer written on this thread (fail) */
        cli_out_close(&r->o);
        fclose(r->mem);
        r->mem = NULL;
    }
    enum MHD_Result ret = send_answer(w->conn, r->http, r->type, r->body ? r->body : "", r->len, r->cacheable, 0,
                                      r->retry_after, r->http == 200 ? r->tile_from : NULL);
    work_log(w, r->http);
    return ret;
}

/* ------------------------------------------------------------------ */
/* A request, from its request line to its end                         */
/* ------------------------------------------------------------------ */

static work *work_new(struct MHD_Connection *conn, const char *target)
{
    work *w = calloc(1, sizeof *w);
    if (!w)
        return NULL;
    w->conn = conn;
    w->t0 = cli_now_ms();
    w->target_len = strlen(target);
    snprintf(w->target, sizeof w->target, "%s", target);
    w->r.job = -1;
    w->r.pool = -1; /* no pool: libmicrohttpd's thread, until a worker takes it */
    return w;
}

/* Called by libmicrohttpd with the request target as the client sent it,
 * before it parses the query: the request begins (MHD_OPTION_URI_LOG_CALLBACK;
 * completed frees it, also when libmicrohttpd answers it itself). */
static void *uri_logged(void *cls, const char *uri, struct MHD_Connection *conn)
{
    (void)cls;
    work *w = work_new(conn, uri ? uri : "");
    char *q = uri ? strchr(uri, '?') : NULL;
    if (!w || !q)
        return w;
    size_t n = 1;
    for (const char *p = q + 1; *p; p++)
        n += *p == '&';
    if (n > MAXARGS) {
        /* The answer is 414 whatever the parameters say: the query is cut
         * before libmicrohttpd parses it (one record each, in the
         * connection's pool, which thousands of them overflow: the
         * connection then closes without an answer).  libmicrohttpd hands
         * the callback its own writable copy of the request line, which it
         * splits in place itself, and parses the query after this call. */
        w->query_params = n;
        q[1] = '\0';
    }
    return w;
}

/* Each query argument into the request (req_arg_add). */
static enum MHD_Result arg_copy(void *cls, enum MHD_ValueKind kind, const char *key, size_t key_size,
                                const char *value, size_t value_size)
{
    (void)kind;
    req_arg_add(cls, key, key_size, value, value_size);
    return MHD_YES;
}

/* The client's address as text ("" if unknown). */
static void client_address(char *buf, size_t n, struct MHD_Connection *conn)
{
    buf[0] = '\0';
    const union MHD_ConnectionInfo *ci = MHD_get_connection_info(conn, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
    if (!ci || !ci->client_addr)
        return;
    const struct sockaddr *sa = ci->client_addr;
    if (sa->sa_family == AF_INET)
        inet_ntop(AF_INET, &((const struct sockaddr_in *)(const void *)sa)->sin_addr, buf, (socklen_t)n);
    else if (sa->sa_family == AF_INET6)
        inet_ntop(AF_INET6, &((const struct sockaddr_in6 *)(const void *)sa)->sin6_addr, buf, (socklen_t)n);
}

/* Called by libmicrohttpd for a request: once its headers are in (w not
 * begun), again after a worker resumed it, and for each piece of a body. */
static enum MHD_Result handler(void *cls, struct MHD_Connection *conn, const char *url, const char *method,
                               const char *version, const char *upload_data, size_t *upload_size, void **con_cls)
{
    (void)cls;
    (void)version;
    (void)upload_data;
    work *w = *con_cls;
    if (!w) { /* no request line callback (out of memory there) */
        if (!(w = work_new(conn, url)))
            return MHD_NO;
        *con_cls = w;
    }
    if (w->begun) {
        if (*upload_size || w->answered || !w->done) {
            *upload_size = 0; /* a body's data: discarded (the 413 is queued) */
            return MHD_YES;
        }
        return answer(w); /* resumed by its worker */
    }
    w->begun = 1;
    snprintf(w->method, sizeof w->method, "%s", method);
    req *r = &w->r;
    r->http = 200;
    r->type = "application/json";
    r->deadline = w->t0 + (uint64_t)serve_cfg.timeout_s * 1000u;
    client_address(r->client, sizeof r->client, conn);
    w->done = 1; /* unless queued below */
    /* the request's size: libmicrohttpd holds requests larger than ours
     * (POOL_BYTES), so that the answer is this JSON */
    const union MHD_ConnectionInfo *hs = MHD_get_connection_info(conn, MHD_CONNECTION_INFO_REQUEST_HEADER_SIZE);
    const size_t head = hs ? hs->header_size : 0;
    if (w->target_len > REQUEST_MAX) {
        req_fail(r, 414, 2, "the URL is %zu bytes long, more than %u", w->target_len, REQUEST_MAX);
        return answer(w);
    }
    if (w->query_params) {
        req_fail(r, 414, 2, "too many parameters: %zu (at most %d)", w->query_params, MAXARGS);
        return answer(w);
    }
    if (head > REQUEST_MAX) {
        req_fail(r, 431, 2, "the request line and headers are %zu bytes, more than %u", head, REQUEST_MAX);
        return answer(w);
    }
    /* a body: refused at once (nothing takes one) */
    const char *cl = MHD_lookup_connection_value(conn, MHD_HEADER_KIND, MHD_HTTP_HEADER_CONTENT_LENGTH);
    const char *te = MHD_lookup_connection_value(conn, MHD_HEADER_KIND, MHD_HTTP_HEADER_TRANSFER_ENCODING);
    if ((cl && strcmp(cl, "0") != 0) || te) {
        req_fail(r, 413, 2, "request bodies are not accepted");
        return answer(w);
    }
    if (strcmp(method, MHD_HTTP_METHOD_HEAD) != 0 && strcmp(method, MHD_HTTP_METHOD_GET) != 0) {
        char m[80];
        serve_escape(m, sizeof m, method, 20);
        req_fail(r, 405, 2, "method %s not allowed (GET or HEAD)", m);
        return answer(w);
    }
    /* the path as sent: an encoded NUL would end the decoded one early */
    const size_t plen = strcspn(w->target, "?");
    for (size_t i = 0; i + 2 < plen; i++)
        if (w->target[i] == '%' && w->target[i + 1] == '0' && w->target[i + 2] == '0') {
            req_fail(r, 400, 2, "the path holds a NUL byte (%%00)");
            return answer(w);
        }
    w->ep = serve_api_find(url);
    if (!w->ep) {
        for (size_t i = 0; i < web_nassets; i++)
            if (strcmp(url, web_assets[i].path) == 0) {
                const web_asset *a = &web_assets[i];
                w->answered = 1;
                enum MHD_Result ret = send_answer(conn, 200, a->type, a->data, a->len, 0, 1, 0, NULL);
                work_log(w, 200);
                return ret;
            }
        char u[440];
        serve_escape(u, sizeof u, url, 100);
        req_fail(r, 404, 2, "no such page or endpoint: %s", u);
        return answer(w);
    }
    r->allowed = w->ep->allowed;
    MHD_get_connection_values_n(conn, MHD_GET_ARGUMENT_KIND, arg_copy, r);
    if (r->nparams > MAXARGS) {
        req_args_free(r);
        req_fail(r, 414, 2, "too many parameters: %d (at most %d)", r->nparams, MAXARGS);
        return answer(w);
    }
    if (req_args_valid(r)) {
        req_args_free(r);
        return answer(w);
    }
    if (!w->ep->work) {
        work_run(w);
        return answer(w);
    }
    /* every computing request starts in the quick pool */
    w->done = 0;
    if (!work_queue(w)) { /* the server stops */
        req_args_free(r);
        w->done = 1;
        req_fail_status(r, WY_ECANCELED, "");
        return answer(w);
    }
    MHD_suspend_connection(conn);
    return MHD_YES;
}

/* The end of a request (answered, or the connection closed): logged if it
 * was not (libmicrohttpd answered it, or the client left), freed. */
static void completed(void *cls, struct MHD_Connection *conn, void **con_cls, enum MHD_RequestTerminationCode toe)
{
    (void)cls;
    work *w = *con_cls;
    if (!w)
        return;
    if (!w->logged) {
        const union MHD_ConnectionInfo *ci = MHD_get_connection_info(conn, MHD_CONNECTION_INFO_HTTP_STATUS);
        const unsigned http = ci ? ci->http_status : 0;
        const char *why = http || toe == MHD_REQUEST_TERMINATED_COMPLETED_OK ? "answered by the HTTP library"
                          : toe == MHD_REQUEST_TERMINATED_TIMEOUT_REACHED ? "idle too long: closed"
                          : toe == MHD_REQUEST_TERMINATED_DAEMON_SHUTDOWN
                              ? (w->r.pool == POOL_SLOW ? "closed: the server stops; slow pool" : "closed: the server stops")
                          : toe == MHD_REQUEST_TERMINATED_CLIENT_ABORT || toe == MHD_REQUEST_TERMINATED_READ_ERROR
                              ? "the client closed the connection"
                              : "closed on an error";
        w->logged = 1;
        serve_log_request(w->method[0] ? w->method : "-", w->target, (int)http, cli_now_ms() - w->t0, why);
    }
    req_args_free(&w->r);
    free(w->r.body);
    free(w);
    *con_cls = NULL;
}

/* ------------------------------------------------------------------ */
/* The daemon                                                          */
/* ------------------------------------------------------------------ */

static void mhd_log(void *cls, const char *fmt, va_list ap)
{
    (void)cls;
    serve_log_mhd(fmt, ap);
}

struct MHD_Daemon *serve_http_start(struct sockaddr *addr, uint16_t port, int v6)
{
    /* one thread polls every connection (epoll where there is one);
     * requests that compute are suspended while a worker answers */
    unsigned flags = MHD_USE_INTERNAL_POLLING_THREAD | MHD_ALLOW_SUSPEND_RESUME | MHD_USE_ERROR_LOG |
                     (v6 ? MHD_USE_IPv6 : 0);
    if (MHD_is_feature_supported(MHD_FEATURE_EPOLL) == MHD_YES)
        flags |= MHD_USE_EPOLL;
    return MHD_start_daemon(
        flags, port, NULL, NULL, handler, NULL, MHD_OPTION_EXTERNAL_LOGGER, mhd_log, NULL,
        MHD_OPTION_SOCK_ADDR, addr,
        MHD_OPTION_CONNECTION_LIMIT, CONN_MAX, MHD_OPTION_PER_IP_CONNECTION_LIMIT, CONN_PER_IP,
        MHD_OPTION_CONNECTION_TIMEOUT, CONN_IDLE_S, MHD_OPTION_CONNECTION_MEMORY_LIMIT, (size_t)POOL_BYTES,
        MHD_OPTION_URI_LOG_CALLBACK, uri_logged, NULL, MHD_OPTION_NOTIFY_COMPLETED, completed, NULL,
        MHD_OPTION_END);
}

