/*
 * Loads pony_dri.so the way Mesa's loaders do (dlopen + the
 * __driDriverGetExtensions_<name> entry points) but with a fake loader,
 * so every answer of the DRI front end can be checked without Mesa:
 * extension lists and versions, screens, configs, context errors,
 * drawables presented through putImage / putImage2 with the right op,
 * stride and pixels, the image loader path, and DRI_IMAGE.
 *
 * Usage: dri_fake_loader_test <path to pony_dri.so>
 */
#include <dlfcn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <GL/internal/dri_interface.h>

/* libglapi: the stubs jump through the dispatch the driver installs. */
extern void *_glapi_get_proc_address(const char *name);

static int failures;

#define CHECK(cond)                                                        \
   do {                                                                    \
      if (!(cond)) {                                                       \
         fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond); \
         failures++;                                                       \
      }                                                                    \
   } while (0)

typedef void (*clear_color_fn)(float, float, float, float);
typedef void (*clear_fn)(unsigned);
typedef void (*flush_fn)(void);

/* --- the fake loader ---------------------------------------------------- */

struct fake_drawable {
   int w, h;
   int put_calls, put2_calls;
   int op, x, y, pw, ph, stride;
   uint32_t pixel;           /* the shadow's pixel (1, 1) after a put */
   int rows;                 /* rows received by the last present */
   uint32_t shadow[64 * 64]; /* what the "window" shows, 64 pixels a row */
   __DRIimage *image;        /* image loader: the back buffer */
   int get_buffers_calls;
};

static void
fake_get_drawable_info(__DRIdrawable *d, int *x, int *y, int *w, int *h, void *priv)
{
   struct fake_drawable *f = priv;
   *x = 0;
   *y = 0;
   *w = f->w;
   *h = f->h;
}

/* Copy into the shadow like a window system would; a present may come
 * as one call or one call per row (putImage with a padded stride). */
static void
fake_record(struct fake_drawable *f, int op, int x, int y, int w, int h, int stride, char *data)
{
   if (y == 0)
      f->rows = 0;
   f->op = op;
   f->x = x;
   f->y = y;
   f->pw = w;
   f->ph = h;
   f->stride = stride;
   f->rows += h;
   for (int r = 0; r < h; r++) {
      if (y + r < 0 || y + r >= 64 || x < 0 || x + w > 64)
         continue;
      memcpy(&f->shadow[(y + r) * 64 + x], data + (size_t)r * (size_t)stride, (size_t)w * 4);
   }
   f->pixel = f->shadow[64 + 1];
}

static void
fake_put_image(__DRIdrawable *d, int op, int x, int y, int w, int h, char *data, void *priv)
{
   struct fake_drawable *f = priv;
   f->put_calls++;
   fake_record(f, op, x, y, w, h, w * 4, data);
}

static void
fake_put_image2(__DRIdrawable *d, int op, int x, int y, int w, int h, int stride, char *data,
                void *priv)
{
   struct fake_drawable *f = priv;
   f->put2_calls++;
   fake_record(f, op, x, y, w, h, stride, data);
}

static void
fake_get_image(__DRIdrawable *d, int x, int y, int w, int h, char *data, void *priv)
{
   memset(data, 0, (size_t)w * 4 * (size_t)h);
}

/* version 1: what EGL's pbuffers offer (the struct ends after getImage) */
static const __DRIswrastLoaderExtension fake_swrast_loader_v1 = {
   .base = { __DRI_SWRAST_LOADER, 1 },
   .getDrawableInfo = fake_get_drawable_info,
   .putImage = fake_put_image,
   .getImage = fake_get_image,
};

static const __DRIswrastLoaderExtension fake_swrast_loader_v2 = {
   .base = { __DRI_SWRAST_LOADER, 2 },
   .getDrawableInfo = fake_get_drawable_info,
   .putImage = fake_put_image,
   .getImage = fake_get_image,
   .putImage2 = fake_put_image2,
};

