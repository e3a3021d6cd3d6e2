/*
 * Reference counting and state objects: every object that holds a
 * resource (surfaces, sampler views, stream-output targets, transfers,
 * bound framebuffers, vertex and constant buffers) holds one reference,
 * and releases it when unbound, destroyed or when the context goes.
 * Run under valgrind, a missing release shows as a leak and an extra one
 * as an invalid read.
 */
#include <string.h>

#include "pipe_test.h"
#include "util/u_inlines.h"

static int
refs(const struct pipe_resource *r)
{
   return r->reference.count;
}

static void
test_resource_holders(struct pt *t)
{
   struct pipe_context *ctx = t->ctx;
   struct pipe_resource *tex = pt_texture(t, PIPE_TEXTURE_2D, PIPE_FORMAT_R8G8B8A8_UNORM, 4, 4,
                                          1, 1, 0,
                                          PIPE_BIND_RENDER_TARGET | PIPE_BIND_SAMPLER_VIEW);
   struct pipe_resource *buf = pt_buffer(t, 256, PIPE_BIND_VERTEX_BUFFER |
                                                 PIPE_BIND_CONSTANT_BUFFER |
                                                 PIPE_BIND_STREAM_OUTPUT);
   CHECK(refs(tex) == 1 && refs(buf) == 1, "new resources have one reference");

   /* a surface references its texture; binding references the surface */
   struct pipe_surface *surf = pt_surface(t, tex, 0, 0, 0);
   CHECK(refs(tex) == 2, "surface: texture refs %d", refs(tex));
   pt_framebuffer(t, &surf, 1, NULL, 4, 4);
   CHECK(surf->reference.count == 2, "bound surface refs %d", surf->reference.count);

   /* a sampler view references its texture; set_sampler_views references the view */
   struct pipe_sampler_view vtempl;
   memset(&vtempl, 0, sizeof vtempl);
   vtempl.format = tex->format;
   vtempl.target = PIPE_TEXTURE_2D;
   vtempl.swizzle_r = PIPE_SWIZZLE_X;
   vtempl.swizzle_g = PIPE_SWIZZLE_Y;
   vtempl.swizzle_b = PIPE_SWIZZLE_Z;
   vtempl.swizzle_a = PIPE_SWIZZLE_W;
   struct pipe_sampler_view *view = ctx->create_sampler_view(ctx, tex, &vtempl);
   CHECK(view && refs(tex) == 3 && view->reference.count == 1, "sampler view");
   ctx->set_sampler_views(ctx, PIPE_SHADER_FRAGMENT, 2, 1, &view);
   CHECK(view->reference.count == 2, "bound view refs %d", view->reference.count);

   /* a transfer references its resource until unmapped */
   struct pipe_transfer *tr;
   struct pipe_box box = u_box_2d(0, 0, 1, 1);
   void *p = ctx->texture_map(ctx, tex, 0, PIPE_MAP_READ, &box, &tr);
   CHECK(p && refs(tex) == 4, "transfer: texture refs %d", refs(tex));

   /* vertex, constant and stream-output bindings reference the buffer */
   struct pipe_vertex_buffer vb;
   memset(&vb, 0, sizeof vb);
   vb.stride = 16;
   vb.buffer.resource = buf;
   ctx->set_vertex_buffers(ctx, 3, 1, &vb);
   CHECK(refs(buf) == 2, "vertex buffer refs %d", refs(buf));
   struct pipe_constant_buffer cb = { buf, 0, 64, NULL };
   ctx->set_constant_buffer(ctx, PIPE_SHADER_VERTEX, 1, &cb);
   CHECK(refs(buf) == 3, "constant buffer refs %d", refs(buf));
   struct pipe_stream_output_target *so = ctx->create_stream_output_target(ctx, buf, 0, 128);
   CHECK(so && refs(buf) == 4, "so target");
   unsigned offset = 0;
   ctx->set_stream_output_targets(ctx, 1, &so, &offset);
   CHECK(so->reference.count == 2, "bound so target refs %d", so->reference.count);
   CHECK(!ctx->create_stream_output_target(ctx, buf, 200, 100), "so target past the end");

   /* a user constant buffer is copied: the caller's memory may go away */
   {
      float consts[8] = { 1, 2, 3, 4, 5, 6, 7, 8 };
      struct pipe_constant_buffer ucb = { NULL, 0, sizeof consts, consts };
      ctx->set_constant_buffer(ctx, PIPE_SHADER_FRAGMENT, 0, &ucb);
   }

   /* drop the caller's references: the holders keep the objects alive */
   pipe_surface_reference(&surf, NULL);
   pipe_sampler_view_reference(&view, NULL);
   pipe_so_target_reference(&so, NULL);
   CHECK(refs(tex) == 4, "after dropping the caller's views: texture refs %d", refs(tex));
   ctx->texture_unmap(ctx, tr);
   CHECK(refs(tex) == 3, "after unmap: texture refs %d", refs(tex));

   /* unbinding releases */
   ctx->set_sampler_views(ctx, PIPE_SHADER_FRAGMENT, 2, 1, NULL);
   CHECK(refs(tex) == 2, "after unbinding the view: texture refs %d", refs(tex));
   ctx->set_vertex_buffers(ctx, 3, 1, NULL);
   CHECK(refs(buf) == 3, "after unbinding the vertex buffer: refs %d", refs(buf));
   ctx->set_constant_buffer(ctx, PIPE_SHADER_VERTEX, 1, NULL);
   CHECK(refs(buf) == 2, "after unbinding the constant buffer: refs %d", refs(buf));

   /* the rest (framebuffer surface, so target) goes with the context */
   pipe_resource_reference(&tex, NULL);
   pipe_resource_reference(&buf, NULL);
}

