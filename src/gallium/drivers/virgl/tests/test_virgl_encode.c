/*
 * The command encoder (virgl_encode.c): each packet against dwords
 * written out by hand from the protocol's layout (docs/virgl.md
 * "Protocol"), batches that grow past their first allocation, and the
 * buffer list (each buffer once, referenced until reset; buffers of the
 * winsys tests' fake device).
 */
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "fake_drm.h"
#include "pony_bufmgr.h"
#include "virgl_driver.h"
#include "virgl_encode.h"
#include "virgl_proto.h"

static int failures;
#define CHECK(cond, ...)                                                   \
   do {                                                                   \
      if (!(cond)) {                                                      \
         fprintf(stderr, "FAIL %s:%d: %s: ", __FILE__, __LINE__, #cond);  \
         fprintf(stderr, __VA_ARGS__);                                    \
         fprintf(stderr, "\n");                                           \
         failures++;                                                      \
      }                                                                   \
   } while (0)

static void
expect(const struct virgl_cmdbuf *cb, const uint32_t *want, unsigned n, const char *what)
{
   CHECK(cb->ndw == n && !cb->failed, "%s: %u dwords, expected %u", what, cb->ndw, n);
   for (unsigned i = 0; i < n && i < cb->ndw; i++)
      CHECK(cb->dw[i] == want[i], "%s: dword %u is 0x%08x, expected 0x%08x", what, i, cb->dw[i],
            want[i]);
}

static void
test_packets(void)
{
   struct virgl_cmdbuf cb;
   virgl_cmdbuf_init(&cb);

   /* CREATE_OBJECT (1), SURFACE (8), 5 words: 0x00050801 */
   virgl_encode_surface(&cb, 7, 42, VP_FORMAT_B8G8R8A8_UNORM, 3, 2, 5);
   static const uint32_t surface[] = { 0x00050801, 7, 42, 1, 3, 2 | (5 << 16) };
   expect(&cb, surface, 6, "surface");

   /* SET_FRAMEBUFFER_STATE (5), 2 colour buffers: 4 words */
   virgl_cmdbuf_reset(&cb);
   const uint32_t cbufs[2] = { 7, 9 };
   virgl_encode_framebuffer(&cb, 2, cbufs, 11);
   static const uint32_t fb[] = { 0x00040005, 2, 11, 7, 9 };
   expect(&cb, fb, 5, "framebuffer");

   /* CLEAR (7), 8 words: colour 1.0, 0.5, 0, 2.0 as floats; depth 1.0 as
    * a double (0x3ff0000000000000, low word first); stencil 0x55 */
   virgl_cmdbuf_reset(&cb);
   const float c[4] = { 1.0f, 0.5f, 0.0f, 2.0f };
   uint32_t color[4];
   memcpy(color, c, sizeof color);
   virgl_encode_clear(&cb, VP_CLEAR_COLOR0 | VP_CLEAR_DEPTH, color, 1.0, 0x55);
   static const uint32_t clear[] = { 0x00080007, 5, 0x3f800000, 0x3f000000, 0, 0x40000000,
                                     0, 0x3ff00000, 0x55 };
   expect(&cb, clear, 9, "clear");

   /* DESTROY_OBJECT (3), SURFACE (8), 1 word */
   virgl_cmdbuf_reset(&cb);
   virgl_encode_destroy_object(&cb, VP_OBJ_SURFACE, 7);
   static const uint32_t destroy[] = { 0x00010803, 7 };
   expect(&cb, destroy, 2, "destroy");

   /* a batch past its first allocation keeps every packet */
   virgl_cmdbuf_reset(&cb);
   for (unsigned i = 0; i < 1000; i++)
      virgl_encode_destroy_object(&cb, VP_OBJ_SURFACE, i);
   CHECK(cb.ndw == 2000 && !cb.failed, "%u dwords", cb.ndw);
   unsigned bad = 0;
   for (unsigned i = 0; i < 1000 && cb.ndw == 2000; i++)
      bad += cb.dw[2 * i] != 0x00010803 || cb.dw[2 * i + 1] != i;
   CHECK(bad == 0, "%u packets changed while the batch grew", bad);
   virgl_cmdbuf_fini(&cb);
}

static void
test_buffers(void)
{
   /* buffer objects of the winsys tests' fake device */
   struct fake *f = fake_new();
   struct pony_bufmgr_options o = {
      .backend = &fake_backend, .backend_priv = f, .kernel = &fake_kernel, .kernel_priv = f,
      .now_ns = fake_now, .clock_priv = f, .disable_cache = true,
   };
   int devnull = open("/dev/null", O_RDWR | O_CLOEXEC);
   struct pony_bufmgr *mgr = NULL;
   CHECK(pony_bufmgr_create(devnull, &o, &mgr) == 0 && mgr, "manager");
   close(devnull);
   if (!mgr) {
      fake_free(f);
      return;
   }
   struct pony_bo_alloc_info info = { .size = 4096 };
   struct pony_bo *a = NULL, *b = NULL;
   CHECK(pony_bo_alloc(mgr, &info, &a) == 0 && pony_bo_alloc(mgr, &info, &b) == 0, "alloc");

   struct virgl_cmdbuf cb;
   virgl_cmdbuf_init(&cb);
   for (unsigned i = 0; i < 40; i++) {   /* past the list's first allocation */
      virgl_cmdbuf_use(&cb, a);
      virgl_cmdbuf_use(&cb, b);
   }
   CHECK(cb.nbos == 2 && cb.bos[0] == a && cb.bos[1] == b, "%u buffers listed", cb.nbos);
   CHECK(pony_bo_refcount(a) == 2 && pony_bo_refcount(b) == 2,
         "one reference per batch: %u, %u", pony_bo_refcount(a), pony_bo_refcount(b));
   pony_bo_unref(b);   /* the batch keeps it alive */
   CHECK(fake_live(f) == 2, "a listed buffer was freed");
   virgl_cmdbuf_reset(&cb);
   CHECK(cb.nbos == 0 && pony_bo_refcount(a) == 1 && fake_live(f) == 1,
         "reset dropped the references: %u listed, a %u, %u live", cb.nbos, pony_bo_refcount(a),
         fake_live(f));
   virgl_cmdbuf_use(&cb, a);
   virgl_cmdbuf_fini(&cb);
   CHECK(pony_bo_refcount(a) == 1, "fini dropped the reference: %u", pony_bo_refcount(a));
   pony_bo_unref(a);
   pony_bufmgr_destroy(mgr);
   CHECK(fake_free(f) == 0, "buffers left");
}

/* The draw path's packets (virgl_proto.h layouts, written out by hand). */
static void
test_draw_packets(void)
{
   struct virgl_cmdbuf cb;
   virgl_cmdbuf_init(&cb);

   /* BLEND: CREATE_OBJECT (1) | BLEND (1) << 8 | 11 << 16 */
   const uint32_t rt[8] = { 0x78000000, 1, 2, 3, 4, 5, 6, 7 };
   virgl_encode_blend(&cb, 3, 0x8, 0x5, rt);
   static const uint32_t blend[] = { 0x000b0101, 3, 0x8, 0x5, 0x78000000, 1, 2, 3, 4, 5, 6, 7 };
   expect(&cb, blend, 12, "blend");

   /* DSA (3), 5 words; alpha reference 0.5 = 0x3f000000 */
   virgl_cmdbuf_reset(&cb);
   virgl_encode_dsa(&cb, 4, 0x7, 0x11, 0x22, 0.5f);
   static const uint32_t dsa[] = { 0x00050301, 4, 0x7, 0x11, 0x22, 0x3f000000 };
   expect(&cb, dsa, 6, "dsa");

   /* RASTERIZER (2), 9 words: point size 2.0, line width 1.0, offsets
    * 1.0, -1.0, 0.0 */
   virgl_cmdbuf_reset(&cb);
   virgl_encode_rasterizer(&cb, 5, VP_RS_DEPTH_CLIP | VP_RS_FRONT_CCW, 2.0f, 0xff, 0x1000000,
                           1.0f, 1.0f, -1.0f, 0.0f);
   static const uint32_t rs[] = { 0x00090201, 5, 0x8002, 0x40000000, 0xff, 0x1000000,
                                  0x3f800000, 0x3f800000, 0xbf800000, 0 };
   expect(&cb, rs, 10, "rasterizer");

   /* SHADER (4): "END\n" is 5 bytes with its NUL: 2 dwords of text,
    * NUL-padded; header 5 + 2 = 7 words */
   virgl_cmdbuf_reset(&cb);
   virgl_encode_shader(&cb, 6, VP_STAGE_FRAGMENT, "END\n");
   static const uint32_t sh[] = { 0x00070401, 6, 1, 5, 5, 0, 0x0a444e45, 0 };
   expect(&cb, sh, 8, "shader");
   /* text of exactly 4 bytes with its NUL: one dword, no padding word */
   virgl_cmdbuf_reset(&cb);
   virgl_encode_shader(&cb, 7, VP_STAGE_VERTEX, "END");
   static const uint32_t sh4[] = { 0x00060401, 7, 0, 4, 4, 0, 0x00444e45 };
   expect(&cb, sh4, 7, "shader of one dword");

   /* BIND_SHADER (31) */
   virgl_cmdbuf_reset(&cb);
   virgl_encode_bind_shader(&cb, 6, VP_STAGE_FRAGMENT);
   static const uint32_t bs[] = { 0x0002001f, 6, 1 };
   expect(&cb, bs, 3, "bind shader");

   /* VERTEX_ELEMENTS (5), two elements: 9 words; BIND_OBJECT (2) */
   virgl_cmdbuf_reset(&cb);
   const struct virgl_vertex_element ve[2] = { { 0, 0, 0, 31 }, { 16, 1, 1, 67 } };
   virgl_encode_vertex_elements(&cb, 8, 2, ve);
   virgl_encode_bind_object(&cb, VP_OBJ_VERTEX_ELEMENTS, 8);
   static const uint32_t ves[] = { 0x00090501, 8, 0, 0, 0, 31, 16, 1, 1, 67, 0x00010502, 8 };
   expect(&cb, ves, 12, "vertex elements");

   /* SET_VERTEX_BUFFERS (6), one buffer: 3 words */
   virgl_cmdbuf_reset(&cb);
   const struct virgl_vertex_buffer vb = { 16, 32, 9 };
   virgl_encode_vertex_buffers(&cb, 1, &vb);
   static const uint32_t vbs[] = { 0x00030006, 16, 32, 9 };
   expect(&cb, vbs, 4, "vertex buffers");

   /* SET_VIEWPORT_STATE (4): first 0, scale 32, 16, 0.5, translate 32,
    * 16, 0.5 */
   virgl_cmdbuf_reset(&cb);
   const float sc[3] = { 32, 16, 0.5f }, tr[3] = { 32, 16, 0.5f };
   virgl_encode_viewport(&cb, 0, sc, tr);
   static const uint32_t vp[] = { 0x00070004, 0, 0x42000000, 0x41800000, 0x3f000000,
                                  0x42000000, 0x41800000, 0x3f000000 };
   expect(&cb, vp, 8, "viewport");

   /* DRAW_VBO (8), 12 words */
   virgl_cmdbuf_reset(&cb);
   const struct virgl_draw d = { 3, 6, 4, 1, 2, -1, 5, 1, 0xffff, 0, 9 };
   virgl_encode_draw(&cb, &d);
   static const uint32_t dr[] = { 0x000c0008, 3, 6, 4, 1, 2, 0xffffffff, 5, 1, 0xffff, 0, 9, 0 };
   expect(&cb, dr, 13, "draw");

   /* refused: more than 32 vertex elements, text over one packet */
   virgl_cmdbuf_reset(&cb);
   virgl_encode_vertex_elements(&cb, 1, 33, ve);
   CHECK(cb.failed, "33 vertex elements accepted");
   virgl_cmdbuf_reset(&cb);
   static char big[300000];
   memset(big, 'x', sizeof big - 1);
   virgl_encode_shader(&cb, 1, 0, big);
   CHECK(cb.failed && cb.ndw == 0, "a shader over one packet accepted (%u dwords)", cb.ndw);
   virgl_cmdbuf_fini(&cb);
}

/* Queries and the render condition, and the query types' table. */
static void
test_query_packets(void)
{
   struct virgl_cmdbuf cb;
   virgl_cmdbuf_init(&cb);
   /* CREATE_OBJECT (1) of a query (9), 4 words: handle, type | index << 16,
    * offset, resource */
   virgl_encode_query(&cb, 7, 5, 2, 16, 42);
   static const uint32_t cq[] = { 0x00040901, 7, 5 | 2 << 16, 16, 42 };
   expect(&cb, cq, 5, "create query");
   virgl_cmdbuf_reset(&cb);
   /* BEGIN_QUERY (19), END_QUERY (20): the handle; GET_QUERY_RESULT (21):
    * handle, wait */
   virgl_encode_begin_query(&cb, 7);
   virgl_encode_end_query(&cb, 7);
   virgl_encode_get_query_result(&cb, 7, true);
   static const uint32_t be[] = { 0x00010013, 7, 0x00010014, 7, 0x00020015, 7, 1 };
   expect(&cb, be, 7, "begin, end, get result");
   virgl_cmdbuf_reset(&cb);
   /* SET_RENDER_CONDITION (26): handle, condition, mode */
   virgl_encode_render_condition(&cb, 7, true, 1);
   static const uint32_t rc[] = { 0x0003001a, 7, 1, 1 };
   expect(&cb, rc, 4, "render condition");
   virgl_cmdbuf_fini(&cb);
   /* the host's numbers: counter 0, predicate 1, timestamp 2, (disjoint 3),
    * time elapsed 4, primitives generated 5 and emitted 6 */
   CHECK(virgl_host_query_type(PIPE_QUERY_OCCLUSION_COUNTER) == 0 &&
            virgl_host_query_type(PIPE_QUERY_OCCLUSION_PREDICATE) == 1 &&
            virgl_host_query_type(PIPE_QUERY_TIMESTAMP) == 2 &&
            virgl_host_query_type(PIPE_QUERY_TIME_ELAPSED) == 4 &&
            virgl_host_query_type(PIPE_QUERY_PRIMITIVES_GENERATED) == 5 &&
            virgl_host_query_type(PIPE_QUERY_PRIMITIVES_EMITTED) == 6 &&
            virgl_host_query_type(PIPE_QUERY_TYPES) == ~0u,
         "query types");
}

/* Samplers, views, constants, copies, blits and small state. */
static void
test_sampler_packets(void)
{
   struct virgl_cmdbuf cb;
   virgl_cmdbuf_init(&cb);

   /* SAMPLER_STATE (7), 9 words: LOD bias 0.5, min 1.0, max 2.0, border
    * colour 1, 2, 3, 4 */
   const uint32_t border[4] = { 1, 2, 3, 4 };
   virgl_encode_sampler_state(&cb, 10, 0x4e929c, 0.5f, 1.0f, 2.0f, border);
   static const uint32_t ss[] = { 0x00090701, 10, 0x4e929c, 0x3f000000, 0x3f800000,
                                  0x40000000, 1, 2, 3, 4 };
   expect(&cb, ss, 10, "sampler state");

   /* SAMPLER_VIEW (6), 6 words: R8G8B8A8 (67) of a 2D (2) texture: format
    * 0x43 | 2 << 24; layers 1..3: 0x00030001; levels 0..2: 0x0200; swizzle
    * b, g, r, 1: 2 | 1 << 3 | 0 << 6 | 5 << 9 = 0xa0a */
   virgl_cmdbuf_reset(&cb);
   virgl_encode_sampler_view(&cb, 11, 42, VP_VIEW_FORMAT(67, VP_TARGET_2D), 0x00030001, 0x0200,
                             VP_VIEW_SWIZZLE(2, 1, 0, 5));
   static const uint32_t sv[] = { 0x00060601, 11, 42, 0x02000043, 0x00030001, 0x0200, 0xa0a };
   expect(&cb, sv, 7, "sampler view");

   /* SET_SAMPLER_VIEWS (10): fragment (1), from slot 3, two handles: 4
    * words; BIND_SAMPLER_STATES (18): vertex (0), slot 0, one: 3 words */
   virgl_cmdbuf_reset(&cb);
   const uint32_t views[2] = { 11, 0 }, samplers[1] = { 10 };
   virgl_encode_sampler_slots(&cb, VP_CMD_SET_SAMPLER_VIEWS, 1, 3, 2, views);
   virgl_encode_sampler_slots(&cb, VP_CMD_BIND_SAMPLER_STATES, 0, 0, 1, samplers);
   static const uint32_t slots[] = { 0x0004000a, 1, 3, 11, 0, 0x00030012, 0, 0, 10 };
   expect(&cb, slots, 9, "sampler views and states bound");

   /* SET_CONSTANT_BUFFER (12): 6 bytes are 2 dwords, the last padded
    * with zeros: 4 words */
   virgl_cmdbuf_reset(&cb);
   const uint8_t bytes[6] = { 1, 2, 3, 4, 5, 6 };
   virgl_encode_constant_buffer(&cb, 1, 0, bytes, 6);
   static const uint32_t cbuf[] = { 0x0004000c, 1, 0, 0x04030201, 0x00000605 };
   expect(&cb, cbuf, 5, "inline constants");
   /* none: stage and index alone */
   virgl_cmdbuf_reset(&cb);
   virgl_encode_constant_buffer(&cb, 2, 0, NULL, 0);
   static const uint32_t cnone[] = { 0x0002000c, 2, 0 };
   expect(&cb, cnone, 3, "no inline constants");

   /* SET_UNIFORM_BUFFER (27), 5 words */
   virgl_cmdbuf_reset(&cb);
   virgl_encode_uniform_buffer(&cb, 1, 2, 256, 64, 42);
   static const uint32_t ubo[] = { 0x0005001b, 1, 2, 256, 64, 42 };
   expect(&cb, ubo, 6, "uniform buffer");

   /* RESOURCE_COPY_REGION (17), 13 words */
   virgl_cmdbuf_reset(&cb);
   const struct virgl_box box = { 4, 5, 0, 6, 7, 1 };
   virgl_encode_copy_region(&cb, 42, 1, 2, 3, 0, 43, 0, &box);
   static const uint32_t copy[] = { 0x000d0011, 42, 1, 2, 3, 0, 43, 0, 4, 5, 0, 6, 7, 1 };
   expect(&cb, copy, 14, "copy region");

   /* BLIT (16), 21 words: mask RGBA, LINEAR (1 << 8), scissor (1 << 10):
    * 0x50f; scissor (1, 2)-(7, 8); a flipped source width (-4) */
   virgl_cmdbuf_reset(&cb);
   const struct virgl_blit_end dst = { 42, 0, 67, { 0, 0, 0, 8, 8, 1 } };
   const struct virgl_blit_end src = { 43, 1, 1, { 4, 0, 0, (uint32_t)-4, 4, 1 } };
   virgl_encode_blit(&cb, 0xf | VP_BLIT_FILTER(VP_FILTER_LINEAR) | VP_BLIT_SCISSOR, 0x00020001,
                     0x00080007, &dst, &src);
   static const uint32_t bl[] = { 0x00150010, 0x50f, 0x00020001, 0x00080007,
                                  42, 0, 67, 0, 0, 0, 8, 8, 1,
                                  43, 1, 1, 4, 0, 0, 0xfffffffc, 4, 1 };
   expect(&cb, bl, 22, "blit");

   /* CLEAR_TEXTURE (47), 12 words: a 3x4 box at (1, 2) of level 1, one
    * 4-byte texel */
   virgl_cmdbuf_reset(&cb);
   const struct virgl_box cbox = { 1, 2, 0, 3, 4, 1 };
   const uint32_t texel[4] = { 0x11223344, 0, 0, 0 };
   virgl_encode_clear_texture(&cb, 42, 1, &cbox, texel);
   static const uint32_t ct[] = { 0x000c002f, 42, 1, 1, 2, 0, 3, 4, 1, 0x11223344, 0, 0, 0 };
   expect(&cb, ct, 13, "clear texture");

   /* SET_SAMPLE_MASK (24), SET_CLIP_STATE (23: plane 1 z = 2.0 is word 7,
    * plane 7 w = -1.0 word 32), SET_POLYGON_STIPPLE (22) */
   virgl_cmdbuf_reset(&cb);
   virgl_encode_sample_mask(&cb, 5);
   static const uint32_t sm[] = { 0x00010018, 5 };
   expect(&cb, sm, 2, "sample mask");
   virgl_cmdbuf_reset(&cb);
   float planes[8][4];
   memset(planes, 0, sizeof planes);
   planes[1][2] = 2.0f;
   planes[7][3] = -1.0f;
   virgl_encode_clip_state(&cb, (const float(*)[4])planes);
   uint32_t clip[33] = { 0x00200017 };
   clip[7] = 0x40000000;
   clip[32] = 0xbf800000;
   expect(&cb, clip, 33, "clip state");
   virgl_cmdbuf_reset(&cb);
   uint32_t rows[32], st[33] = { 0x00200016 };
   for (unsigned i = 0; i < 32; i++)
      rows[i] = st[1 + i] = i * 0x01010101u;
   virgl_encode_polygon_stipple(&cb, rows);
   expect(&cb, st, 33, "polygon stipple");
   virgl_cmdbuf_fini(&cb);
}

/*
 * The tables from Pony's enums to the protocol's numbers (virgl_sampler.c),
 * entry by entry against the protocol's values written out here.
 */
static void
test_tables(void)
{
   /* a sampler template: wrap s MIRROR_REPEAT (4), t CLAMP_TO_BORDER (3),
    * r CLAMP_TO_EDGE (2), min LINEAR (1), mip NONE (2), mag NEAREST (0),
    * compare GEQUAL (6), seamless, anisotropy 4:
    * 4 | 3 << 3 | 2 << 6 | 1 << 9 | 2 << 11 | 1 << 15 | 6 << 16 | 1 << 19 |
    * 4 << 20 = 0x4e929c */
   struct pipe_sampler_state s;
   memset(&s, 0, sizeof s);
   s.wrap_s = PIPE_TEX_WRAP_MIRROR_REPEAT;
   s.wrap_t = PIPE_TEX_WRAP_CLAMP_TO_BORDER;
   s.wrap_r = PIPE_TEX_WRAP_CLAMP_TO_EDGE;
   s.min_img_filter = PIPE_TEX_FILTER_LINEAR;
   s.min_mip_filter = PIPE_TEX_MIPFILTER_NONE;
   s.mag_img_filter = PIPE_TEX_FILTER_NEAREST;
   s.compare_mode = 1;
   s.compare_func = PIPE_FUNC_GEQUAL;
   s.seamless_cube_map = 1;
   s.max_anisotropy = 4;
   CHECK(virgl_sampler_s0(&s) == 0x4e929c, "sampler S0 0x%x", virgl_sampler_s0(&s));

   /* the protocol's wrap modes, in Pony's names */
   static const struct { enum pipe_tex_wrap pony; uint32_t host; } wraps[] = {
      { PIPE_TEX_WRAP_REPEAT, 0 }, { PIPE_TEX_WRAP_CLAMP, 1 },
      { PIPE_TEX_WRAP_CLAMP_TO_EDGE, 2 }, { PIPE_TEX_WRAP_CLAMP_TO_BORDER, 3 },
      { PIPE_TEX_WRAP_MIRROR_REPEAT, 4 }, { PIPE_TEX_WRAP_MIRROR_CLAMP, 5 },
      { PIPE_TEX_WRAP_MIRROR_CLAMP_TO_EDGE, 6 }, { PIPE_TEX_WRAP_MIRROR_CLAMP_TO_BORDER, 7 },
   };
   for (unsigned i = 0; i < sizeof wraps / sizeof wraps[0]; i++) {
      memset(&s, 0, sizeof s);
      s.wrap_s = s.wrap_t = s.wrap_r = wraps[i].pony;
      uint32_t h = wraps[i].host, want = h | h << 3 | h << 6;
      CHECK(virgl_sampler_s0(&s) == want, "wrap %u: S0 0x%x, expected 0x%x", i,
            virgl_sampler_s0(&s), want);
   }
   /* filters (min << 9, mag << 13) and mip filters (<< 11) */
   memset(&s, 0, sizeof s);
   s.min_img_filter = s.mag_img_filter = PIPE_TEX_FILTER_LINEAR;
   s.min_mip_filter = PIPE_TEX_MIPFILTER_LINEAR;
   CHECK(virgl_sampler_s0(&s) == (1u << 9 | 1u << 11 | 1u << 13), "LINEAR: S0 0x%x",
         virgl_sampler_s0(&s));
   s.min_mip_filter = PIPE_TEX_MIPFILTER_NEAREST;
   s.min_img_filter = s.mag_img_filter = PIPE_TEX_FILTER_NEAREST;
   CHECK(virgl_sampler_s0(&s) == 0, "NEAREST: S0 0x%x", virgl_sampler_s0(&s));
   CHECK(virgl_host_filter(PIPE_TEX_FILTER_NEAREST) == 0 &&
            virgl_host_filter(PIPE_TEX_FILTER_LINEAR) == 1,
         "blit filters %u %u", virgl_host_filter(PIPE_TEX_FILTER_NEAREST),
         virgl_host_filter(PIPE_TEX_FILTER_LINEAR));
   /* compare functions (<< 16): NEVER 0 .. ALWAYS 7 */
   static const struct { enum pipe_compare_func pony; uint32_t host; } funcs[] = {
      { PIPE_FUNC_NEVER, 0 }, { PIPE_FUNC_LESS, 1 }, { PIPE_FUNC_EQUAL, 2 },
      { PIPE_FUNC_LEQUAL, 3 }, { PIPE_FUNC_GREATER, 4 }, { PIPE_FUNC_NOTEQUAL, 5 },
      { PIPE_FUNC_GEQUAL, 6 }, { PIPE_FUNC_ALWAYS, 7 },
   };
   for (unsigned i = 0; i < sizeof funcs / sizeof funcs[0]; i++) {
      memset(&s, 0, sizeof s);
      s.compare_func = funcs[i].pony;
      CHECK(virgl_sampler_s0(&s) == funcs[i].host << 16, "func %u: S0 0x%x", i,
            virgl_sampler_s0(&s));
   }
   /* texture targets */
   static const struct { enum pipe_texture_target pony; uint32_t host; } targets[] = {
      { PIPE_BUFFER, 0 }, { PIPE_TEXTURE_1D, 1 }, { PIPE_TEXTURE_2D, 2 },
      { PIPE_TEXTURE_3D, 3 }, { PIPE_TEXTURE_CUBE, 4 }, { PIPE_TEXTURE_RECT, 5 },
      { PIPE_TEXTURE_1D_ARRAY, 6 }, { PIPE_TEXTURE_2D_ARRAY, 7 },
      { PIPE_TEXTURE_CUBE_ARRAY, 8 },
   };
   for (unsigned i = 0; i < sizeof targets / sizeof targets[0]; i++)
      CHECK(virgl_host_target(targets[i].pony) == targets[i].host, "target %u: %u", i,
            virgl_host_target(targets[i].pony));
   CHECK(virgl_host_target(PIPE_MAX_TEXTURE_TYPES) == ~0u, "a target past the last");
   /* stages */
   CHECK(virgl_host_stage(PIPE_SHADER_VERTEX) == 0 && virgl_host_stage(PIPE_SHADER_FRAGMENT) == 1 &&
            virgl_host_stage(PIPE_SHADER_GEOMETRY) == 2 &&
            virgl_host_stage(PIPE_SHADER_TYPES) == ~0u,
         "stages %u %u %u", virgl_host_stage(PIPE_SHADER_VERTEX),
         virgl_host_stage(PIPE_SHADER_FRAGMENT), virgl_host_stage(PIPE_SHADER_GEOMETRY));
   /* swizzles: x y z w 0 1 are 0..5; w, 1, x, 0 = 3 | 5 << 3 | 0 << 6 | 4 << 9 */
   struct pipe_sampler_view v;
   memset(&v, 0, sizeof v);
   v.swizzle_r = PIPE_SWIZZLE_X;
   v.swizzle_g = PIPE_SWIZZLE_Y;
   v.swizzle_b = PIPE_SWIZZLE_Z;
   v.swizzle_a = PIPE_SWIZZLE_W;
   CHECK(virgl_view_swizzle(&v) == (0 | 1 << 3 | 2 << 6 | 3 << 9), "swizzle xyzw 0x%x",
         virgl_view_swizzle(&v));
   v.swizzle_r = PIPE_SWIZZLE_W;
   v.swizzle_g = PIPE_SWIZZLE_1;
   v.swizzle_b = PIPE_SWIZZLE_X;
   v.swizzle_a = PIPE_SWIZZLE_0;
   CHECK(virgl_view_swizzle(&v) == (3 | 5 << 3 | 0 << 6 | 4 << 9), "swizzle w1x0 0x%x",
         virgl_view_swizzle(&v));

   /* ranges: layers 2..5 and levels 1..3 of a 2D array of 4 levels:
    * 2 | 5 << 16, 1 | 3 << 8; bytes 32..63 of a 64-byte buffer in RGBA8
    * elements: 8..15 */
   struct pipe_resource r;
   memset(&r, 0, sizeof r);
   r.target = PIPE_TEXTURE_2D_ARRAY;
   r.last_level = 3;
   r.width0 = 16;
   v.target = PIPE_TEXTURE_2D_ARRAY;
   v.format = PIPE_FORMAT_R8G8B8A8_UNORM;
   v.first_layer = 2;
   v.last_layer = 5;
   v.first_level = 1;
   v.last_level = 3;
   uint32_t val0 = 0, val1 = 0;
   CHECK(virgl_view_range(&v, &r, &val0, &val1) && val0 == 0x00050002 && val1 == 0x0301,
         "texture range 0x%x 0x%x", val0, val1);
   v.last_level = 4;
   CHECK(!virgl_view_range(&v, &r, &val0, &val1), "a level past the resource's accepted");
   r.target = v.target = PIPE_BUFFER;
   r.width0 = 64;
   r.last_level = 0;
   v.buf_offset = 32;
   v.buf_size = 32;
   CHECK(virgl_view_range(&v, &r, &val0, &val1) && val0 == 8 && val1 == 15,
         "buffer range %u..%u", val0, val1);
   v.buf_offset = 34;
   CHECK(!virgl_view_range(&v, &r, &val0, &val1), "a buffer range inside an element accepted");
   v.buf_offset = 48;
   CHECK(!virgl_view_range(&v, &r, &val0, &val1), "a buffer range past the end accepted");
}

int
main(void)
{
   test_sampler_packets();
   test_query_packets();
   test_tables();
   test_packets();
   test_draw_packets();
   test_buffers();
   if (failures) {
      fprintf(stderr, "test_virgl_encode: %d check(s) failed\n", failures);
      return 1;
   }
   printf("test_virgl_encode: all checks passed\n");
   return 0;
}
