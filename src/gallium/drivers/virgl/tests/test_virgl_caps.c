/*
 * The capability decoder (virgl_caps.c) on the capability set a real host
 * gave (argv[1]: caps-virgl2-llvmpipe.txt, read in the VM from qemu's
 * virtio-vga-gl over Mesa's llvmpipe).  The expected values are what that
 * host is known to offer independently of the decoder: llvmpipe's GL 4.5
 * core (GLSL 450, 8 render targets, 16384 2D textures, 2048 array layers,
 * LOD bias 16, points and lines up to 255), its renderer string, and the
 * formats GL 4.5 requires to render and sample.  How this host fills the
 * masks was read from the set itself: depth formats only among the
 * sampled ones, one extra vertex format (R11G11B10F).  Then the pipe caps drawn
 * from it, malformed sets, and the format table.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "virgl_caps.h"
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

#define MAX_DW 1024

/* The hex dwords of the file ('#' lines are comments); their number. */
static unsigned
read_caps(const char *path, uint32_t *dw)
{
   FILE *f = fopen(path, "r");
   if (!f) {
      fprintf(stderr, "test_virgl_caps: cannot open %s\n", path);
      exit(1);
   }
   char line[512];
   unsigned n = 0;
   while (fgets(line, sizeof line, f)) {
      if (line[0] == '#')
         continue;
      char *p = line, *end;
      for (;;) {
         unsigned long v = strtoul(p, &end, 16);
         if (end == p || n == MAX_DW)
            break;
         dw[n++] = (uint32_t)v;
         p = end;
      }
   }
   fclose(f);
   return n;
}

