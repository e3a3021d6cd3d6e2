/*
 * A virgl winsys for the driver's host-side tests (docs/virgl.md,
 * "Testing on the host"): virglrenderer (Debian's libvirglrenderer1, the
 * host side qemu runs) called in the process on Mesa's EGL surfaceless
 * platform, buffers from the winsys tests' fake device (memfds) attached
 * to host resources as their backing.  One at a time per process:
 * virglrenderer keeps its renderer in the library.
 */
#ifndef VIRGL_LOCAL_H
#define VIRGL_LOCAL_H

#include "virgl_winsys.h"

/* 0, or -ENODEV when virglrenderer cannot start here (no EGL: the tests
 * skip). */
int virgl_local_winsys_create(struct virgl_winsys **out);

#endif
