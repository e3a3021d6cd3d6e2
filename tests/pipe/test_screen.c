/*
 * The pipe-loader and refpipe's screen: driver choice (PONY_DRIVER, names,
 * unknown names), identity, caps, format support, resource template
 * checks, fences and queries.
 */
#include <stdlib.h>
#include <string.h>

#include "frontend/drisw_api.h"
#include "frontend/sw_winsys.h"
#include "pipe-loader/pipe_loader.h"
#include "pipe_test.h"
#include "util/u_inlines.h"

/* the best built driver, first in the list and the default */
#ifdef PONY_HAVE_JITPIPE
#define DEFAULT_DRIVER "jitpipe"
#else
#define DEFAULT_DRIVER "refpipe"
#endif

static void
test_loader(void)
{
   const char *const *names = pipe_loader_sw_drivers();
   CHECK(names && names[0] && !strcmp(names[0], DEFAULT_DRIVER),
         "driver list does not start with " DEFAULT_DRIVER);

   /* unknown name: NULL, and the winsys is destroyed (valgrind sees a leak otherwise) */
   CHECK(!pipe_loader_create_sw_screen(null_sw_winsys_create(), "nosuchpipe"),
         "unknown driver name accepted");
   setenv("PONY_DRIVER", "nosuchpipe", 1);
   CHECK(!pipe_loader_create_sw_screen(null_sw_winsys_create(), NULL),
         "unknown PONY_DRIVER accepted");
   setenv("PONY_DRIVER", "refpipe", 1);
   struct pipe_screen *s = pipe_loader_create_sw_screen(null_sw_winsys_create(), NULL);
   CHECK(s && !strcmp(s->get_name(s), "refpipe"), "PONY_DRIVER=refpipe");
   if (s)
      s->destroy(s);
#ifdef PONY_HAVE_JITPIPE
   /* jitpipe names its LLVM and its SIMD width in the renderer string */
   setenv("PONY_DRIVER", "jitpipe", 1);
   s = pipe_loader_create_sw_screen(null_sw_winsys_create(), NULL);
   CHECK(s && !strncmp(s->get_name(s), "jitpipe (LLVM ", 14) && strstr(s->get_name(s), " bits)"),
         "PONY_DRIVER=jitpipe: %s", s ? s->get_name(s) : "none");
   if (s)
      s->destroy(s);
#endif
   unsetenv("PONY_DRIVER");
   s = pipe_loader_create_sw_screen(null_sw_winsys_create(), NULL);
   /* the best built: jitpipe when LLVM is built in */
   CHECK(s && !strncmp(s->get_name(s), DEFAULT_DRIVER, strlen(DEFAULT_DRIVER)),
         "default driver: %s", s ? s->get_name(s) : "none");
   if (s)
      s->destroy(s);
   CHECK(!pipe_loader_create_sw_screen(NULL, NULL), "NULL winsys accepted");

   /* PONY_DEBUG=loader explains a refusal on stderr */
   struct pt_stderr cap;
   if (pt_stderr_begin(&cap)) {
      setenv("PONY_DEBUG", "loader", 1);
      struct pipe_screen *none = pipe_loader_create_sw_screen(null_sw_winsys_create(), "nosuchpipe");
      s = pipe_loader_create_sw_screen(null_sw_winsys_create(), NULL);
      unsetenv("PONY_DEBUG");
      char text[2048];
      pt_stderr_end(&cap, text, sizeof text);
      CHECK(!none, "unknown driver accepted with PONY_DEBUG=loader");
      CHECK(strstr(text, "unknown pipe driver 'nosuchpipe'") != NULL,
            "no refusal message under PONY_DEBUG=loader; got: %s", text);
      CHECK(strstr(text, "'" DEFAULT_DRIVER "' chosen") != NULL, "no choice message; got: %s",
            text);
      if (s)
         s->destroy(s);
   }

   /* without it: silent */
   if (pt_stderr_begin(&cap)) {
      CHECK(!pipe_loader_create_sw_screen(null_sw_winsys_create(), "nosuchpipe"), "unknown");
      char text[2];
      CHECK(pt_stderr_end(&cap, text, sizeof text) == 0,
            "the loader printed without PONY_DEBUG=loader");
   }
}

