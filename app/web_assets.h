/* web_assets.h - the explorer's files (web/), compiled into the tool by
 * scripts/embed-web: `wythoff serve` answers these paths and no others
 * outside /api/, so no request reaches the file system. */
#ifndef WY_WEB_ASSETS_H
#define WY_WEB_ASSETS_H

#include <stddef.h>

typedef struct {
    const char *path;          /* "/", "/app.js", ... */
    const char *type;          /* the Content-Type */
    const unsigned char *data;
    size_t len;
} web_asset;

extern const web_asset web_assets[];
extern const size_t web_nassets;

#endif
