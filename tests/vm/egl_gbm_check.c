/*
 * egl_gbm_check [DEVICE]: EGL on GBM in the test VM (tests/vm), on DEVICE
 * (default: the vkms card); the foreign buffers come from vgem's card.
 * Run against Pony (MESA_LOADER_DRIVER_OVERRIDE=pony LIBGL_DRIVERS_PATH=...,
 * VM_EXPECT_DRIVER=/pony_dri.so) and against Debian's kms_swrast.
 *
 *  - window surface: an ES 2 context renders into a gbm_surface (a red
 *    clear, a green scissored square), eglSwapBuffers, the locked front
 *    buffer checked pixel by pixel through gbm_bo_map and through a fresh
 *    mmap of its exported dma-buf; a second frame (blue) in the next
 *    buffer; on vkms the front buffer (of the mode's size) is scanned out
 *    and vkms's writeback connector gives the same picture back;
 *  - dma-buf import: a vgem buffer holding a pattern becomes an EGLImage
 *    (EGL_EXT_image_dma_buf_import), a texture (glEGLImageTargetTexture2DOES)
 *    sampled texel for texel, and a renderbuffer
 *    (glEGLImageTargetRenderbufferStorageOES) drawn into, which vgem's
 *    mapping then shows; the image exported again
 *    (EGL_MESA_image_dma_buf_export) maps to the same pixels;
 *    eglQueryDmaBufFormatsEXT lists XRGB8888; bad imports (no fd, a stride
 *    below a row, an unknown fourcc, a buffer too small) fail with an EGL
 *    error;
 *  - with VM_CHECK_CACHE set: the reuse cache keeps a released buffer
 *    open and hands it out for the next buffer of its size;
 *  - after teardown every GEM handle the driver reported is closed, and no
 *    file descriptor is left open.
 *
 * Prints "ok"/"not ok" lines; exit status 0 when every check passed.
 */
#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GLES2/gl2.h>
#include <GLES2/gl2ext.h>
#include <gbm.h>

#include "vm_kms.h"

#define TW 32   /* the imported texture */
#define TH 32

static PFNGLEGLIMAGETARGETTEXTURE2DOESPROC image_target_texture;
static PFNGLEGLIMAGETARGETRENDERBUFFERSTORAGEOESPROC image_target_renderbuffer;
static PFNEGLCREATEIMAGEKHRPROC create_image;
static PFNEGLDESTROYIMAGEKHRPROC destroy_image;
static PFNEGLQUERYDMABUFFORMATSEXTPROC query_dmabuf_formats;
static PFNEGLEXPORTDMABUFIMAGEQUERYMESAPROC export_query;
static PFNEGLEXPORTDMABUFIMAGEMESAPROC export_image;

/* GEM handles the driver reported: closed after teardown (no leak) */
static uint32_t seen[64];
static unsigned num_seen;

static void
saw_handle(uint32_t h)
{
   for (unsigned i = 0; i < num_seen; i++)
      if (seen[i] == h)
         return;
   if (h && num_seen < 64)
      seen[num_seen++] = h;
}

static bool
has_ext(const char *list, const char *name)
{
   size_t n = strlen(name);
   for (const char *p = list; p && (p = strstr(p, name)); p += n) {
      if ((p == list || p[-1] == ' ') && (p[n] == ' ' || p[n] == '\0'))
         return true;
   }
   return false;
}

/* The expected colour (0xRRGGBB) of the window picture at (x, row from
 * the top) of a w x h frame: red, a green square at GL (8..23, 8..23). */
static uint32_t
frame_colour(unsigned x, unsigned row, unsigned h, unsigned frame)
{
   unsigned y = h - 1 - row;   /* GL's origin is the bottom left */
   if (frame == 2)
      return 0x0000ff;
   return x >= 8 && x < 24 && y >= 8 && y < 24 ? 0x00ff00 : 0xff0000;
}