static void
test_identity_and_caps(struct pt *t)
{
   struct pipe_screen *s = t->screen;
   CHECK(!strcmp(s->get_name(s), "refpipe"), "name %s", s->get_name(s));
   CHECK(!strcmp(s->get_vendor(s), "Pony"), "vendor %s", s->get_vendor(s));
   CHECK(s->winsys && !strcmp(s->winsys->name, "null"), "winsys");
   /* drawing and blits arrived with the rendering core: caps and entry points agree */
   CHECK(s->caps.draw == (t->ctx->draw_vbo != NULL), "caps.draw %d but draw_vbo %s",
         s->caps.draw, t->ctx->draw_vbo ? "set" : "NULL");
   CHECK(s->caps.blit == (t->ctx->blit != NULL), "caps.blit %d but blit %s", s->caps.blit,
         t->ctx->blit ? "set" : "NULL");
   /* shaders run on irexec once drawing exists: whatever the front end
    * lowers (3.30's level; stages and features have caps of their own) */
   CHECK(s->caps.glsl_feature_level == (s->caps.draw ? 330u : 0u), "glsl level %u",
         s->caps.glsl_feature_level);
   CHECK(s->caps.max_texture_2d_size == 8192, "max 2D %u", s->caps.max_texture_2d_size);
   CHECK(s->caps.max_render_targets == 8, "max RTs %u", s->caps.max_render_targets);
   CHECK(s->caps.max_viewport_size == 16384, "max viewport %u", s->caps.max_viewport_size);
   CHECK(!s->caps.occlusion_query || s->caps.draw, "occlusion queries without drawing");
}