static void
test_llvmpipe_host(const uint32_t *dw, unsigned n)
{
   struct virgl_host_caps h;
   CHECK(n == 344, "%u dwords read", n);
   CHECK(virgl_caps_decode(dw, n, &h) == 0, "decode");
   CHECK(h.max_version == 2, "max_version %u", h.max_version);
   CHECK(h.glsl_level == 450, "glsl_level %u", h.glsl_level);
   CHECK(h.max_render_targets == 8, "max_render_targets %u", h.max_render_targets);
   CHECK(h.max_texture_array_layers == 2048, "array layers %u", h.max_texture_array_layers);
   CHECK(h.max_texture_2d_size == 16384 && h.max_texture_cube_size == 16384 &&
            h.max_texture_3d_size == 2048,
         "texture sizes %u %u %u", h.max_texture_2d_size, h.max_texture_cube_size,
         h.max_texture_3d_size);
   CHECK(h.max_texture_lod_bias == 16.0f, "lod bias %g", h.max_texture_lod_bias);
   CHECK(h.min_point_size == 1.0f && h.max_point_size == 255.0f && h.min_line_width == 1.0f &&
            h.max_line_width == 255.0f,
         "points %g..%g lines %g..%g", h.min_point_size, h.max_point_size, h.min_line_width,
         h.max_line_width);
   CHECK(h.max_vertex_attribs == 16, "vertex attribs %u", h.max_vertex_attribs);
   CHECK(h.texture_buffer_offset_alignment == 16 && h.uniform_buffer_offset_alignment == 16,
         "buffer offset alignments: texture %u, uniform %u", h.texture_buffer_offset_alignment,
         h.uniform_buffer_offset_alignment);
   CHECK(h.max_geom_output_vertices == 1024, "geometry output vertices %u",
         h.max_geom_output_vertices);
   CHECK(!strcmp(h.renderer, "LLVMPIPE (LLVM 15.0.6, 256 bits)"), "renderer \"%s\"",
         h.renderer);
   CHECK(h.bool_set == dw[65], "bool set 0x%08x", h.bool_set);

   /* GL 4.5's required colour-renderable and texture formats */
   static const enum pipe_format rt[] = {
      PIPE_FORMAT_R8G8B8A8_UNORM, PIPE_FORMAT_B8G8R8A8_UNORM, PIPE_FORMAT_R16G16B16A16_FLOAT,
      PIPE_FORMAT_R32G32B32A32_FLOAT, PIPE_FORMAT_R8_UNORM, PIPE_FORMAT_R32_UINT,
      PIPE_FORMAT_R10G10B10A2_UNORM,
   };
   for (unsigned i = 0; i < sizeof rt / sizeof rt[0]; i++)
      CHECK(virgl_caps_format_supported(&h, rt[i],
                                        PIPE_BIND_RENDER_TARGET | PIPE_BIND_SAMPLER_VIEW),
            "format %u not renderable and sampleable", rt[i]);
   /* depth/stencil: GL's packed DEPTH24_STENCIL8 (stencil in the low byte:
    * S8_UINT_Z24_UNORM in the protocol's naming), 16-bit and float depth */
   CHECK(virgl_caps_format_supported(&h, PIPE_FORMAT_S8_UINT_Z24_UNORM,
                                     PIPE_BIND_DEPTH_STENCIL | PIPE_BIND_SAMPLER_VIEW),
         "S8Z24 depth/stencil");
   /* the other packing is not in the host's masks: resource_create refuses
    * it (the host would fail its creation after the kernel's yes, and the
    * first use would end the host context: seen in the VM) */
   CHECK(!virgl_caps_format_supported(&h, PIPE_FORMAT_Z24_UNORM_S8_UINT, PIPE_BIND_DEPTH_STENCIL),
         "Z24S8 is not the host's depth/stencil");
   CHECK(virgl_caps_format_supported(&h, PIPE_FORMAT_Z16_UNORM, PIPE_BIND_DEPTH_STENCIL),
         "Z16 depth");
   CHECK(!virgl_caps_format_supported(&h, PIPE_FORMAT_Z16_UNORM, PIPE_BIND_RENDER_TARGET),
         "Z16 as a colour buffer");
   CHECK(virgl_caps_format_supported(&h, PIPE_FORMAT_Z32_FLOAT, PIPE_BIND_DEPTH_STENCIL),
         "Z32F depth");
   CHECK(virgl_caps_format_supported(&h, PIPE_FORMAT_R32G32B32_FLOAT, PIPE_BIND_VERTEX_BUFFER),
         "RGB32F vertices");
   /* the vertex_buffer mask's one extra on this host */
   CHECK(virgl_caps_format_supported(&h, PIPE_FORMAT_R11G11B10_FLOAT, PIPE_BIND_VERTEX_BUFFER),
         "R11G11B10F vertices");
   CHECK(!virgl_caps_format_supported(&h, PIPE_FORMAT_R9G9B9E5_FLOAT, PIPE_BIND_VERTEX_BUFFER),
         "RGB9E5 vertices");
   CHECK(virgl_caps_format_supported(&h, PIPE_FORMAT_DXT1_RGBA, PIPE_BIND_SAMPLER_VIEW),
         "S3TC sampling (llvmpipe has it)");
   /* not renderable: compressed formats, depth as colour; no such format */
   CHECK(!virgl_caps_format_supported(&h, PIPE_FORMAT_DXT1_RGBA, PIPE_BIND_RENDER_TARGET),
         "DXT1 renderable");
   CHECK(!virgl_caps_format_supported(&h, PIPE_FORMAT_R8G8B8A8_UNORM, PIPE_BIND_DEPTH_STENCIL),
         "RGBA8 as depth");
   CHECK(!virgl_caps_format_supported(&h, PIPE_FORMAT_NONE, 0), "PIPE_FORMAT_NONE");
   CHECK(!virgl_caps_format_supported(&h, (enum pipe_format)PIPE_FORMAT_COUNT, 0),
         "a format past the enum");

   /* the pipe caps: the host's sizes, no drawing yet (the driver does
    * not encode draws) */
   struct pipe_caps caps;
   virgl_caps_to_pipe(&h, &caps);
   CHECK(!caps.draw && caps.glsl_feature_level == 0 && !caps.vertex_shader,
         "drawing offered before the driver draws");
   CHECK(caps.max_texture_2d_size == 16384 && caps.max_texture_cube_levels == 15 &&
            caps.max_texture_3d_levels == 12 && caps.max_texture_array_layers == 2048,
         "sizes %u, %u levels, %u levels, %u layers", caps.max_texture_2d_size,
         caps.max_texture_cube_levels, caps.max_texture_3d_levels,
         caps.max_texture_array_layers);
   CHECK(caps.max_render_targets == 8 && caps.max_texture_lod_bias == 16, "rt %u bias %u",
         caps.max_render_targets, caps.max_texture_lod_bias);

   /* the drawing caps (PONY_VIRGL_DRAW=1 while drawing is brought up): what
    * OpenGL 2.1 needs of a driver (st_caps_driver_gl_version), from this
    * host's set */
   virgl_caps_add_drawing(&h, &caps);
   CHECK(caps.draw && caps.vertex_shader && caps.fragment_shader &&
            caps.glsl_feature_level == 120, "drawing with GLSL 1.20: %u", caps.glsl_feature_level);
   CHECK(caps.occlusion_query && caps.texture_3d && caps.texture_cube &&
            caps.texture_shadow_map && caps.stencil_wrap && caps.npot_textures,
         "GL 1.5's needs: occlusion %d", caps.occlusion_query);
   CHECK(caps.point_sprite && caps.two_sided_stencil && caps.blend_equation_separate,
         "GL 2.0's needs: sprite %d, two-sided stencil %d, blend equation separate %d",
         caps.point_sprite, caps.two_sided_stencil, caps.blend_equation_separate);
   CHECK(caps.srgb, "GL 2.1's sRGB textures");
   CHECK(caps.max_point_size == 255.0f && caps.max_line_width == 255.0f,
         "points %g, lines %g", caps.max_point_size, caps.max_line_width);
}