/* Pixels of an XRGB8888 picture (rows stride bytes apart) that differ. */
static unsigned
frame_diff(const void *p, uint32_t stride, unsigned w, unsigned h, unsigned frame)
{
   unsigned bad = 0;
   for (unsigned r = 0; r < h; r++) {
      const uint32_t *row = (const uint32_t *)((const char *)p + (size_t)r * stride);
      for (unsigned x = 0; x < w; x++)
         bad += (row[x] & 0xffffff) != frame_colour(x, r, h, frame);
   }
   return bad;
}

static void
check_front_buffer(struct gbm_bo *bo, unsigned w, unsigned h, unsigned frame)
{
   uint32_t stride = 0;
   void *data = NULL;
   void *p = gbm_bo_map(bo, 0, 0, w, h, GBM_BO_TRANSFER_READ, &stride, &data);
   if (vm_check(p != NULL, "frame %u: gbm_bo_map of the front buffer", frame)) {
      unsigned bad = frame_diff(p, stride, w, h, frame);
      vm_check(bad == 0, "frame %u: gbm_bo_map shows the picture (%u of %u pixels differ)",
               frame, bad, w * h);
      gbm_bo_unmap(bo, data);
   }
   int fd = gbm_bo_get_fd(bo);
   if (vm_check(fd >= 0, "frame %u: gbm_bo_get_fd of the front buffer", frame)) {
      uint32_t bstride = gbm_bo_get_stride(bo);
      size_t size = (size_t)bstride * h;
      void *q = mmap(NULL, size, PROT_READ, MAP_SHARED, fd, 0);
      if (vm_check(q != MAP_FAILED, "frame %u: a fresh mmap of the dma-buf", frame)) {
         vm_dmabuf_sync(fd, DMA_BUF_SYNC_START | DMA_BUF_SYNC_READ);
         unsigned bad = frame_diff(q, bstride, w, h, frame);
         vm_dmabuf_sync(fd, DMA_BUF_SYNC_END | DMA_BUF_SYNC_READ);
         vm_check(bad == 0, "frame %u: the dma-buf shows the picture (%u differ)", frame, bad);
         munmap(q, size);
      }
      close(fd);
   }
}

/* A window surface on gbm: two frames, checked; on vkms the first is
 * scanned out and checked through the writeback connector. */