static void
test_cso_lifecycle(struct pt *t)
{
   struct pipe_context *ctx = t->ctx;

   struct pipe_blend_state blend;
   memset(&blend, 0, sizeof blend);
   blend.rt[0].colormask = PIPE_MASK_RGBA;
   void *b = ctx->create_blend_state(ctx, &blend);
   CHECK(b != NULL, "blend state");
   ctx->bind_blend_state(ctx, b);

   struct pipe_depth_stencil_alpha_state dsa;
   memset(&dsa, 0, sizeof dsa);
   dsa.depth_enabled = 1;
   dsa.depth_func = PIPE_FUNC_LESS;
   void *d = ctx->create_depth_stencil_alpha_state(ctx, &dsa);
   CHECK(d != NULL, "dsa state");
   ctx->bind_depth_stencil_alpha_state(ctx, d);

   struct pipe_rasterizer_state rast;
   memset(&rast, 0, sizeof rast);
   rast.line_width = 1.0f;
   void *r = ctx->create_rasterizer_state(ctx, &rast);
   CHECK(r != NULL, "rasterizer state");
   ctx->bind_rasterizer_state(ctx, r);

   struct pipe_sampler_state samp;
   memset(&samp, 0, sizeof samp);
   void *sm[2] = { ctx->create_sampler_state(ctx, &samp), ctx->create_sampler_state(ctx, &samp) };
   CHECK(sm[0] && sm[1], "sampler states");
   ctx->bind_sampler_states(ctx, PIPE_SHADER_FRAGMENT, 0, 2, sm);
   ctx->bind_sampler_states(ctx, PIPE_SHADER_TYPES, 0, 2, sm);   /* bad stage: ignored */
   /* clipped at the last slot: only sm[0] is read */
   ctx->bind_sampler_states(ctx, PIPE_SHADER_FRAGMENT, PIPE_MAX_SAMPLERS - 1, 5, sm);

   struct pipe_vertex_element ve[2];
   memset(ve, 0, sizeof ve);
   ve[0].src_format = PIPE_FORMAT_R32G32B32A32_FLOAT;
   ve[1].src_offset = 16;
   ve[1].src_format = PIPE_FORMAT_R32G32_FLOAT;
   void *v = ctx->create_vertex_elements_state(ctx, 2, ve);
   CHECK(v != NULL, "vertex elements");
   CHECK(!ctx->create_vertex_elements_state(ctx, PIPE_MAX_ATTRIBS + 1, ve),
         "too many vertex elements accepted");
   ctx->bind_vertex_elements_state(ctx, v);

   struct pipe_shader_state sh;
   memset(&sh, 0, sizeof sh);
   void *vs = ctx->create_vs_state(ctx, &sh), *fs = ctx->create_fs_state(ctx, &sh),
        *gs = ctx->create_gs_state(ctx, &sh);
   CHECK(vs && fs && gs, "shader states");
   ctx->bind_vs_state(ctx, vs);
   ctx->bind_fs_state(ctx, fs);
   ctx->bind_gs_state(ctx, gs);

   struct pipe_blend_color bc = { { 0.1f, 0.2f, 0.3f, 0.4f } };
   ctx->set_blend_color(ctx, &bc);
   struct pipe_stencil_ref sr = { { 1, 2 } };
   ctx->set_stencil_ref(ctx, sr);
   ctx->set_sample_mask(ctx, 1);
   struct pipe_clip_state clip;
   memset(&clip, 0, sizeof clip);
   ctx->set_clip_state(ctx, &clip);
   struct pipe_poly_stipple st;
   memset(&st, 0xff, sizeof st);
   ctx->set_polygon_stipple(ctx, &st);
   struct pipe_scissor_state sc = { 0, 0, 10, 10 };
   ctx->set_scissor_states(ctx, 0, 1, &sc);
   ctx->set_scissor_states(ctx, 5, 1, &sc);   /* out of range: ignored */
   struct pipe_viewport_state vp = { { 1, 1, 1 }, { 0, 0, 0 } };
   ctx->set_viewport_states(ctx, 0, 1, &vp);

   /* unbind, then delete */
   ctx->bind_blend_state(ctx, NULL);
   ctx->bind_depth_stencil_alpha_state(ctx, NULL);
   ctx->bind_rasterizer_state(ctx, NULL);
   ctx->bind_sampler_states(ctx, PIPE_SHADER_FRAGMENT, 0, 2, NULL);
   ctx->bind_vertex_elements_state(ctx, NULL);
   ctx->bind_vs_state(ctx, NULL);
   ctx->bind_fs_state(ctx, NULL);
   ctx->bind_gs_state(ctx, NULL);
   ctx->delete_blend_state(ctx, b);
   ctx->delete_depth_stencil_alpha_state(ctx, d);
   ctx->delete_rasterizer_state(ctx, r);
   ctx->delete_sampler_state(ctx, sm[0]);
   ctx->delete_sampler_state(ctx, sm[1]);
   ctx->delete_vertex_elements_state(ctx, v);
   ctx->delete_vs_state(ctx, vs);
   ctx->delete_fs_state(ctx, fs);
   ctx->delete_gs_state(ctx, gs);
}

