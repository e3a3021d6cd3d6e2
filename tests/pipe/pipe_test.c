#include "pipe_test.h"

#include <stdlib.h>
#include <unistd.h>
#include <string.h>

#include "format/u_format.h"
#include "frontend/drisw_api.h"
#include "frontend/sw_winsys.h"
#include "pipe-loader/pipe_loader.h"
#include "util/u_inlines.h"

int pt_failures;

void
pt_init(struct pt *t)
{
   struct sw_winsys *ws = null_sw_winsys_create();
   if (!ws) {
      fprintf(stderr, "FAIL: null_sw_winsys_create\n");
      exit(1);
   }
   /* PONY_DRIVER picks the driver under test (meson runs the tests on
    * each built driver), refpipe by default */
   const char *name = getenv("PONY_DRIVER");
   if (!name || !*name)
      name = "refpipe";
   t->screen = pipe_loader_create_sw_screen(ws, name);
   if (!t->screen) {
      fprintf(stderr, "FAIL: pipe_loader_create_sw_screen(%s)\n", name);
      exit(1);
   }
   t->ctx = t->screen->context_create(t->screen, NULL, 0);
   if (!t->ctx) {
      fprintf(stderr, "FAIL: context_create\n");
      exit(1);
   }
}

void
pt_fini(struct pt *t)
{
   t->ctx->destroy(t->ctx);
   t->screen->destroy(t->screen);
   t->ctx = NULL;
   t->screen = NULL;
}

int
pt_result(const char *name)
{
   if (pt_failures) {
      fprintf(stderr, "%s: %d check(s) failed\n", name, pt_failures);
      return 1;
   }
   printf("%s: all checks passed\n", name);
   return 0;
}

struct pipe_resource *
pt_texture(struct pt *t, enum pipe_texture_target target, enum pipe_format format, unsigned w,
           unsigned h, unsigned depth, unsigned layers, unsigned last_level, unsigned bind)
{
   struct pipe_resource templ;
   memset(&templ, 0, sizeof templ);
   templ.target = target;
   templ.format = format;
   templ.width0 = w;
   templ.height0 = (uint16_t)h;
   templ.depth0 = (uint16_t)depth;
   templ.array_size = (uint16_t)layers;
   templ.last_level = (uint8_t)last_level;
   templ.bind = bind;
   struct pipe_resource *r = t->screen->resource_create(t->screen, &templ);
   if (!r) {
      fprintf(stderr, "FAIL: resource_create(%s %ux%ux%u, %u layers, %u levels)\n",
              util_format_name(format), w, h, depth, layers, last_level + 1);
      exit(1);
   }
   return r;
}

struct pipe_resource *
pt_buffer(struct pt *t, unsigned size, unsigned bind)
{
   return pt_texture(t, PIPE_BUFFER, PIPE_FORMAT_R8_UNORM, size, 1, 1, 1, 0, bind);
}

struct pipe_surface *
pt_surface(struct pt *t, struct pipe_resource *r, unsigned level, unsigned first_layer,
           unsigned last_layer)
{
   struct pipe_surface templ;
   memset(&templ, 0, sizeof templ);
   templ.format = r->format;
   templ.level = level;
   templ.first_layer = first_layer;
   templ.last_layer = last_layer;
   struct pipe_surface *s = t->ctx->create_surface(t->ctx, r, &templ);
   if (!s) {
      fprintf(stderr, "FAIL: create_surface(%s level %u)\n", util_format_name(r->format), level);
      exit(1);
   }
   return s;
}

void
pt_framebuffer(struct pt *t, struct pipe_surface **cbufs, unsigned nr, struct pipe_surface *zs,
               unsigned w, unsigned h)
{
   struct pipe_framebuffer_state fb;
   memset(&fb, 0, sizeof fb);
   fb.width = (uint16_t)w;
   fb.height = (uint16_t)h;
   fb.layers = 1;
   fb.nr_cbufs = nr;
   for (unsigned i = 0; i < nr; i++)
      fb.cbufs[i] = cbufs[i];
   fb.zsbuf = zs;
   t->ctx->set_framebuffer_state(t->ctx, &fb);
}

static unsigned
level_dim(unsigned v, unsigned level)
{
   return u_minify(v, level);
}

void
pt_fill(struct pt *t, struct pipe_resource *r, unsigned level, uint8_t value)
{
   struct pipe_transfer *tr;
   unsigned w = level_dim(r->width0, level);
   unsigned h = r->target == PIPE_TEXTURE_1D || r->target == PIPE_TEXTURE_1D_ARRAY
                   ? 1 : level_dim(r->height0, level);
   unsigned d = r->target == PIPE_TEXTURE_3D ? level_dim(r->depth0, level) : r->array_size;
   struct pipe_box box = u_box_3d(0, 0, 0, (int)w, (int)h, (int)d);
   uint8_t *p = t->ctx->texture_map(t->ctx, r, level, PIPE_MAP_WRITE, &box, &tr);
   if (!p) {
      fprintf(stderr, "FAIL: texture_map for fill\n");
      exit(1);
   }
   unsigned row = util_format_get_stride(r->format, w);
   unsigned rows = util_format_get_nblocksy(r->format, h);
   for (unsigned z = 0; z < d; z++)
      for (unsigned y = 0; y < rows; y++)
         memset(p + z * tr->layer_stride + y * tr->stride, value, row);
   t->ctx->texture_unmap(t->ctx, tr);
}

void
pt_read_texel(struct pt *t, struct pipe_resource *r, unsigned level, unsigned x, unsigned y,
              unsigned z, uint8_t *out)
{
   struct pipe_transfer *tr;
   struct pipe_box box = u_box_3d((int)x, (int)y, (int)z, 1, 1, 1);
   const uint8_t *p = t->ctx->texture_map(t->ctx, r, level, PIPE_MAP_READ, &box, &tr);
   if (!p) {
      fprintf(stderr, "FAIL: texture_map of texel (%u, %u, %u) level %u\n", x, y, z, level);
      exit(1);
   }
   memcpy(out, p, util_format_get_blocksize(r->format));
   t->ctx->texture_unmap(t->ctx, tr);
}

bool
pt_stderr_begin(struct pt_stderr *c)
{
   c->log = tmpfile();
   c->saved = dup(2);
   if (!c->log || c->saved < 0) {
      if (c->log)
         fclose(c->log);
      if (c->saved >= 0)
         close(c->saved);
      return false;
   }
   fflush(stderr);
   dup2(fileno(c->log), 2);
   return true;
}

size_t
pt_stderr_end(struct pt_stderr *c, char *text, size_t size)
{
   fflush(stderr);
   dup2(c->saved, 2);
   close(c->saved);
   long total = lseek(fileno(c->log), 0, SEEK_END);
   rewind(c->log);
   size_t n = size ? fread(text, 1, size - 1, c->log) : 0;
   if (size)
      text[n] = 0;
   fclose(c->log);
   return total > 0 ? (size_t)total : 0;
}
