/*
 * Fragment shading: interpolate every fragment shader input at the four
 * sample positions of the quad (helper lanes included, so derivatives
 * work), run the shader with irexec, and collect colours, the second
 * (dual-source) colour and gl_FragDepth.
 *
 * Interpolation (GL 2.1 3.5.1 / 3.6.1, GLSL interpolation qualifiers), with
 * l_i the primitive's barycentric planes at the sample position:
 *   depth z       = sum(l_i z_i), evaluated as one plane  (window-space linear;
 *                   swpipe_prim_zplane)
 *   smooth        = sum(l_i a_i / w_i) / sum(l_i / w_i), computed as
 *                   sum(pl_i a_i) with pl_i = (l_i / w_i) * (1 / sum(l_j / w_j));
 *                   when every vertex has the same w it is noperspective's,
 *                   the same value in real arithmetic (no division)
 *   noperspective = sum(l_i a_i), computed as the input's plane
 *                   a(x, y) = A0 + A1 (x - ox) + A2 (y - oy), Aj = sum(bary_ij a_i)
 *   flat, and every integer input = the provoking vertex's value (draw
 *                 puts it into every vertex)
 *   an input whose four components have the same bits at every vertex
 *                 is that value (what the sums give in real arithmetic;
 *                 jit_fs.c does the same, and skips the sums)
 * Centroid and sample qualifiers interpolate at the pixel centre: swpipe
 * is single-sampled, where the centroid is the centre.
 */
#include <string.h>

#include "format/u_format.h"
#include "swpipe_draw.h"
#include "swpipe_quad.h"
#include "swpipe_screen.h"

/* The weights of one sample: l[] linear (window-space) barycentrics,
 * pl[] perspective-correct ones (l[i] / w[i], normalised), shared by
 * every input of the fragment; the sample's offset from the planes'
 * origin, and whether the primitive is affine (swpipe_prim_affine). */
struct lane_weights {
   double l[3], pl[3];
   double rx, ry;
   bool affine;
};

static void
interpolate(const struct swpipe_prim *prim, const struct swpipe_fs_input *in,
            const struct lane_weights *wt, float out[4])
{
   unsigned n = prim->num_verts;

   if (in->flat || n == 1 || swpipe_attr_constant(prim, in->attr)) {
      /* draw copied the provoking vertex's value into every vertex (see
       * swpipe_vs_wrapper) */
      memcpy(out, prim->v[0]->attr[in->attr], 16);
      return;
   }
   if (in->noperspective || wt->affine) {
      /* linear in window space: the input's own plane, sum(bary_i a_i),
       * at the sample */
      for (unsigned c = 0; c < 4; c++) {
         double p[3];
         for (unsigned j = 0; j < 3; j++) {
            p[j] = 0.0;
            for (unsigned i = 0; i < n; i++)
               p[j] += prim->bary[i][j] * prim->v[i]->attr[in->attr][c];
         }
         out[c] = (float)(p[0] + p[1] * wt->rx + p[2] * wt->ry);
      }
      return;
   }
   const double *w = wt->pl;
   for (unsigned c = 0; c < 4; c++) {
      double v = 0.0;
      for (unsigned i = 0; i < n; i++)
         v += w[i] * prim->v[i]->attr[in->attr][c];
      out[c] = (float)v;
   }
}

/*
 * gl_LastFragData[buf] (EXT_shader_framebuffer_fetch): the value colour
 * buffer 'buf' holds at sample 'sample' of pixel (x, y) before this
 * fragment's own write, decoded as blending reads it (normalized / float
 * channels as floats, sRGB decoded; integer buffers give their integer
 * bits).  Quads are shaded and written one after another, in primitive
 * order, so the value includes every earlier fragment's write: reads are
 * coherent.  No buffer, or a lane outside it (a helper lane past the
 * edge): (0, 0, 0, 0).
 */