/* A resource lives exactly as long as its last holder; context teardown
 * releases a bound framebuffer so the texture dies with the screen's help. */
static void
test_last_reference(void)
{
   struct pt t;
   pt_init(&t);
   struct pipe_resource *tex = pt_texture(&t, PIPE_TEXTURE_2D, PIPE_FORMAT_B8G8R8A8_UNORM, 8, 8,
                                          1, 1, 0, PIPE_BIND_RENDER_TARGET);
   struct pipe_resource *keep = NULL;
   pipe_resource_reference(&keep, tex);
   CHECK(refs(tex) == 2, "second reference");
   struct pipe_surface *surf = pt_surface(&t, tex, 0, 0, 0);
   pt_framebuffer(&t, &surf, 1, NULL, 8, 8);
   pipe_surface_reference(&surf, NULL);
   pipe_resource_reference(&tex, NULL);
   CHECK(refs(keep) == 2, "surface in the framebuffer keeps the texture: %d", refs(keep));
   t.ctx->destroy(t.ctx);
   CHECK(refs(keep) == 1, "context destroy released the framebuffer: %d", refs(keep));
   pipe_resource_reference(&keep, NULL);   /* destroyed here: valgrind checks */
   t.screen->destroy(t.screen);
}

int
main(void)
{
   struct pt t;
   pt_init(&t);
   test_resource_holders(&t);
   test_cso_lifecycle(&t);
   pt_fini(&t);
   test_last_reference();
   return pt_result("refcount");
}