static int
fake_get_buffers(__DRIdrawable *d, unsigned int format, uint32_t *stamp, void *priv,
                 uint32_t mask, struct __DRIimageList *list)
{
   struct fake_drawable *f = priv;
   f->get_buffers_calls++;
   list->image_mask = __DRI_IMAGE_BUFFER_BACK;
   list->back = f->image;
   list->front = NULL;
   return f->image != NULL;
}

static void
fake_flush_front(__DRIdrawable *d, void *priv)
{
}

static const __DRIimageLoaderExtension fake_image_loader = {
   .base = { __DRI_IMAGE_LOADER, 1 },
   .getBuffers = fake_get_buffers,
   .flushFrontBuffer = fake_flush_front,
};

/* --- helpers ------------------------------------------------------------- */

static const __DRIextension *
find_ext(const __DRIextension **list, const char *name, int min_version)
{
   for (unsigned i = 0; list && list[i]; i++) {
      if (!strcmp(list[i]->name, name) && list[i]->version >= min_version)
         return list[i];
   }
   return NULL;
}

static unsigned
attrib(const __DRIcoreExtension *core, const __DRIconfig *cfg, unsigned a)
{
   unsigned v = 0xdeadbeef;
   CHECK(core->getConfigAttrib(cfg, a, &v));
   return v;
}

/* The first config with these sizes and buffering. */
static const __DRIconfig *
pick_config(const __DRIcoreExtension *core, const __DRIconfig **configs, unsigned alpha,
            unsigned depth, unsigned dbl)
{
   for (unsigned i = 0; configs[i]; i++) {
      if (attrib(core, configs[i], __DRI_ATTRIB_RED_SIZE) == 8 &&
          attrib(core, configs[i], __DRI_ATTRIB_ALPHA_SIZE) == alpha &&
          attrib(core, configs[i], __DRI_ATTRIB_DEPTH_SIZE) == depth &&
          attrib(core, configs[i], __DRI_ATTRIB_DOUBLE_BUFFER) == dbl)
         return configs[i];
   }
   return NULL;
}

static void
free_configs(const __DRIconfig **configs)
{
   /* the loader owns them: each is malloc'd, then the array */
   for (unsigned i = 0; configs && configs[i]; i++)
      free((void *)configs[i]);
   free(configs);
}

/* --- the tests ------------------------------------------------------------ */

