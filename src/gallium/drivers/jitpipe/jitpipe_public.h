#ifndef JITPIPE_PUBLIC_H
#define JITPIPE_PUBLIC_H

struct pipe_screen;
struct sw_winsys;

/* Create jitpipe's screen on a software winsys.  The screen owns ws and
 * destroys it in screen->destroy.  NULL on failure (LLVM could not set up
 * a JIT for this CPU); ws then stays the caller's. */
struct pipe_screen *jitpipe_screen_create(struct sw_winsys *ws);

#endif
