/*
 * The pipe-loader's GPU-family half (pipe_loader_drm.c): which driver a
 * DRM device gets by its kernel driver's name and PONY_DRIVER, and that
 * devices it cannot drive are left to the software drivers.  A screen on
 * a real virtio_gpu node is made in the VM tests (docs/virgl.md).
 */
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "pipe-loader/pipe_loader.h"
#include "pipe_test.h"

static bool
is(const char *got, const char *want)
{
   return got == want || (got && want && !strcmp(got, want));
}

int
main(void)
{
   /* by the kernel driver's name: virgl waits for PONY_DRIVER until it draws */
   CHECK(is(pipe_loader_drm_choice("virtio_gpu", NULL), NULL), "virtio_gpu by default");
   CHECK(is(pipe_loader_drm_choice("virtio_gpu", ""), NULL), "an empty PONY_DRIVER is unset");
   CHECK(is(pipe_loader_drm_choice("vgem", NULL), NULL), "vgem has no GPU-family driver");
   CHECK(is(pipe_loader_drm_choice(NULL, NULL), NULL), "a device without a name");
   /* PONY_DRIVER: a GPU-family name is tried on any device ... */
   CHECK(is(pipe_loader_drm_choice("virtio_gpu", "virgl"), "virgl"), "PONY_DRIVER=virgl");
   CHECK(is(pipe_loader_drm_choice("vgem", "virgl"), "virgl"), "PONY_DRIVER=virgl on vgem");
   /* ... a software one leaves the device to the software drivers */
   CHECK(is(pipe_loader_drm_choice("virtio_gpu", "jitpipe"), NULL), "PONY_DRIVER=jitpipe");
   CHECK(is(pipe_loader_drm_choice("virtio_gpu", "refpipe"), NULL), "PONY_DRIVER=refpipe");
   CHECK(is(pipe_loader_drm_choice("virtio_gpu", "nosuchpipe"), NULL), "an unknown name");

   /* fds that are no DRM device: no screen, the fd untouched */
   unsetenv("PONY_DRIVER");
   CHECK(!pipe_loader_create_drm_screen(-1), "fd -1");
   int fd = open("/dev/null", O_RDWR | O_CLOEXEC);
   CHECK(fd >= 0, "open /dev/null");
   CHECK(!pipe_loader_create_drm_screen(fd), "/dev/null by default");
   setenv("PONY_DRIVER", "virgl", 1);
   CHECK(!pipe_loader_create_drm_screen(fd), "/dev/null with PONY_DRIVER=virgl");
   CHECK(fcntl(fd, F_GETFD) >= 0, "the caller's fd stays open");
   close(fd);
   unsetenv("PONY_DRIVER");
   return pt_result("pipe-loader-drm");
}