static void
test_swrast(const __DRIextension **drv, const __DRIswrastLoaderExtension *loader)
{
   const __DRIcoreExtension *core = (const void *)find_ext(drv, __DRI_CORE, 1);
   const __DRIswrastExtension *swrast = (const void *)find_ext(drv, __DRI_SWRAST, 4);
   const __DRIextension *loader_exts[] = { &loader->base, NULL };
   const __DRIconfig **configs = NULL;
   unsigned v1 = loader->base.version == 1;

   CHECK(core && swrast);
   if (!core || !swrast)
      return;
   __DRIscreen *screen = swrast->createNewScreen2(0, loader_exts, drv, &configs, NULL);
   CHECK(screen && configs && configs[0]);
   if (!screen || !configs)
      return;

   /* screen extensions */
   const __DRIextension **sx = core->getExtensions(screen);
   CHECK(find_ext(sx, __DRI_TEX_BUFFER, 2));
   CHECK(find_ext(sx, __DRI2_FLUSH, 4));
   /* DRI_IMAGE for EGLImages of GL objects (EGL then offers
    * KHR_gl_texture_*_image, KHR_gl_renderbuffer_image); no DRM fd here, so
    * dma-bufs are neither listed nor imported */
   const __DRIimageExtension *ix = (const void *)find_ext(sx, __DRI_IMAGE, 17);
   CHECK(ix && ix->createImageFromTexture && ix->createImageFromRenderbuffer2 &&
         ix->createImageFromDmaBufs && !ix->createImageFromDmaBufs2);
   if (ix) {
      int nfmt = -1, fd = -1, stride = 128, offset = 0;
      unsigned ierr = 0;
      CHECK(ix->queryDmaBufFormats(screen, 0, NULL, &nfmt) && nfmt == 0);
      CHECK(!ix->createImageFromDmaBufs(screen, 32, 16, 0x34325258, &fd, 1, &stride, &offset,
                                        0, 0, 0, 0, &ierr, NULL));
      CHECK(ierr == __DRI_IMAGE_ERROR_BAD_MATCH);
      CHECK(ix->getCapabilities(screen) == 0);   /* no global names: no MESA_drm_image */
   }
   const __DRI2rendererQueryExtension *rq = (const void *)find_ext(sx, __DRI2_RENDERER_QUERY, 1);
   const __DRI2configQueryExtension *cq = (const void *)find_ext(sx, __DRI2_CONFIG_QUERY, 1);
   const __DRI2flushExtension *flush = (const void *)find_ext(sx, __DRI2_FLUSH, 4);
   CHECK(rq && cq && flush);
   if (rq) {
      const char *s = NULL;
      unsigned val[3] = { 9, 9, 9 };
      CHECK(rq->queryString(screen, __DRI2_RENDERER_DEVICE_ID, &s) == 0 && s &&
            !strncmp(s, "Pony ", 5));
      CHECK(rq->queryInteger(screen, __DRI2_RENDERER_ACCELERATED, val) == 0 && val[0] == 0);
      CHECK(rq->queryInteger(screen, __DRI2_RENDERER_OPENGL_COMPATIBILITY_PROFILE_VERSION,
                             val) == 0 && val[0] >= 1);
      CHECK(rq->queryInteger(screen, 0x7777, val) == -1);
   }
   if (cq) {
      int iv = 42;
      CHECK(cq->configQueryi(screen, "vblank_mode", &iv) == -1 && iv == 42);
   }

   /* configs: ARGB and XRGB twins with and without depth */
   const __DRIconfig *dbl = pick_config(core, configs, 0, 0, 1);
   const __DRIconfig *sgl = pick_config(core, configs, 0, 0, 0);
   CHECK(dbl && sgl && pick_config(core, configs, 8, 24, 1) &&
         pick_config(core, configs, 8, 24, 0));
   if (!dbl || !sgl)
      goto out_screen;
   CHECK(attrib(core, dbl, __DRI_ATTRIB_BUFFER_SIZE) == 24);
   CHECK(attrib(core, dbl, __DRI_ATTRIB_ALPHA_SHIFT) == (unsigned)-1);

   /* context errors: *error is always written */
   unsigned err = 0xdead;
   const uint32_t bad_key[] = { 0x7777, 1 };
   CHECK(!swrast->createContextAttribs(screen, __DRI_API_OPENGL, dbl, NULL, 1, bad_key, &err,
                                       NULL));
   CHECK(err == __DRI_CTX_ERROR_UNKNOWN_ATTRIBUTE);
   err = 0xdead;
   CHECK(!swrast->createContextAttribs(screen, 99, dbl, NULL, 0, NULL, &err, NULL));
   CHECK(err == __DRI_CTX_ERROR_BAD_API);
   err = 0xdead;
   const uint32_t v10[] = { __DRI_CTX_ATTRIB_MAJOR_VERSION, 1, __DRI_CTX_ATTRIB_MINOR_VERSION, 0 };
   __DRIcontext *ctx = swrast->createContextAttribs(screen, __DRI_API_OPENGL, dbl, NULL, 2, v10,
                                                    &err, NULL);
   CHECK(ctx && err == __DRI_CTX_ERROR_SUCCESS);
   if (!ctx)
      goto out_screen;

   clear_color_fn clear_color = (clear_color_fn)_glapi_get_proc_address("glClearColor");
   clear_fn clear = (clear_fn)_glapi_get_proc_address("glClear");
   flush_fn gl_flush = (flush_fn)_glapi_get_proc_address("glFlush");
   CHECK(clear_color && clear && gl_flush);

   /* a double-buffered window: swap presents the back buffer with op SWAP */
   struct fake_drawable win = { .w = 20, .h = 10 };
   __DRIdrawable *draw = swrast->createNewDrawable(screen, dbl, &win);
   CHECK(draw);
   CHECK(core->bindContext(ctx, draw, draw));
   clear_color(1.0f, 0.5f, 0.0f, 1.0f);
   clear(0x4000 /* GL_COLOR_BUFFER_BIT */);
   core->swapBuffers(draw);
   CHECK(v1 ? win.put_calls >= 1 : win.put2_calls == 1);
   CHECK(!v1 || win.put2_calls == 0);
   CHECK(win.op == __DRI_SWRAST_IMAGE_OP_SWAP);
   CHECK(win.x == 0 && win.pw == 20 && win.rows == 10);
   CHECK(win.stride >= 80);
   /* 0x00RRGGBB in memory order B, G, R, X */
   CHECK((win.pixel & 0xffffff) == 0xff8000 || (win.pixel & 0xffffff) == 0xff7f00);

   /* resize, invalidate: the next swap has the new size */
   win.w = 30;
   win.h = 12;
   flush->invalidate(draw);
   clear(0x4000);
   core->swapBuffers(draw);
   CHECK(win.pw == 30 && win.rows == 12);

   /* a single-buffered pbuffer: glFlush presents the front with op DRAW,
    * even though the context comes from the double-buffered twin */
   struct fake_drawable pb = { .w = 8, .h = 4 };
   __DRIdrawable *pbuf = swrast->createNewDrawable(screen, sgl, &pb);
   CHECK(pbuf);
   CHECK(core->bindContext(ctx, pbuf, pbuf));
   clear_color(0.0f, 0.0f, 1.0f, 1.0f);
   clear(0x4000);
   gl_flush();
   CHECK(pb.put_calls + pb.put2_calls >= 1);
   CHECK(pb.op == __DRI_SWRAST_IMAGE_OP_DRAW);
   CHECK((pb.pixel & 0xffffff) == 0x0000ff);

   /* surfaceless, then release */
   CHECK(core->bindContext(ctx, NULL, NULL));
   CHECK(core->unbindContext(ctx));

   /* configless GL 1.0 context */
   err = 0xdead;
   __DRIcontext *ctx2 = swrast->createContextAttribs(screen, __DRI_API_OPENGL, NULL, NULL, 0, NULL,
                                                     &err, NULL);
   CHECK(ctx2 && err == 0);
   if (ctx2)
      core->destroyContext(ctx2);

   core->destroyDrawable(pbuf);
   core->destroyDrawable(draw);
   core->destroyContext(ctx);
out_screen:
   core->destroyScreen(screen);
   free_configs(configs);
}