static void
last_frag_data(struct swpipe_context *ctx, int buf, int x, int y, unsigned layer,
               unsigned sample, float out[4])
{
   memset(out, 0, 16);
   const struct pipe_framebuffer_state *fb = &ctx->framebuffer;
   if (buf < 0 || (unsigned)buf >= fb->nr_cbufs || buf >= PIPE_MAX_COLOR_BUFS)
      return;
   struct pipe_surface *surf = fb->cbufs[buf];
   if (!surf || !surf->texture)
      return;
   const struct util_format_description *d = util_format_description(surf->format);
   if (!d->block_bytes || d->block_width != 1 || d->block_height != 1)
      return;
   const uint8_t *p = swpipe_surface_pixel(surf, x, y, layer, sample);
   if (!p)
      return;
   if (!d->is_pure_integer) {
      util_format_unpack_rgba_float(surf->format, out, p, 1);
      return;
   }
   bool sint = false;
   for (unsigned i = 0; i < d->nr_channels; i++)
      sint = sint || d->channel[i].type == UTIL_FORMAT_TYPE_SINT;
   int32_t bits[4];
   if (sint)
      util_format_unpack_rgba_sint(surf->format, bits, p, 1);
   else
      util_format_unpack_rgba_uint(surf->format, (uint32_t *)bits, p, 1);
   memcpy(out, bits, sizeof bits);
}

bool
swpipe_quad_shade(struct swpipe_context *ctx, const struct swpipe_quad *quad,
                   struct swpipe_frag *frag)
{
   struct swpipe_draw_state *ds = ctx->ds;
   const struct swpipe_prim *prim = quad->prim;
   const struct swpipe_raster_state *rs = &ds->rast.state;
   unsigned nin = ds->fs_num_inputs, nout = ds->fs_num_outputs;
   float inputs[4 * IREXEC_MAX_SLOTS][4];
   float outputs[4 * IREXEC_MAX_SLOTS][4];
   float frag_coord[4][4];
   double off = swpipe_sample_offset(rs);
   unsigned discard = 0;
   double zp[3];
   swpipe_prim_zplane(prim, zp);

   if (!ds->fs)
      return false;

   /* irexec's lane order must follow GL's window y (ddy = lane 2 - lane 0):
    * on y-flipped surfaces (bottom-edge rule) its lanes 0-1 are our lower
    * row.  'pix' is the quad pixel (our lane) of irexec lane 'lane'. */
   unsigned flip = rs->bottom_edge_rule ? 2 : 0, live = 0;
   for (unsigned lane = 0; lane < 4; lane++) {
      if (quad->mask >> (lane ^ flip) & 1)
         live |= 1u << lane;
   }

   for (unsigned lane = 0; lane < 4; lane++) {
      unsigned pix = lane ^ flip;
      int px = quad->x + (int)(pix & 1), py = quad->y + (int)(pix >> 1);
      double sx = px + off, sy = py + off, invw = 0.0;
      double z = zp[0] + zp[1] * (sx - prim->ox) + zp[2] * (sy - prim->oy);
      struct lane_weights wt;
      double *l = wt.l;

      for (unsigned i = 0; i < 3; i++)
         l[i] = prim->bary[i][0] + prim->bary[i][1] * (sx - prim->ox) +
                prim->bary[i][2] * (sy - prim->oy);
      for (unsigned i = 0; i < prim->num_verts; i++)
         invw += l[i] * prim->v[i]->win[3];
      /* perspective-correct weights: l[i] * (1/w_i), normalised by their
       * sum (the interpolated 1/w) through one reciprocal; the linear
       * weights when the vertices' 1/w are equal (jit_fs.c does the same) */
      wt.rx = sx - prim->ox;
      wt.ry = sy - prim->oy;
      wt.affine = swpipe_prim_affine(prim);
      if (wt.affine) {
         for (unsigned i = 0; i < 3; i++)
            wt.pl[i] = l[i];
      } else {
         double r = 1.0 / (invw == 0.0 ? 1.0 : invw);
         for (unsigned i = 0; i < prim->num_verts && i < 3; i++)
            wt.pl[i] = l[i] * prim->v[i]->win[3] * r;
      }
      frag->z[pix] = (float)z;
      /* gl_FragCoord is in GL window coordinates: on y-flipped surfaces
       * (bottom-edge rule) y counts from the bottom; the shader may ask for
       * the origin at the top and pixel centres at integers
       * (ARB_fragment_coord_conventions) */
      double fx = px + 0.5;
      double fy = rs->bottom_edge_rule ? (double)ctx->framebuffer.height - (py + 0.5) : py + 0.5;
      if (ds->frag_coord_conventions & IR_FRAG_COORD_UPPER_LEFT)
         fy = (double)ctx->framebuffer.height - fy;
      if (ds->frag_coord_conventions & IR_FRAG_COORD_INTEGER) {
         fx -= 0.5;
         fy -= 0.5;
      }
      frag_coord[lane][0] = (float)fx;
      frag_coord[lane][1] = (float)fy;
      frag_coord[lane][2] = (float)z;
      frag_coord[lane][3] = (float)invw;

      for (unsigned s = 0; s < nin; s++) {
         const struct swpipe_fs_input *in = &ds->fs_inputs[s];
         float *dst = inputs[lane * nin + s];
         switch (in->kind) {
         case SWPIPE_FS_IN_ATTR:
            interpolate(prim, in, &wt, dst);
            break;
         case SWPIPE_FS_IN_POINT_COORD:
            if (prim->num_verts == 1) {
               dst[0] = (float)(prim->pc[0] + prim->pc[1] * (sx - prim->ox));
               dst[1] = (float)(prim->pc[2] + prim->pc[3] * (sy - prim->oy));
               dst[2] = 0.0f;
               dst[3] = 1.0f;
            } else if (ds->point_coord_attr >= 0) {
               struct swpipe_fs_input pc = { SWPIPE_FS_IN_ATTR, ds->point_coord_attr, false, true };
               interpolate(prim, &pc, &wt, dst);
            } else {
               memset(dst, 0, 16);
            }
            break;
         case SWPIPE_FS_IN_LAST_FRAG:
            last_frag_data(ctx, in->attr, px, py, quad->layer, quad->sample, dst);
            break;
         case SWPIPE_FS_IN_PRIMITIVE_ID:
            memset(dst, 0, 16);
            memcpy(dst, &prim->primitive_id, sizeof prim->primitive_id);
            break;
         default:
            memset(dst, 0, 16);
            break;
         }
      }
   }