static void
check_window(EGLDisplay dpy, EGLConfig cfg, EGLContext ctx, struct gbm_device *gbm, int devfd,
             bool kms)
{
   struct vm_kms k;
   bool scanout = kms && vm_kms_find(devfd, &k);
   unsigned w = scanout ? k.mode.hdisplay : 64, h = scanout ? k.mode.vdisplay : 64;
   struct gbm_surface *gs = gbm_surface_create(gbm, w, h, GBM_FORMAT_XRGB8888,
                                               GBM_BO_USE_SCANOUT | GBM_BO_USE_RENDERING);
   if (!vm_check(gs != NULL, "gbm_surface_create %ux%u XRGB8888", w, h))
      return;
   EGLSurface surf = eglCreatePlatformWindowSurface(dpy, cfg, gs, NULL);
   if (!vm_check(surf != EGL_NO_SURFACE, "eglCreatePlatformWindowSurface (0x%x)",
                 surf ? EGL_SUCCESS : eglGetError()))
      goto out_gs;
   if (!vm_check(eglMakeCurrent(dpy, surf, surf, ctx), "eglMakeCurrent on the window"))
      goto out_surf;
   vm_check(has_ext((const char *)glGetString(GL_EXTENSIONS), "GL_OES_EGL_image"),
            "GL_OES_EGL_image is offered");

   struct gbm_bo *prev = NULL;
   for (unsigned frame = 1; frame <= 2; frame++) {
      glViewport(0, 0, (GLsizei)w, (GLsizei)h);
      glDisable(GL_SCISSOR_TEST);
      glClearColor(frame == 2 ? 0.0f : 1.0f, 0.0f, frame == 2 ? 1.0f : 0.0f, 1.0f);
      glClear(GL_COLOR_BUFFER_BIT);
      if (frame == 1) {
         glEnable(GL_SCISSOR_TEST);
         glScissor(8, 8, 16, 16);
         glClearColor(0.0f, 1.0f, 0.0f, 1.0f);
         glClear(GL_COLOR_BUFFER_BIT);
         glDisable(GL_SCISSOR_TEST);
      }
      vm_check(glGetError() == GL_NO_ERROR && eglSwapBuffers(dpy, surf),
               "frame %u: drawn and swapped", frame);
      struct gbm_bo *bo = gbm_surface_lock_front_buffer(gs);
      if (!vm_check(bo != NULL, "frame %u: gbm_surface_lock_front_buffer", frame))
         break;
      vm_check(bo != prev, "frame %u: a buffer of its own", frame);
      saw_handle(gbm_bo_get_handle(bo).u32);
      check_front_buffer(bo, w, h, frame);
      if (scanout && frame == 1) {
         uint32_t *pixels = malloc((size_t)w * h * 4);
         if (pixels && vm_writeback(devfd, &k, gbm_bo_get_handle(bo).u32, gbm_bo_get_stride(bo),
                                    pixels)) {
            unsigned bad = frame_diff(pixels, w * 4, w, h, 1);
            vm_check(bad == 0, "scan-out: vkms's writeback shows Pony's picture (%u of %u "
                     "pixels differ)", bad, w * h);
         }
         free(pixels);
      }
      if (prev)
         gbm_surface_release_buffer(gs, prev);
      prev = bo;
   }
   if (prev)
      gbm_surface_release_buffer(gs, prev);
   eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
out_surf:
   eglDestroySurface(dpy, surf);
out_gs:
   gbm_surface_destroy(gs);
}

static GLuint
shader(GLenum type, const char *src)
{
   GLuint s = glCreateShader(type);
   glShaderSource(s, 1, &src, NULL);
   glCompileShader(s);
   GLint ok = 0;
   glGetShaderiv(s, GL_COMPILE_STATUS, &ok);
   return ok ? s : 0;
}

/* A texel of the vgem pattern as the GL reads it back: R, G, B, 255. */
static void
pattern_rgba(unsigned x, unsigned y, uint8_t out[4])
{
   uint32_t p = vm_pattern(x, y, 7);
   out[0] = (uint8_t)(p >> 16);
   out[1] = (uint8_t)(p >> 8);
   out[2] = (uint8_t)p;
   out[3] = 255;
}

static EGLImageKHR
import_dmabuf(EGLDisplay dpy, int fd, int fourcc, int w, int h, int pitch)
{
   EGLint attrs[] = {
      EGL_WIDTH, w, EGL_HEIGHT, h, EGL_LINUX_DRM_FOURCC_EXT, fourcc,
      EGL_DMA_BUF_PLANE0_FD_EXT, fd, EGL_DMA_BUF_PLANE0_OFFSET_EXT, 0,
      EGL_DMA_BUF_PLANE0_PITCH_EXT, pitch, EGL_NONE,
   };
   return create_image(dpy, EGL_NO_CONTEXT, EGL_LINUX_DMA_BUF_EXT, NULL, attrs);
}