static void
test_dri2(const __DRIextension **drv)
{
   const __DRIcoreExtension *core = (const void *)find_ext(drv, __DRI_CORE, 1);
   const __DRIdri2Extension *dri2 = (const void *)find_ext(drv, __DRI_DRI2, 4);
   const __DRIextension *loader_exts[] = { &fake_image_loader.base, NULL };
   const __DRIconfig **configs = NULL;

   CHECK(core && dri2);
   if (!core || !dri2)
      return;
   __DRIscreen *screen = dri2->createNewScreen2(0, -1, loader_exts, drv, &configs, NULL);
   CHECK(screen && configs);
   if (!screen || !configs)
      return;
   CHECK(dri2->getAPIMask(screen) & (1u << __DRI_API_OPENGL));

   const __DRIextension **sx = core->getExtensions(screen);
   const __DRIimageExtension *image = (const void *)find_ext(sx, __DRI_IMAGE, 12);
   const __DRI2flushExtension *flush = (const void *)find_ext(sx, __DRI2_FLUSH, 4);
   CHECK(image && flush && find_ext(sx, __DRI_TEX_BUFFER, 2));
   if (!image || !flush)
      goto out_screen;
   /* everything a loader may call is there */
   CHECK(image->createImageFromRenderbuffer && image->dupImage && image->validateUsage &&
         image->fromPlanar && image->createImageFromFds && image->createImageFromDmaBufs &&
         image->getCapabilities && image->mapImage && image->unmapImage && image->blitImage);

   /* images */
   __DRIimage *img = image->createImage(screen, 32, 16, __DRI_IMAGE_FORMAT_XRGB8888,
                                        __DRI_IMAGE_USE_SHARE, NULL);
   __DRIimage *img2 = image->createImage(screen, 32, 16, __DRI_IMAGE_FORMAT_ARGB8888, 0, NULL);
   CHECK(img && img2);
   CHECK(!image->createImage(screen, 32, 16, __DRI_IMAGE_FORMAT_R8, 0, NULL));
   CHECK(!image->createImage(screen, 0, 16, __DRI_IMAGE_FORMAT_XRGB8888, 0, NULL));
   if (!img || !img2)
      goto out_screen;
   int v = 0, h1 = 0, h2 = 0;
   CHECK(image->queryImage(img, __DRI_IMAGE_ATTRIB_WIDTH, &v) && v == 32);
   CHECK(image->queryImage(img, __DRI_IMAGE_ATTRIB_HEIGHT, &v) && v == 16);
   CHECK(image->queryImage(img, __DRI_IMAGE_ATTRIB_STRIDE, &v) && v >= 128);
   CHECK(image->queryImage(img, __DRI_IMAGE_ATTRIB_FORMAT, &v) && v == __DRI_IMAGE_FORMAT_XRGB8888);
   CHECK(image->queryImage(img, __DRI_IMAGE_ATTRIB_FOURCC, &v) && v == 0x34325258);   /* XR24 */
   CHECK(image->queryImage(img, __DRI_IMAGE_ATTRIB_NUM_PLANES, &v) && v == 1);
   CHECK(image->queryImage(img, __DRI_IMAGE_ATTRIB_OFFSET, &v) && v == 0);
   CHECK(image->queryImage(img, __DRI_IMAGE_ATTRIB_COMPONENTS, &v) &&
         v == __DRI_IMAGE_COMPONENTS_RGB);
   /* no DRM fd: process memory, so no GEM handle (a made-up one would
    * name another buffer on a real fd) and no dma-buf */
   h1 = h2 = 12345;
   CHECK(!image->queryImage(img, __DRI_IMAGE_ATTRIB_HANDLE, &h1) && h1 == 12345);
   CHECK(!image->queryImage(img2, __DRI_IMAGE_ATTRIB_HANDLE, &h2) && h2 == 12345);
   CHECK(!image->queryImage(img, __DRI_IMAGE_ATTRIB_FD, &v));
   CHECK(!image->fromPlanar(img, 1, NULL));
   __DRIimage *plane0 = image->fromPlanar(img, 0, NULL);
   CHECK(plane0);
   if (plane0)
      image->destroyImage(plane0);
   unsigned ierr = 0;
   int fd = -1, stride = 128, offset = 0;
   CHECK(!image->createImageFromDmaBufs(screen, 32, 16, 0x34325258, &fd, 1, &stride, &offset, 0,
                                        0, 0, 0, &ierr, NULL));
   CHECK(ierr == __DRI_IMAGE_ERROR_BAD_MATCH);
   CHECK(image->getCapabilities(screen) == 0);

   /* GBM's mapping context and gbm_bo_map */
   __DRIcontext *map_ctx = dri2->createNewContext(screen, NULL, NULL, NULL);
   CHECK(map_ctx);
   if (map_ctx) {
      int mstride = 0;
      void *data = NULL;
      uint8_t *p = image->mapImage(map_ctx, img, 0, 0, 32, 16, __DRI_IMAGE_TRANSFER_WRITE,
                                   &mstride, &data);
      CHECK(p && mstride >= 128 && data);
      if (p) {
         for (int y = 0; y < 16; y++)
            for (int x = 0; x < 32; x++) {
               uint32_t px = (uint32_t)(y << 8 | x);
               memcpy(p + y * mstride + x * 4, &px, 4);
            }
         image->unmapImage(map_ctx, img, data);
      }
      p = image->mapImage(map_ctx, img, 4, 3, 2, 2, __DRI_IMAGE_TRANSFER_READ, &mstride, &data);
      CHECK(p);
      if (p) {
         uint32_t px;
         memcpy(&px, p, 4);
         CHECK(px == (3u << 8 | 4u));
         image->unmapImage(map_ctx, img, data);
      }
      /* out of bounds */
      CHECK(!image->mapImage(map_ctx, img, 30, 0, 8, 8, __DRI_IMAGE_TRANSFER_READ, &mstride,
                             &data));
      /* blitImage: img's texels (y << 8 | x) 4..11 x 2..9 to img2 at 20,5, the
       * same size (a copy); X -> A: the alpha comes out 1 */
      image->blitImage(map_ctx, img2, img, 20, 5, 8, 8, 4, 2, 8, 8, __BLIT_FLAG_FINISH);
      p = image->mapImage(map_ctx, img2, 20, 5, 8, 8, __DRI_IMAGE_TRANSFER_READ, &mstride,
                          &data);
      CHECK(p);
      if (p) {
         unsigned bad = 0;
         for (unsigned y = 0; y < 8; y++)
            for (unsigned x = 0; x < 8; x++) {
               uint32_t px;
               memcpy(&px, p + y * mstride + x * 4, 4);
               bad += (px & 0xffffff) != ((y + 2) << 8 | (x + 4));
            }
         CHECK(bad == 0);
         image->unmapImage(map_ctx, img2, data);
      }
      /* a rectangle outside an image: nothing happens, nothing crashes */
      image->blitImage(map_ctx, img2, img, 30, 5, 8, 8, 4, 2, 8, 8, __BLIT_FLAG_FINISH);
      image->blitImage(map_ctx, img2, img, 0, 0, 8, 8, -1, 2, 8, 8, 0);
      flush->flush_with_flags(map_ctx, NULL, __DRI2_FLUSH_CONTEXT, 0);
   }

   /* EGL on GBM: the image loader's back buffer is the drawable's colour buffer */
   const __DRIconfig *dbl = NULL;
   for (unsigned i = 0; configs[i]; i++) {
      unsigned a = 0, d = 0, r = 0;
      core->getConfigAttrib(configs[i], __DRI_ATTRIB_ALPHA_SIZE, &a);
      core->getConfigAttrib(configs[i], __DRI_ATTRIB_DOUBLE_BUFFER, &d);
      core->getConfigAttrib(configs[i], __DRI_ATTRIB_RED_SIZE, &r);
      if (a == 0 && d == 1 && r == 8) {
         dbl = configs[i];
         break;
      }
   }
   CHECK(dbl);
   unsigned err = 0xdead;
   __DRIcontext *ctx = dbl ? dri2->createContextAttribs(screen, __DRI_API_OPENGL, dbl, NULL, 0,
                                                       NULL, &err, NULL) : NULL;
   CHECK(ctx && err == 0);
   if (ctx && map_ctx) {
      struct fake_drawable surf = { .image = img };
      __DRIdrawable *draw = dri2->createNewDrawable(screen, dbl, &surf);
      CHECK(draw && core->bindContext(ctx, draw, draw));
      CHECK(surf.get_buffers_calls >= 1);
      clear_color_fn clear_color = (clear_color_fn)_glapi_get_proc_address("glClearColor");
      clear_fn clear = (clear_fn)_glapi_get_proc_address("glClear");
      clear_color(0.0f, 1.0f, 0.0f, 1.0f);
      clear(0x4000);
      flush->flush_with_flags(ctx, draw, __DRI2_FLUSH_DRAWABLE | __DRI2_FLUSH_INVALIDATE_ANCILLARY,
                              __DRI2_THROTTLE_SWAPBUFFER);
      flush->invalidate(draw);
      int mstride = 0;
      void *data = NULL;
      uint8_t *p = image->mapImage(map_ctx, img, 5, 5, 1, 1, __DRI_IMAGE_TRANSFER_READ, &mstride,
                                   &data);
      CHECK(p);
      if (p) {
         uint32_t px;
         memcpy(&px, p, 4);
         CHECK((px & 0xffffff) == 0x00ff00);
         image->unmapImage(map_ctx, img, data);
      }
      /* no buffer from the loader: validation fails, nothing crashes */
      surf.image = NULL;
      clear(0x4000);
      core->unbindContext(ctx);
      core->destroyDrawable(draw);
   }
   if (ctx)
      core->destroyContext(ctx);
   if (map_ctx)
      core->destroyContext(map_ctx);
   image->destroyImage(img2);
   image->destroyImage(img);
out_screen:
   core->destroyScreen(screen);
   free_configs(configs);
}