static void
test_format_support(struct pt *t)
{
   struct pipe_screen *s = t->screen;
   static const enum pipe_format rts[] = {
      PIPE_FORMAT_R8G8B8A8_UNORM, PIPE_FORMAT_B8G8R8A8_UNORM, PIPE_FORMAT_B8G8R8X8_UNORM,
      PIPE_FORMAT_R8G8B8X8_UNORM, PIPE_FORMAT_B5G6R5_UNORM, PIPE_FORMAT_R16G16B16A16_FLOAT,
      PIPE_FORMAT_R32G32B32A32_FLOAT, PIPE_FORMAT_R8G8B8A8_UINT, PIPE_FORMAT_R8G8B8A8_SRGB,
   };
   static const enum pipe_format zs[] = {
      PIPE_FORMAT_Z16_UNORM, PIPE_FORMAT_Z24_UNORM_S8_UINT, PIPE_FORMAT_Z24X8_UNORM,
      PIPE_FORMAT_S8_UINT_Z24_UNORM, PIPE_FORMAT_Z32_FLOAT, PIPE_FORMAT_Z32_FLOAT_S8X24_UINT,
      PIPE_FORMAT_S8_UINT,
   };
   for (unsigned i = 0; i < sizeof rts / sizeof rts[0]; i++) {
      CHECK(s->is_format_supported(s, rts[i], PIPE_TEXTURE_2D, 0, PIPE_BIND_RENDER_TARGET),
            "render target format %d unsupported", rts[i]);
      CHECK(!s->is_format_supported(s, rts[i], PIPE_TEXTURE_2D, 0, PIPE_BIND_DEPTH_STENCIL),
            "colour format %d as depth", rts[i]);
   }
   for (unsigned i = 0; i < sizeof zs / sizeof zs[0]; i++) {
      CHECK(s->is_format_supported(s, zs[i], PIPE_TEXTURE_2D, 0, PIPE_BIND_DEPTH_STENCIL),
            "depth format %d unsupported", zs[i]);
      CHECK(!s->is_format_supported(s, zs[i], PIPE_TEXTURE_2D, 0, PIPE_BIND_RENDER_TARGET),
            "depth format %d as colour", zs[i]);
   }
   for (unsigned f = 1; f < PIPE_FORMAT_COUNT; f++)
      CHECK(s->is_format_supported(s, (enum pipe_format)f, PIPE_TEXTURE_2D, 0,
                                   PIPE_BIND_SAMPLER_VIEW), "format %u not sampleable", f);
   CHECK(!s->is_format_supported(s, PIPE_FORMAT_DXT1_RGB, PIPE_TEXTURE_2D, 0,
                                 PIPE_BIND_RENDER_TARGET), "DXT1 render target");
   CHECK(!s->is_format_supported(s, PIPE_FORMAT_R8G8B8A8_UINT, PIPE_TEXTURE_2D, 0,
                                 PIPE_BIND_BLENDABLE), "integer blendable");
   /* multisampling: 2, 4, 8 samples of 2D render targets, which shaders may
    * read (sampler views: txf_ms), never as sampler views alone */
   CHECK(s->is_format_supported(s, PIPE_FORMAT_R8G8B8A8_UNORM, PIPE_TEXTURE_2D, 4,
                                PIPE_BIND_RENDER_TARGET) == (s->caps.max_samples >= 4),
         "4x render target support differs from max_samples");
   CHECK(!s->is_format_supported(s, PIPE_FORMAT_R8G8B8A8_UNORM, PIPE_TEXTURE_2D, 3,
                                 PIPE_BIND_RENDER_TARGET), "3 samples claimed");
   CHECK(s->is_format_supported(s, PIPE_FORMAT_R8G8B8A8_UNORM, PIPE_TEXTURE_2D, 4,
                                PIPE_BIND_RENDER_TARGET | PIPE_BIND_SAMPLER_VIEW) ==
            (s->caps.max_samples >= 4),
         "sampled multisample render target support differs from max_samples");
   CHECK(!s->is_format_supported(s, PIPE_FORMAT_R8G8B8A8_UNORM, PIPE_TEXTURE_2D, 4,
                                 PIPE_BIND_SAMPLER_VIEW),
         "multisample sampler view without a render target claimed");
   CHECK(!s->is_format_supported(s, PIPE_FORMAT_R8G8B8A8_UNORM, PIPE_TEXTURE_3D, 4,
                                 PIPE_BIND_RENDER_TARGET), "multisample 3D claimed");
   CHECK(!s->is_format_supported(s, PIPE_FORMAT_NONE, PIPE_TEXTURE_2D, 0, 0), "NONE supported");
   CHECK(!s->is_format_supported(s, (enum pipe_format)999, PIPE_TEXTURE_2D, 0, 0), "bad enum");
   CHECK(s->is_format_supported(s, PIPE_FORMAT_R16_UINT, PIPE_BUFFER, 0, PIPE_BIND_INDEX_BUFFER),
         "R16_UINT index buffer");
   /* GL's vertex types: every one a vertex buffer format; the vertex-only
    * ones (fixed, double, 32-bit normalized) are no render targets */
   static const enum pipe_format vtx[] = {
      PIPE_FORMAT_R8G8B8_SNORM, PIPE_FORMAT_R8G8_UINT, PIPE_FORMAT_R8G8B8_SINT,
      PIPE_FORMAT_R16G16B16_UNORM, PIPE_FORMAT_R16G16B16_SNORM, PIPE_FORMAT_R16G16_SINT,
      PIPE_FORMAT_R16G16B16_UINT, PIPE_FORMAT_R32_UNORM, PIPE_FORMAT_R32G32B32A32_SNORM,
      PIPE_FORMAT_R32G32_FIXED, PIPE_FORMAT_R64_FLOAT, PIPE_FORMAT_R64G64B64A64_FLOAT,
      PIPE_FORMAT_R10G10B10A2_SNORM, PIPE_FORMAT_R10G10B10A2_SINT, PIPE_FORMAT_B10G10R10A2_SNORM,
   };
   for (unsigned i = 0; i < sizeof vtx / sizeof vtx[0]; i++)
      CHECK(s->is_format_supported(s, vtx[i], PIPE_BUFFER, 0, PIPE_BIND_VERTEX_BUFFER),
            "vertex format %d unsupported", vtx[i]);
   CHECK(!s->is_format_supported(s, PIPE_FORMAT_R64G64B64A64_FLOAT, PIPE_TEXTURE_2D, 0,
                                 PIPE_BIND_RENDER_TARGET), "R64x4 render target");
   CHECK(!s->is_format_supported(s, PIPE_FORMAT_R32_FIXED, PIPE_TEXTURE_2D, 0,
                                 PIPE_BIND_RENDER_TARGET), "fixed render target");
   CHECK(!s->is_format_supported(s, PIPE_FORMAT_R32_UNORM, PIPE_TEXTURE_2D, 0,
                                 PIPE_BIND_RENDER_TARGET), "R32_UNORM render target");
   CHECK(!s->is_format_supported(s, PIPE_FORMAT_R8G8B8A8_UNORM, PIPE_BUFFER, 0,
                                 PIPE_BIND_RENDER_TARGET), "render target buffer");
   CHECK(s->is_format_supported(s, PIPE_FORMAT_B8G8R8X8_UNORM, PIPE_TEXTURE_2D, 0,
                                PIPE_BIND_DISPLAY_TARGET | PIPE_BIND_RENDER_TARGET),
         "BGRX display target");
   CHECK(!s->is_format_supported(s, PIPE_FORMAT_B8G8R8X8_UNORM, PIPE_TEXTURE_3D, 0,
                                 PIPE_BIND_DISPLAY_TARGET), "3D display target");
}