/* A vgem buffer as an EGLImage: sampled, drawn into, exported again. */
static void
check_import(EGLDisplay dpy, EGLContext ctx, int vgem)
{
   struct vm_dumb b = { 0 };
   if (!vm_check(vm_dumb_create(vgem, TW, TH, &b), "vgem: a %dx%d buffer", TW, TH))
      return;
   int fd = -1;
   drmPrimeHandleToFD(vgem, b.handle, DRM_CLOEXEC | DRM_RDWR, &fd);
   uint8_t *map = fd >= 0 ? mmap(NULL, b.size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0)
                          : MAP_FAILED;
   GLuint prog = 0, tex = 0, fbo = 0, rb = 0, target = 0;
   EGLImageKHR img = EGL_NO_IMAGE_KHR;
   if (!vm_check(map != MAP_FAILED, "vgem: the dma-buf mapped"))
      goto out;
   vm_dmabuf_sync(fd, DMA_BUF_SYNC_START | DMA_BUF_SYNC_WRITE);
   for (unsigned y = 0; y < TH; y++)
      for (unsigned x = 0; x < TW; x++)
         ((uint32_t *)(map + (size_t)y * b.pitch))[x] = vm_pattern(x, y, 7);
   vm_dmabuf_sync(fd, DMA_BUF_SYNC_END | DMA_BUF_SYNC_WRITE);

   EGLint formats[64], n = 0;
   bool xr24 = false;
   bool listed = query_dmabuf_formats(dpy, 64, formats, &n);
   vm_check(listed && n > 0, "eglQueryDmaBufFormatsEXT lists %d formats", n);
   for (EGLint i = 0; i < n; i++)
      xr24 |= formats[i] == DRM_FORMAT_XRGB8888;
   vm_check(xr24, "XRGB8888 is importable");

   /* bad imports: refused with an EGL error */
   EGLImageKHR bad = import_dmabuf(dpy, -1, DRM_FORMAT_XRGB8888, TW, TH, (int)b.pitch);
   EGLint err = eglGetError();
   vm_check(bad == EGL_NO_IMAGE_KHR && err != EGL_SUCCESS, "import of fd -1 fails (0x%x)", err);
   bad = import_dmabuf(dpy, fd, DRM_FORMAT_XRGB8888, TW, TH, 16);
   err = eglGetError();
   vm_check(bad == EGL_NO_IMAGE_KHR && err != EGL_SUCCESS, "a stride below a row fails (0x%x)",
            err);
   bad = import_dmabuf(dpy, fd, DRM_FORMAT_NV12, TW, TH, (int)b.pitch);
   err = eglGetError();
   vm_check(bad == EGL_NO_IMAGE_KHR && err != EGL_SUCCESS, "NV12 fails (0x%x)", err);
   bad = import_dmabuf(dpy, fd, DRM_FORMAT_XRGB8888, TW, 4 * TH, (int)b.pitch);
   err = eglGetError();
   vm_check(bad == EGL_NO_IMAGE_KHR && err != EGL_SUCCESS,
            "an image larger than the buffer fails (0x%x)", err);

   img = import_dmabuf(dpy, fd, DRM_FORMAT_XRGB8888, TW, TH, (int)b.pitch);
   if (!vm_check(img != EGL_NO_IMAGE_KHR, "eglCreateImageKHR of the vgem dma-buf (0x%x)",
                 img ? EGL_SUCCESS : eglGetError()))
      goto out;
   if (!vm_check(eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, ctx),
                 "eglMakeCurrent without a surface"))
      goto out;

   /* sampled: drawn into a TW x TH texture through a framebuffer object */
   GLuint vs = shader(GL_VERTEX_SHADER, "attribute vec2 pos;\n"
                                        "void main() { gl_Position = vec4(pos, 0.0, 1.0); }\n");
   GLuint fs = shader(GL_FRAGMENT_SHADER, "precision highp float;\nuniform sampler2D t;\n"
                                          "void main() { gl_FragColor = texture2D(t, "
                                          "gl_FragCoord.xy / vec2(32.0)); }\n");
   prog = glCreateProgram();
   glAttachShader(prog, vs);
   glAttachShader(prog, fs);
   glBindAttribLocation(prog, 0, "pos");
   glLinkProgram(prog);
   GLint linked = 0;
   glGetProgramiv(prog, GL_LINK_STATUS, &linked);
   glDeleteShader(vs);
   glDeleteShader(fs);
   vm_check(vs && fs && linked, "the sampling program links");

   glGenTextures(1, &tex);
   glBindTexture(GL_TEXTURE_2D, tex);
   image_target_texture(GL_TEXTURE_2D, img);
   vm_check(glGetError() == GL_NO_ERROR, "glEGLImageTargetTexture2DOES");
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);

   glGenTextures(1, &target);
   glBindTexture(GL_TEXTURE_2D, target);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, TW, TH, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   glGenFramebuffers(1, &fbo);
   glBindFramebuffer(GL_FRAMEBUFFER, fbo);
   glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, target, 0);
   vm_check(glCheckFramebufferStatus(GL_FRAMEBUFFER) == GL_FRAMEBUFFER_COMPLETE,
            "the sampling target is complete");
   glViewport(0, 0, TW, TH);
   glUseProgram(prog);
   glActiveTexture(GL_TEXTURE0);
   glBindTexture(GL_TEXTURE_2D, tex);
   glUniform1i(glGetUniformLocation(prog, "t"), 0);
   static const GLfloat quad[] = { -1, -1, 1, -1, -1, 1, 1, 1 };
   glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, quad);
   glEnableVertexAttribArray(0);
   glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
   uint8_t px[TH][TW][4];
   glReadPixels(0, 0, TW, TH, GL_RGBA, GL_UNSIGNED_BYTE, px);
   unsigned diff = 0;
   for (unsigned y = 0; y < TH; y++)
      for (unsigned x = 0; x < TW; x++) {
         uint8_t e[4];
         pattern_rgba(x, y, e);   /* texture row y = the buffer's row y */
         diff += memcmp(px[y][x], e, 4) != 0;
      }
   vm_check(glGetError() == GL_NO_ERROR && diff == 0,
            "the imported texture samples vgem's pixels (%u of %u differ)", diff, TW * TH);

   /* drawn into: a renderbuffer of the same image, a blue left half */
   glGenRenderbuffers(1, &rb);
   glBindRenderbuffer(GL_RENDERBUFFER, rb);
   image_target_renderbuffer(GL_RENDERBUFFER, img);
   vm_check(glGetError() == GL_NO_ERROR, "glEGLImageTargetRenderbufferStorageOES");
   glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb);
   vm_check(glCheckFramebufferStatus(GL_FRAMEBUFFER) == GL_FRAMEBUFFER_COMPLETE,
            "the image as a renderbuffer is complete");
   glEnable(GL_SCISSOR_TEST);
   glScissor(0, 0, TW / 2, TH);
   glClearColor(0.0f, 0.0f, 1.0f, 1.0f);
   glClear(GL_COLOR_BUFFER_BIT);
   glDisable(GL_SCISSOR_TEST);
   glFinish();
   vm_dmabuf_sync(fd, DMA_BUF_SYNC_START | DMA_BUF_SYNC_READ);
   diff = 0;
   for (unsigned y = 0; y < TH; y++)
      for (unsigned x = 0; x < TW; x++) {
         uint32_t v = ((uint32_t *)(map + (size_t)y * b.pitch))[x] & 0xffffff;
         uint32_t e = x < TW / 2 ? 0x0000ff : vm_pattern(x, y, 7) & 0xffffff;
         diff += v != e;
      }
   vm_dmabuf_sync(fd, DMA_BUF_SYNC_END | DMA_BUF_SYNC_READ);
   vm_check(diff == 0, "vgem's mapping shows what was drawn into the image (%u differ)", diff);

   /* exported again: the same kernel buffer */
   int efd = -1, fourcc = 0, planes = 0;
   EGLint estride = 0, eoffset = 0;
   bool queried = export_query(dpy, img, &fourcc, &planes, NULL);
   bool exported = queried && export_image(dpy, img, &efd, &estride, &eoffset);
   if (vm_check(queried && planes == 1 && fourcc == DRM_FORMAT_XRGB8888,
                "eglExportDMABUFImageQueryMESA (%d planes, fourcc 0x%x)", planes, fourcc) &&
       vm_check(exported && efd >= 0 && estride == (EGLint)b.pitch && eoffset == 0,
                "eglExportDMABUFImageMESA (fd %d, stride %d, offset %d)", efd, estride,
                eoffset)) {
      void *q = mmap(NULL, b.size, PROT_READ, MAP_SHARED, efd, 0);
      if (vm_check(q != MAP_FAILED, "the exported dma-buf maps")) {
         vm_check(memcmp(q, map, b.size) == 0, "it holds the same pixels");
         munmap(q, b.size);
      }
      close(efd);
   }

   glBindFramebuffer(GL_FRAMEBUFFER, 0);
   glDeleteFramebuffers(1, &fbo);
   glDeleteRenderbuffers(1, &rb);
   glDeleteTextures(1, &tex);
   glDeleteTextures(1, &target);
   glDeleteProgram(prog);
   eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