int
main(int argc, char **argv)
{
   if (argc < 2) {
      fprintf(stderr, "usage: %s path/to/pony_dri.so\n", argv[0]);
      return 2;
   }
   void *lib = dlopen(argv[1], RTLD_NOW | RTLD_GLOBAL);
   if (!lib) {
      fprintf(stderr, "dlopen: %s\n", dlerror());
      return 1;
   }
   typedef const __DRIextension **(*get_fn)(void);
   get_fn get_swrast = (get_fn)dlsym(lib, "__driDriverGetExtensions_swrast");
   get_fn get_kms = (get_fn)dlsym(lib, "__driDriverGetExtensions_kms_swrast");
   get_fn get_pony = (get_fn)dlsym(lib, "__driDriverGetExtensions_pony");
   CHECK(get_swrast && get_kms && get_pony);
   /* nothing else is exported */
   CHECK(!dlsym(lib, "dri_screen_create") && !dlsym(lib, "st_context_create"));
   if (!get_swrast || !get_kms || !get_pony)
      return 1;

   const __DRIextension **sw = get_swrast(), **kms = get_kms(), **pony = get_pony();
   CHECK(find_ext(sw, __DRI_CORE, 2) && find_ext(sw, __DRI_SWRAST, 4) &&
         !find_ext(sw, __DRI_DRI2, 1));
   CHECK(find_ext(kms, __DRI_CORE, 2) && find_ext(kms, __DRI_DRI2, 4) &&
         !find_ext(kms, __DRI_SWRAST, 1));
   CHECK(find_ext(pony, __DRI_SWRAST, 4) && find_ext(pony, __DRI_DRI2, 4));
   /* virtio_gpu_dri.so: the DRI2 / image-driver path, as kms_swrast */
   get_fn get_virtio = (get_fn)dlsym(lib, "__driDriverGetExtensions_virtio_gpu");
   CHECK(get_virtio && get_virtio() == kms);
   CHECK(get_swrast() == sw);   /* static: fetched more than once */
   const __DRIconfigOptionsExtension *opts = (const void *)find_ext(sw, __DRI_CONFIG_OPTIONS, 2);
   CHECK(opts && opts->getXml);
   if (opts && opts->getXml) {
      char *xml = opts->getXml("swrast");
      CHECK(xml && strstr(xml, "<driinfo>"));
      free(xml);
   }

   test_swrast(sw, &fake_swrast_loader_v2);
   test_swrast(sw, &fake_swrast_loader_v1);
   test_dri2(kms);

   dlclose(lib);
   if (failures)
      fprintf(stderr, "%d failure(s)\n", failures);
   return failures ? 1 : 0;
}