static void
test_malformed(const uint32_t *dw, unsigned n)
{
   struct virgl_host_caps h;
   CHECK(virgl_caps_decode(dw, 76, &h) == -EPROTO, "76 dwords (v1 is 77)");
   CHECK(virgl_caps_decode(NULL, 0, &h) == -EPROTO, "NULL");
   uint32_t copy[MAX_DW];
   memcpy(copy, dw, n * sizeof *dw);
   copy[0] = 0;
   CHECK(virgl_caps_decode(copy, n, &h) == -EPROTO, "max_version 0");
   /* a v1 host: the v2 part is not read */
   copy[0] = 1;
   CHECK(virgl_caps_decode(copy, n, &h) == 0 && h.glsl_level == 450 &&
            h.max_texture_2d_size == 0 && h.renderer[0] == '\0',
         "v1 set: glsl %u, 2D size %u", h.glsl_level, h.max_texture_2d_size);
   struct pipe_caps caps;
   virgl_caps_to_pipe(&h, &caps);
   CHECK(caps.max_texture_2d_size == 2048, "a v1 host's 2D size defaults to GL 3's minimum: %u",
         caps.max_texture_2d_size);
   /* a short v2 set (an older host): the missing words read zero */
   copy[0] = 2;
   CHECK(virgl_caps_decode(copy, 100, &h) == 0 && h.max_vertex_attribs == 16 &&
            h.max_texture_2d_size == 0 && h.renderer[0] == '\0',
         "short v2 set");
}

static void
test_format_table(void)
{
   /* anchors of the protocol's numbering */
   CHECK(virgl_host_format(PIPE_FORMAT_B8G8R8A8_UNORM) == 1, "B8G8R8A8_UNORM");
   CHECK(virgl_host_format(PIPE_FORMAT_Z24_UNORM_S8_UINT) == 19, "Z24_UNORM_S8_UINT");
   CHECK(virgl_host_format(PIPE_FORMAT_R32G32B32A32_FLOAT) == 31, "R32G32B32A32_FLOAT");
   CHECK(virgl_host_format(PIPE_FORMAT_R8G8B8A8_UNORM) == 67, "R8G8B8A8_UNORM");
   CHECK(virgl_host_format(PIPE_FORMAT_ETC2_RGB8) == 269, "ETC2_RGB8");
   /* every Pony format has a host number, and no two share one */
   static uint8_t seen[512];
   unsigned missing = 0, shared = 0;
   for (unsigned f = 1; f < PIPE_FORMAT_COUNT; f++) {
      uint32_t v = virgl_host_format((enum pipe_format)f);
      if (!v || v >= 512) {
         missing++;
         continue;
      }
      shared += seen[v]++ != 0;
   }
   CHECK(missing == 0 && shared == 0, "%u formats without a host number, %u shared", missing,
         shared);
}

int
main(int argc, char **argv)
{
   if (argc < 2) {
      fprintf(stderr, "usage: test_virgl_caps CAPS-FILE\n");
      return 2;
   }
   static uint32_t dw[MAX_DW];
   unsigned n = read_caps(argv[1], dw);
   test_llvmpipe_host(dw, n);
   test_malformed(dw, n);
   test_format_table();
   if (failures) {
      fprintf(stderr, "test_virgl_caps: %d check(s) failed\n", failures);
      return 1;
   }
   printf("test_virgl_caps: all checks passed\n");
   return 0;
}