out:
   if (img != EGL_NO_IMAGE_KHR)
      vm_check(destroy_image(dpy, img), "eglDestroyImageKHR");
   if (map != MAP_FAILED)
      munmap(map, b.size);
   if (fd >= 0)
      close(fd);
   vm_dumb_destroy(vgem, b.handle);
}

/* The reuse cache: a released buffer stays open in the cache (its GEM
 * handle still exports) and the next buffer of its size is that one. */
static void
check_cache(struct gbm_device *gbm, int devfd)
{
   uint32_t use = GBM_BO_USE_RENDERING | GBM_BO_USE_SCANOUT | GBM_BO_USE_LINEAR;
   struct gbm_bo *a = gbm_bo_create(gbm, 100, 60, GBM_FORMAT_XRGB8888, use);
   if (!vm_check(a != NULL, "cache: a 100x60 buffer"))
      return;
   uint32_t ha = gbm_bo_get_handle(a).u32;
   saw_handle(ha);
   gbm_bo_destroy(a);
   int fd = -1;
   vm_check(drmPrimeHandleToFD(devfd, ha, DRM_CLOEXEC, &fd) == 0,
            "cache: the released buffer's handle %u is still open", ha);
   if (fd >= 0)
      close(fd);
   struct gbm_bo *b = gbm_bo_create(gbm, 100, 60, GBM_FORMAT_ARGB8888, use);
   if (vm_check(b != NULL, "cache: another buffer of that size")) {
      vm_check(gbm_bo_get_handle(b).u32 == ha, "cache: it is the cached one (handle %u, was %u)",
               gbm_bo_get_handle(b).u32, ha);
      gbm_bo_destroy(b);
   }
}