static struct pipe_resource *
try_create(struct pt *t, enum pipe_texture_target target, enum pipe_format format, unsigned w,
           unsigned h, unsigned d, unsigned layers, unsigned last_level, unsigned samples,
           unsigned bind)
{
   struct pipe_resource templ;
   memset(&templ, 0, sizeof templ);
   templ.target = target;
   templ.format = format;
   templ.width0 = w;
   templ.height0 = (uint16_t)h;
   templ.depth0 = (uint16_t)d;
   templ.array_size = (uint16_t)layers;
   templ.last_level = (uint8_t)last_level;
   templ.nr_samples = (uint8_t)samples;
   templ.bind = bind;
   return t->screen->resource_create(t->screen, &templ);
}

static void
test_templates(struct pt *t)
{
   const enum pipe_format f = PIPE_FORMAT_R8G8B8A8_UNORM;
   const unsigned rt = PIPE_BIND_RENDER_TARGET;
   CHECK(!try_create(t, PIPE_TEXTURE_2D, f, 0, 4, 1, 1, 0, 0, rt), "width 0");
   CHECK(!try_create(t, PIPE_TEXTURE_2D, f, 4, 0, 1, 1, 0, 0, rt), "height 0");
   CHECK(!try_create(t, PIPE_TEXTURE_2D, f, 8193, 4, 1, 1, 0, 0, rt), "width 8193");
   CHECK(!try_create(t, PIPE_TEXTURE_2D, f, 4, 4, 1, 1, 3, 0, rt), "last_level 3 for 4x4");
   CHECK(!try_create(t, PIPE_TEXTURE_2D, f, 4, 4, 1, 1, 0, 3, rt), "3 samples");
   CHECK(!try_create(t, PIPE_TEXTURE_2D, f, 4, 4, 1, 1, 1, 4, rt), "4 samples with 2 levels");
   CHECK(!try_create(t, PIPE_TEXTURE_3D, f, 4, 4, 1, 1, 0, 4, rt), "4 samples 3D");
   CHECK(!try_create(t, PIPE_TEXTURE_2D, f, 4, 4, 1, 1, 0, 16, rt), "16 samples");
   CHECK(!try_create(t, PIPE_TEXTURE_2D, f, 4, 4, 2, 1, 0, 0, rt), "2D with depth 2");
   CHECK(!try_create(t, PIPE_TEXTURE_CUBE, f, 4, 8, 1, 6, 0, 0, rt), "non-square cube");
   CHECK(!try_create(t, PIPE_TEXTURE_CUBE, f, 4, 4, 1, 5, 0, 0, rt), "cube with 5 faces");
   CHECK(!try_create(t, PIPE_TEXTURE_CUBE_ARRAY, f, 4, 4, 1, 8, 0, 0, rt), "cube array of 8");
   CHECK(!try_create(t, PIPE_TEXTURE_1D, f, 4, 2, 1, 1, 0, 0, rt), "1D with height 2");
   CHECK(!try_create(t, PIPE_TEXTURE_3D, f, 4, 4, 4, 2, 0, 0, rt), "3D with 2 layers");
   CHECK(!try_create(t, PIPE_TEXTURE_3D, PIPE_FORMAT_Z24_UNORM_S8_UINT, 4, 4, 4, 1, 0, 0,
                     PIPE_BIND_DEPTH_STENCIL), "3D depth buffer");
   CHECK(!try_create(t, PIPE_TEXTURE_RECT, f, 4, 4, 1, 1, 1, 0, rt), "mipmapped rect");
   CHECK(!try_create(t, PIPE_TEXTURE_2D, PIPE_FORMAT_NONE, 4, 4, 1, 1, 0, 0, 0), "format NONE");
   CHECK(!try_create(t, (enum pipe_texture_target)77, f, 4, 4, 1, 1, 0, 0, 0), "bad target");
   CHECK(!try_create(t, PIPE_TEXTURE_2D, PIPE_FORMAT_DXT1_RGB, 4, 4, 1, 1, 0, 0, rt),
         "DXT1 render target");
   CHECK(!t->screen->resource_create(t->screen, NULL), "NULL template");

   struct pipe_resource *r = try_create(t, PIPE_TEXTURE_2D, f, 8192, 1, 1, 1, 13, 0, rt);
   CHECK(r != NULL, "8192x1 with 14 levels");
   pipe_resource_reference(&r, NULL);
   r = try_create(t, PIPE_TEXTURE_CUBE_ARRAY, f, 16, 16, 1, 12, 4, 0, rt);
   CHECK(r != NULL, "cube array 16x16x2 cubes with 5 levels");
   pipe_resource_reference(&r, NULL);
}

