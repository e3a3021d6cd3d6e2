/*
 * The pipe-loader: the one place (besides the DRI target) that knows pipe
 * driver names.  It picks a driver and creates its screen.
 *
 * Selection: PONY_DRIVER (a driver name) wins; otherwise the best driver
 * built (jitpipe when LLVM is built, else refpipe).
 */
#ifndef PIPE_LOADER_H
#define PIPE_LOADER_H

#include <stdbool.h>

#ifdef __cplusplus
extern "C" {
#endif

struct pipe_screen;
struct sw_winsys;

/* NULL-terminated list of the software drivers built, best first. */
const char *const *pipe_loader_sw_drivers(void);

/*
 * Create a software driver's screen on winsys ws (ownership of ws passes
 * to the screen).  name NULL: PONY_DRIVER, else the best built driver.
 * Returns NULL (ws destroyed) if the name is unknown or creation fails;
 * with PONY_DEBUG=loader it says why on stderr.
 */
struct pipe_screen *pipe_loader_create_sw_screen(struct sw_winsys *ws, const char *name);

#ifdef __cplusplus
}
#endif

#endif