int
main(int argc, char **argv)
{
   int fds_before = vm_count_fds();
   char path[64] = "";
   bool kms = argc < 2;
   if (argc >= 2)
      snprintf(path, sizeof path, "%s", argv[1]);
   else
      vm_check(vm_find_node("vkms", DRM_NODE_PRIMARY, path, sizeof path), "vkms card found");
   int devfd = open(path, O_RDWR | O_CLOEXEC);
   if (!vm_check(devfd >= 0, "open %s", path))
      return vm_finish("egl_gbm_check");
   char vpath[64];
   int vgem = vm_find_node("vgem", DRM_NODE_PRIMARY, vpath, sizeof vpath)
                 ? open(vpath, O_RDWR | O_CLOEXEC) : -1;
   vm_check(vgem >= 0, "vgem card opened (%s)", vpath);

   struct gbm_device *gbm = gbm_create_device(devfd);
   if (!vm_check(gbm != NULL, "gbm_create_device"))
      goto out_fd;
   EGLDisplay dpy = eglGetPlatformDisplay(EGL_PLATFORM_GBM_KHR, gbm, NULL);
   EGLint major = 0, minor = 0;
   if (!vm_check(dpy != EGL_NO_DISPLAY && eglInitialize(dpy, &major, &minor),
                 "eglInitialize on GBM (0x%x)", eglGetError()))
      goto out_gbm;
   vm_check(true, "EGL %d.%d, %s", major, minor, eglQueryString(dpy, EGL_VENDOR));
   const char *expect = getenv("VM_EXPECT_DRIVER");
   if (expect)
      vm_check(vm_has_mapped(expect), "the driver in use is %s", expect);
   const char *exts = eglQueryString(dpy, EGL_EXTENSIONS);
   vm_check(has_ext(exts, "EGL_EXT_image_dma_buf_import"), "EGL_EXT_image_dma_buf_import");
   vm_check(has_ext(exts, "EGL_MESA_image_dma_buf_export"), "EGL_MESA_image_dma_buf_export");

   image_target_texture = (void *)eglGetProcAddress("glEGLImageTargetTexture2DOES");
   image_target_renderbuffer = (void *)eglGetProcAddress("glEGLImageTargetRenderbufferStorageOES");
   create_image = (void *)eglGetProcAddress("eglCreateImageKHR");
   destroy_image = (void *)eglGetProcAddress("eglDestroyImageKHR");
   query_dmabuf_formats = (void *)eglGetProcAddress("eglQueryDmaBufFormatsEXT");
   export_query = (void *)eglGetProcAddress("eglExportDMABUFImageQueryMESA");
   export_image = (void *)eglGetProcAddress("eglExportDMABUFImageMESA");

   eglBindAPI(EGL_OPENGL_ES_API);
   static const EGLint cattrs[] = {
      EGL_SURFACE_TYPE, EGL_WINDOW_BIT, EGL_RED_SIZE, 8, EGL_GREEN_SIZE, 8, EGL_BLUE_SIZE, 8,
      EGL_RENDERABLE_TYPE, EGL_OPENGL_ES2_BIT, EGL_NONE,
   };
   EGLConfig cfgs[64], cfg = NULL;
   EGLint ncfg = 0;
   eglChooseConfig(dpy, cattrs, cfgs, 64, &ncfg);
   for (EGLint i = 0; i < ncfg && !cfg; i++) {
      EGLint id = 0;
      if (eglGetConfigAttrib(dpy, cfgs[i], EGL_NATIVE_VISUAL_ID, &id) &&
          id == GBM_FORMAT_XRGB8888)
         cfg = cfgs[i];
   }
   static const EGLint ctx_attrs[] = { EGL_CONTEXT_CLIENT_VERSION, 2, EGL_NONE };
   EGLContext ctx = cfg ? eglCreateContext(dpy, cfg, EGL_NO_CONTEXT, ctx_attrs)
                        : EGL_NO_CONTEXT;
   if (vm_check(cfg && ctx != EGL_NO_CONTEXT, "an XRGB8888 window config and an ES 2 context")) {
      check_window(dpy, cfg, ctx, gbm, devfd, kms);
      /* on a render node buffers are made on the primary node and imported:
       * imports are not cached */
      if (getenv("VM_CHECK_CACHE"))
         check_cache(gbm, devfd);
      if (vgem >= 0 && image_target_texture && image_target_renderbuffer && create_image &&
          destroy_image && query_dmabuf_formats && export_query && export_image)
         check_import(dpy, ctx, vgem);
      else
         vm_check(false, "the EGLImage entry points");
      eglDestroyContext(dpy, ctx);
   }
   eglTerminate(dpy);
   eglReleaseThread();
out_gbm:
   gbm_device_destroy(gbm);
   /* every GEM handle seen is closed now */
   unsigned open_handles = 0;
   for (unsigned i = 0; i < num_seen; i++) {
      int hfd = -1;
      if (drmPrimeHandleToFD(devfd, seen[i], DRM_CLOEXEC, &hfd) == 0) {
         open_handles++;
         close(hfd);
      }
   }
   vm_check(num_seen > 0 && open_handles == 0,
            "teardown: none of the %u GEM handles seen is still open (%u are)", num_seen,
            open_handles);
out_fd:
   close(devfd);
   if (vgem >= 0)
      close(vgem);
   int fds_after = vm_count_fds();
   vm_check(fds_before == fds_after, "no file descriptor left open (%d before, %d after)",
            fds_before, fds_after);
   return vm_finish("egl_gbm_check");
}