static void
test_fences_and_queries(struct pt *t)
{
   struct pipe_fence_handle *fence = NULL, *copy = NULL;
   t->ctx->flush(t->ctx, &fence, 0);
   CHECK(fence != NULL, "flush returned no fence");
   CHECK(t->screen->fence_finish(t->screen, t->ctx, fence, 0), "fence not signalled");
   t->screen->fence_reference(t->screen, &copy, fence);
   t->screen->fence_reference(t->screen, &fence, NULL);
   CHECK(fence == NULL && copy != NULL, "fence_reference");
   /* a second flush replaces the fence held in 'copy' */
   t->ctx->flush(t->ctx, &copy, PIPE_FLUSH_END_OF_FRAME);
   CHECK(copy != NULL, "flush into a held fence");
   t->screen->fence_reference(t->screen, &copy, NULL);
   t->ctx->flush(t->ctx, NULL, 0);

   /* create_query returns NULL exactly for types the caps do not advertise */
   struct pipe_query *oq = t->ctx->create_query(t->ctx, PIPE_QUERY_OCCLUSION_COUNTER, 0);
   CHECK((oq != NULL) == t->screen->caps.occlusion_query, "occlusion query %s, caps %d",
         oq ? "created" : "NULL", t->screen->caps.occlusion_query);
   if (oq)
      t->ctx->destroy_query(t->ctx, oq);
   struct pipe_query *pq = t->ctx->create_query(t->ctx, PIPE_QUERY_PRIMITIVES_GENERATED, 0);
   CHECK(pq == NULL || t->screen->caps.draw, "primitives query without drawing");
   if (pq)
      t->ctx->destroy_query(t->ctx, pq);
   struct pipe_query *q = t->ctx->create_query(t->ctx, PIPE_QUERY_TIME_ELAPSED, 0);
   CHECK(q != NULL, "time elapsed query");
   if (q) {
      union pipe_query_result res;
      CHECK(t->ctx->begin_query(t->ctx, q), "begin_query");
      CHECK(t->ctx->end_query(t->ctx, q), "end_query");
      CHECK(t->ctx->get_query_result(t->ctx, q, true, &res), "get_query_result");
      CHECK(res.u64 < 10000000000ull, "elapsed %llu ns", (unsigned long long)res.u64);
      t->ctx->render_condition(t->ctx, q, false, true);
      t->ctx->destroy_query(t->ctx, q);
      t->ctx->render_condition(t->ctx, NULL, false, false);
   }
   q = t->ctx->create_query(t->ctx, PIPE_QUERY_TIMESTAMP, 0);
   CHECK(q != NULL, "timestamp query");
   if (q) {
      union pipe_query_result res = { .u64 = 0 };
      CHECK(t->ctx->end_query(t->ctx, q), "timestamp end_query");
      CHECK(t->ctx->get_query_result(t->ctx, q, false, &res) && res.u64 > 0, "timestamp");
      t->ctx->destroy_query(t->ctx, q);
   }
}

int
main(void)
{
   struct pt t;
   test_loader();
   pt_init(&t);
   test_identity_and_caps(&t);
   test_format_support(&t);
   test_templates(&t);
   test_fences_and_queries(&t);
   pt_fini(&t);
   return pt_result("screen");
}