   const struct swpipe_driver *driver = swpipe_screen(ctx->base.screen)->driver;
   bool ok;
   if (ds->fs_driver)
      ok = driver->fs_run_quad(ds->fs_driver, &ds->fs_env, (const float (*)[4])inputs, live,
                               prim->front_facing, (const float (*)[4])frag_coord, outputs,
                               &discard);
   else
      ok = irexec_run_fragment_quad(ds->fs, &ds->fs_env, (const float (*)[4])inputs, live,
                                    prim->front_facing, (const float (*)[4])frag_coord,
                                    outputs, &discard);
   if (!ok)
      return false;
   frag->mask = quad->mask;
   for (unsigned lane = 0; lane < 4; lane++) {
      if (discard >> lane & 1)
         frag->mask &= ~(1u << (lane ^ flip));
   }

   bool clamp = ctx->rasterizer && ctx->rasterizer->clamp_fragment_color;
   /* the colours later stages read: the bound buffers' (blending), and
    * colour 0 always (alpha test, alpha to coverage) */
   unsigned ncb = ctx->framebuffer.nr_cbufs;
   ncb = ncb < 1 ? 1 : ncb > PIPE_MAX_COLOR_BUFS ? PIPE_MAX_COLOR_BUFS : ncb;
   for (unsigned lane = 0; lane < 4; lane++) {
      unsigned pix = lane ^ flip;
      for (unsigned t = 0; t < ncb; t++) {
         int slot = ds->color_out[t];
         if (slot >= 0)
            memcpy(frag->color[t][pix], outputs[lane * nout + (unsigned)slot], 16);
         else
            memset(frag->color[t][pix], 0, 16);
      }
      if (ds->color1_out >= 0)
         memcpy(frag->color1[pix], outputs[lane * nout + (unsigned)ds->color1_out], 16);
      else
         memset(frag->color1[pix], 0, 16);
      if (ds->depth_out >= 0)
         frag->z[pix] = outputs[lane * nout + (unsigned)ds->depth_out][0];
   }

   if (clamp) {
      const struct irexec_slot *outs;
      irexec_get_outputs(ds->fs, &outs);
      for (unsigned t = 0; t <= ncb; t++) {
         int slot = t < ncb ? ds->color_out[t] : ds->color1_out;
         if (slot < 0 || outs[slot].base != IR_FLOAT)
            continue;
         for (unsigned lane = 0; lane < 4; lane++) {
            float *c = t < ncb ? frag->color[t][lane] : frag->color1[lane];
            for (unsigned i = 0; i < 4; i++)
               c[i] = !(c[i] > 0.0f) ? 0.0f : c[i] > 1.0f ? 1.0f : c[i];
         }
      }
   }
   return true;
}
