/*
 * GLXFBConfigs and visuals: their attributes (glXGetFBConfigAttrib,
 * glXGetConfig), the lists (glXGetFBConfigs), and the two choosers:
 * glXChooseFBConfig with GLX 1.4's table 3.4 (defaults, exact / at-least /
 * mask matching, GLX_FBCONFIG_ID overriding the rest) and its sort order,
 * and glXChooseVisual with GLX 1.2's rules (booleans match exactly, sizes
 * are minimums, a requested size prefers the largest, an unrequested one
 * the smallest).
 *
 * A GLXFBConfig handle is the config's address in its screen's array,
 * checked against the array before any use.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <X11/Xlibint.h>

#include "glx_private.h"

#define DONT_CARE ((int)GLX_DONT_CARE)

const struct glx_config *
glx_config_lookup(struct glx_display *d, GLXFBConfig handle)
{
   /* compare as integers: the handle may point anywhere */
   uintptr_t p = (uintptr_t)handle;
   for (int i = 0; handle && i < d->num_screens; i++) {
      const struct glx_screen *s = &d->screens[i];
      uintptr_t first = (uintptr_t)s->configs;
      if (!s->usable || !s->configs || p < first ||
          p >= first + s->num_configs * sizeof(*s->configs) ||
          (p - first) % sizeof(*s->configs))
         continue;
      return (const struct glx_config *)handle;
   }
   return NULL;
}

struct glx_screen *
glx_config_screen(struct glx_display *d, const struct glx_config *c)
{
   return &d->screens[c->screen];
}

int
glx_config_attrib(const struct glx_screen *s, const struct glx_config *c, int attrib, int *value)
{
   const struct fe_color_layout *color = fe_color_layout(c->fe.color_format);
   const struct fe_zs_layout *zs = fe_zs_layout(c->fe.zs_format);
   int v;

   switch (attrib) {
   case GLX_USE_GL:
   case GLX_RGBA:
   case GLX_X_RENDERABLE:
      v = True;
      break;
   case GLX_BUFFER_SIZE:
      v = color->size[0] + color->size[1] + color->size[2] + color->size[3];
      break;
   case GLX_RED_SIZE:
   case GLX_GREEN_SIZE:
   case GLX_BLUE_SIZE:
   case GLX_ALPHA_SIZE:
      v = color->size[attrib - GLX_RED_SIZE];
      break;
   case GLX_DOUBLEBUFFER:
      v = c->fe.double_buffered ? True : False;
      break;
   case GLX_DEPTH_SIZE:
      v = zs->depth;
      break;
   case GLX_STENCIL_SIZE:
      v = zs->stencil;
      break;
   case GLX_LEVEL:
   case GLX_STEREO:
   case GLX_AUX_BUFFERS:
   case GLX_ACCUM_RED_SIZE:
   case GLX_ACCUM_GREEN_SIZE:
   case GLX_ACCUM_BLUE_SIZE:
   case GLX_ACCUM_ALPHA_SIZE:
   case GLX_TRANSPARENT_INDEX_VALUE:
   case GLX_TRANSPARENT_RED_VALUE:
   case GLX_TRANSPARENT_GREEN_VALUE:
   case GLX_TRANSPARENT_BLUE_VALUE:
   case GLX_TRANSPARENT_ALPHA_VALUE:
      v = 0;
      break;
   case GLX_SAMPLE_BUFFERS:
      v = c->fe.samples > 1;
      break;
   case GLX_SAMPLES:
      v = c->fe.samples > 1 ? (int)c->fe.samples : 0;
      break;
   case GLX_CONFIG_CAVEAT:           /* = GLX_VISUAL_CAVEAT_EXT */
   case GLX_TRANSPARENT_TYPE:
      v = GLX_NONE;
      break;
   case GLX_X_VISUAL_TYPE:
      v = GLX_TRUE_COLOR;
      break;
   case GLX_VISUAL_ID:
      v = (int)c->visual_id;
      break;
   case GLX_SCREEN:
      v = c->screen;
      break;
   case GLX_FBCONFIG_ID:
      v = c->id;
      break;
   case GLX_DRAWABLE_TYPE:
      v = GLX_WINDOW_BIT | GLX_PIXMAP_BIT | GLX_PBUFFER_BIT;
      break;
   case GLX_RENDER_TYPE:
      v = GLX_RGBA_BIT;
      break;
   case GLX_MAX_PBUFFER_WIDTH:
   case GLX_MAX_PBUFFER_HEIGHT:
      v = s->max_pbuffer;
      break;
   case GLX_MAX_PBUFFER_PIXELS:
      v = s->max_pbuffer * s->max_pbuffer;   /* at most 0x7fff squared */
      break;
   default:
      return GLX_BAD_ATTRIBUTE;
   }
   *value = v;
   return Success;
}

static int
attrib_of(const struct glx_screen *s, const struct glx_config *c, int attrib)
{
   int v = 0;
   glx_config_attrib(s, c, attrib, &v);
   return v;
}

/* An array the application frees with XFree. */
static GLXFBConfig *
config_array(const struct glx_screen *s, const unsigned *which, unsigned n)
{
   GLXFBConfig *out = n ? Xmalloc(n * sizeof(*out)) : NULL;
   for (unsigned i = 0; out && i < n; i++)
      out[i] = (GLXFBConfig)&s->configs[which ? which[i] : i];
   return out;
}

GLXFBConfig *
api_glXGetFBConfigs(Display *dpy, int screen, int *nelements)
{
   struct glx_display *d = glx_display_get(dpy);
   if (nelements)
      *nelements = 0;
   if (!d || !nelements)
      return NULL;
   glx_display_lock(d);
   struct glx_screen *s = glx_display_screen(d, screen);
   GLXFBConfig *out = s ? config_array(s, NULL, s->num_configs) : NULL;
   if (out)
      *nelements = (int)s->num_configs;
   glx_display_unlock(d);
   return out;
}

/* --- glXChooseFBConfig --------------------------------------------------------------- */

enum crit_match { EXACT, AT_LEAST, MASK, IGNORED };

/* GLX 1.4 table 3.4 (with GLX_ARB_multisample's rows) */
static const struct crit {
   int attrib, dflt;
   enum crit_match match;
} fb_crits[] = {
   { GLX_FBCONFIG_ID, DONT_CARE, EXACT },
   { GLX_BUFFER_SIZE, 0, AT_LEAST },
   { GLX_LEVEL, 0, EXACT },
   { GLX_DOUBLEBUFFER, DONT_CARE, EXACT },
   { GLX_STEREO, False, EXACT },
   { GLX_AUX_BUFFERS, 0, AT_LEAST },
   { GLX_RED_SIZE, 0, AT_LEAST },
   { GLX_GREEN_SIZE, 0, AT_LEAST },
   { GLX_BLUE_SIZE, 0, AT_LEAST },
   { GLX_ALPHA_SIZE, 0, AT_LEAST },
   { GLX_DEPTH_SIZE, 0, AT_LEAST },
   { GLX_STENCIL_SIZE, 0, AT_LEAST },
   { GLX_ACCUM_RED_SIZE, 0, AT_LEAST },
   { GLX_ACCUM_GREEN_SIZE, 0, AT_LEAST },
   { GLX_ACCUM_BLUE_SIZE, 0, AT_LEAST },
   { GLX_ACCUM_ALPHA_SIZE, 0, AT_LEAST },
   { GLX_SAMPLE_BUFFERS, 0, AT_LEAST },
   { GLX_SAMPLES, 0, AT_LEAST },
   { GLX_RENDER_TYPE, GLX_RGBA_BIT, MASK },
   { GLX_DRAWABLE_TYPE, GLX_WINDOW_BIT, MASK },
   { GLX_X_RENDERABLE, DONT_CARE, EXACT },
   { GLX_X_VISUAL_TYPE, DONT_CARE, EXACT },
   { GLX_CONFIG_CAVEAT, DONT_CARE, EXACT },
   { GLX_TRANSPARENT_TYPE, GLX_NONE, EXACT },
   /* the transparent values count only with a transparent type (none here) */
   { GLX_TRANSPARENT_INDEX_VALUE, DONT_CARE, IGNORED },
   { GLX_TRANSPARENT_RED_VALUE, DONT_CARE, IGNORED },
   { GLX_TRANSPARENT_GREEN_VALUE, DONT_CARE, IGNORED },
   { GLX_TRANSPARENT_BLUE_VALUE, DONT_CARE, IGNORED },
   { GLX_TRANSPARENT_ALPHA_VALUE, DONT_CARE, IGNORED },
   /* not selection criteria */
   { GLX_MAX_PBUFFER_WIDTH, DONT_CARE, IGNORED },
   { GLX_MAX_PBUFFER_HEIGHT, DONT_CARE, IGNORED },
   { GLX_MAX_PBUFFER_PIXELS, DONT_CARE, IGNORED },
   { GLX_VISUAL_ID, DONT_CARE, IGNORED },
};
#define NUM_FB_CRITS (sizeof(fb_crits) / sizeof(fb_crits[0]))

struct fb_request {
   int value[NUM_FB_CRITS];
};

static int
crit_index(int attrib)
{
   for (unsigned i = 0; i < NUM_FB_CRITS; i++) {
      if (fb_crits[i].attrib == attrib)
         return (int)i;
   }
   return -1;
}

static int
req_value(const struct fb_request *r, int attrib)
{
   return r->value[crit_index(attrib)];
}

/* false: no terminator within GLX_MAX_ATTRIBS pairs */
static bool
parse_fb_request(struct glx_display *d, const int *attribs, struct fb_request *r)
{
   for (unsigned i = 0; i < NUM_FB_CRITS; i++)
      r->value[i] = fb_crits[i].dflt;
   for (unsigned n = 0; attribs && attribs[2 * n] != None; n++) {
      if (n >= GLX_MAX_ATTRIBS)
         return false;
      int i = crit_index(attribs[2 * n]);
      if (i < 0)
         glx_log(d, "glXChooseFBConfig: attribute 0x%x ignored", attribs[2 * n]);
      else
         r->value[i] = attribs[2 * n + 1];
   }
   return true;
}

static bool
fb_matches(const struct glx_screen *s, const struct glx_config *c, const struct fb_request *r)
{
   int id = req_value(r, GLX_FBCONFIG_ID);
   if (id != DONT_CARE)
      return c->id == id;   /* GLX_FBCONFIG_ID overrides every other attribute */
   for (unsigned i = 0; i < NUM_FB_CRITS; i++) {
      int want = r->value[i], have = attrib_of(s, c, fb_crits[i].attrib);
      if (want == DONT_CARE)
         continue;
      switch (fb_crits[i].match) {
      case EXACT:
         if (have != want)
            return false;
         break;
      case AT_LEAST:
         if (have < want)
            return false;
         break;
      case MASK:
         if ((have & want) != want)
            return false;
         break;
      case IGNORED:
         break;
      }
   }
   return true;
}

/* The bits of the channels a request names with a size above zero. */
static int
requested_bits(const struct glx_screen *s, const struct glx_config *c,
               const struct fb_request *r, int first)
{
   int sum = 0;
   for (int a = first; a < first + 4; a++) {
      int want = req_value(r, a);
      if (want != DONT_CARE && want > 0)
         sum += attrib_of(s, c, a);
   }
   return sum;
}

static int
caveat_rank(int caveat)
{
   return caveat == GLX_NONE ? 0 : caveat == GLX_SLOW_CONFIG ? 1 : 2;
}

static int
visual_type_rank(int type)
{
   static const int order[] = { GLX_TRUE_COLOR, GLX_DIRECT_COLOR, GLX_PSEUDO_COLOR,
                                GLX_STATIC_COLOR, GLX_GRAY_SCALE, GLX_STATIC_GRAY };
   for (int i = 0; i < 6; i++) {
      if (order[i] == type)
         return i;
   }
   return 6;
}

#define PREFER_SMALLER(x, y) do { if ((x) != (y)) return (x) < (y) ? -1 : 1; } while (0)
#define PREFER_LARGER(x, y) do { if ((x) != (y)) return (x) > (y) ? -1 : 1; } while (0)

/* GLX 1.4 section 3.3.3's sort order; the id breaks ties. */
static int
fb_compare(const struct glx_screen *s, const struct glx_config *a, const struct glx_config *b,
           const struct fb_request *r)
{
#define A(attr) attrib_of(s, a, attr)
#define B(attr) attrib_of(s, b, attr)
   PREFER_SMALLER(caveat_rank(A(GLX_CONFIG_CAVEAT)), caveat_rank(B(GLX_CONFIG_CAVEAT)));
   PREFER_LARGER(requested_bits(s, a, r, GLX_RED_SIZE), requested_bits(s, b, r, GLX_RED_SIZE));
   PREFER_SMALLER(A(GLX_BUFFER_SIZE), B(GLX_BUFFER_SIZE));
   PREFER_SMALLER(A(GLX_DOUBLEBUFFER), B(GLX_DOUBLEBUFFER));   /* single-buffered first */
   PREFER_SMALLER(A(GLX_AUX_BUFFERS), B(GLX_AUX_BUFFERS));
   PREFER_SMALLER(A(GLX_SAMPLE_BUFFERS), B(GLX_SAMPLE_BUFFERS));
   PREFER_SMALLER(A(GLX_SAMPLES), B(GLX_SAMPLES));
   PREFER_LARGER(A(GLX_DEPTH_SIZE), B(GLX_DEPTH_SIZE));
   PREFER_SMALLER(A(GLX_STENCIL_SIZE), B(GLX_STENCIL_SIZE));
   PREFER_LARGER(requested_bits(s, a, r, GLX_ACCUM_RED_SIZE),
                 requested_bits(s, b, r, GLX_ACCUM_RED_SIZE));
   PREFER_SMALLER(visual_type_rank(A(GLX_X_VISUAL_TYPE)), visual_type_rank(B(GLX_X_VISUAL_TYPE)));
   PREFER_SMALLER(a->id, b->id);
   return 0;
#undef A
#undef B
}

GLXFBConfig *
api_glXChooseFBConfig(Display *dpy, int screen, const int *attribs, int *nelements)
{
   struct glx_display *d = glx_display_get(dpy);
   if (nelements)
      *nelements = 0;
   if (!d || !nelements)
      return NULL;
   glx_display_lock(d);
   struct glx_screen *s = glx_display_screen(d, screen);
   struct fb_request r;
   unsigned *which = s ? malloc(s->num_configs * sizeof(*which)) : NULL;
   unsigned n = 0;
   GLXFBConfig *out = NULL;
   if (which && parse_fb_request(d, attribs, &r)) {
      for (unsigned i = 0; i < s->num_configs; i++) {
         if (!fb_matches(s, &s->configs[i], &r))
            continue;
         /* insertion: stable, and the lists are short */
         unsigned j = n++;
         while (j > 0 && fb_compare(s, &s->configs[i], &s->configs[which[j - 1]], &r) < 0) {
            which[j] = which[j - 1];
            j--;
         }
         which[j] = i;
      }
      out = config_array(s, which, n);
   }
   if (out)
      *nelements = (int)n;
   glx_display_unlock(d);
   free(which);
   return out;
}

int
api_glXGetFBConfigAttrib(Display *dpy, GLXFBConfig config, int attribute, int *value)
{
   struct glx_display *d = glx_display_get(dpy);
   if (!d)
      return GLX_NO_EXTENSION;
   glx_display_lock(d);
   const struct glx_config *c = glx_config_lookup(d, config);
   int ret = !c ? GLX_BAD_VISUAL : !value ? GLX_BAD_VALUE
                                          : glx_config_attrib(glx_config_screen(d, c), c,
                                                              attribute, value);
   glx_display_unlock(d);
   if (!c)
      glx_error(d, GLX_ERR(GLXBadFBConfig), X_GLXGetFBConfigs, 0);
   return ret;
}

/* The XVisualInfo of a visual, allocated by Xlib (the application XFrees it). */
static XVisualInfo *
visual_info(Display *dpy, int screen, VisualID id)
{
   XVisualInfo templ;
   memset(&templ, 0, sizeof(templ));
   templ.visualid = id;
   templ.screen = screen;
   int n = 0;
   return XGetVisualInfo(dpy, VisualIDMask | VisualScreenMask, &templ, &n);
}

XVisualInfo *
api_glXGetVisualFromFBConfig(Display *dpy, GLXFBConfig config)
{
   struct glx_display *d = glx_display_get(dpy);
   if (!d)
      return NULL;
   glx_display_lock(d);
   const struct glx_config *c = glx_config_lookup(d, config);
   int screen = c ? c->screen : 0;
   VisualID id = c ? c->visual_id : 0;
   glx_display_unlock(d);
   if (!c) {
      glx_error(d, GLX_ERR(GLXBadFBConfig), X_GLXGetFBConfigs, 0);
      return NULL;
   }
   return visual_info(dpy, screen, id);
}

/* --- GLX 1.2: glXChooseVisual, glXGetConfig ----------------------------------------- */

struct visual_request {
   bool rgba, double_buffered, stereo;
   int level, color[4], aux, depth, stencil, accum[4], sample_buffers, samples;
   int visual_type, caveat, transparent;   /* DONT_CARE unless named */
};

/* false: an attribute GLX 1.2 and its extensions do not name (its value,
 * if it has one, cannot be told from the next attribute), or no terminator */
static bool
parse_visual_request(struct glx_display *d, const int *attribs, struct visual_request *r)
{
   memset(r, 0, sizeof(*r));
   r->visual_type = r->caveat = r->transparent = DONT_CARE;
   for (unsigned i = 0; attribs && attribs[i] != None; i++) {
      if (i >= 2 * GLX_MAX_ATTRIBS)
         return false;
      int a = attribs[i];
      int *dst = NULL;
      switch (a) {
      case GLX_USE_GL:
         continue;
      case GLX_RGBA:
         r->rgba = true;
         continue;
      case GLX_DOUBLEBUFFER:
         r->double_buffered = true;
         continue;
      case GLX_STEREO:
         r->stereo = true;
         continue;
      case GLX_BUFFER_SIZE:             /* colour-index only: ignored in RGBA */
      case GLX_TRANSPARENT_INDEX_VALUE_EXT:
      case GLX_TRANSPARENT_RED_VALUE_EXT:
      case GLX_TRANSPARENT_GREEN_VALUE_EXT:
      case GLX_TRANSPARENT_BLUE_VALUE_EXT:
      case GLX_TRANSPARENT_ALPHA_VALUE_EXT:
         break;
      case GLX_LEVEL:
         dst = &r->level;
         break;
      case GLX_AUX_BUFFERS:
         dst = &r->aux;
         break;
      case GLX_RED_SIZE:
      case GLX_GREEN_SIZE:
      case GLX_BLUE_SIZE:
      case GLX_ALPHA_SIZE:
         dst = &r->color[a - GLX_RED_SIZE];
         break;
      case GLX_DEPTH_SIZE:
         dst = &r->depth;
         break;
      case GLX_STENCIL_SIZE:
         dst = &r->stencil;
         break;
      case GLX_ACCUM_RED_SIZE:
      case GLX_ACCUM_GREEN_SIZE:
      case GLX_ACCUM_BLUE_SIZE:
      case GLX_ACCUM_ALPHA_SIZE:
         dst = &r->accum[a - GLX_ACCUM_RED_SIZE];
         break;
      case GLX_SAMPLE_BUFFERS:
         dst = &r->sample_buffers;
         break;
      case GLX_SAMPLES:
         dst = &r->samples;
         break;
      case GLX_X_VISUAL_TYPE_EXT:
         dst = &r->visual_type;
         break;
      case GLX_VISUAL_CAVEAT_EXT:
         dst = &r->caveat;
         break;
      case GLX_TRANSPARENT_TYPE_EXT:
         dst = &r->transparent;
         break;
      default:
         glx_log(d, "glXChooseVisual: unknown attribute 0x%x", a);
         return false;
      }
      i++;   /* the value (None is 0 here, not the end) */
      if (dst)
         *dst = attribs[i];
   }
   return true;
}

static bool
visual_matches(const struct glx_screen *s, const struct glx_config *c,
               const struct visual_request *r)
{
#define HAVE(attr) attrib_of(s, c, attr)
   if (!r->rgba)
      return false;   /* colour index: no such visuals */
   if (HAVE(GLX_DOUBLEBUFFER) != r->double_buffered || HAVE(GLX_STEREO) != r->stereo ||
       HAVE(GLX_LEVEL) != r->level)
      return false;
   for (int i = 0; i < 4; i++) {
      if (HAVE(GLX_RED_SIZE + i) < r->color[i] || HAVE(GLX_ACCUM_RED_SIZE + i) < r->accum[i])
         return false;
   }
   if (HAVE(GLX_AUX_BUFFERS) < r->aux || HAVE(GLX_DEPTH_SIZE) < r->depth ||
       HAVE(GLX_STENCIL_SIZE) < r->stencil || HAVE(GLX_SAMPLE_BUFFERS) < r->sample_buffers ||
       HAVE(GLX_SAMPLES) < r->samples)
      return false;
   if ((r->visual_type != DONT_CARE && HAVE(GLX_X_VISUAL_TYPE) != r->visual_type) ||
       (r->caveat != DONT_CARE && HAVE(GLX_CONFIG_CAVEAT) != r->caveat) ||
       (r->transparent != DONT_CARE && HAVE(GLX_TRANSPARENT_TYPE) != r->transparent))
      return false;
   return true;
#undef HAVE
}

/* GLX 1.2: a requested size prefers the largest buffer, an unrequested
 * one the smallest (none); the stencil buffer and the multisample ones the
 * smallest that will do. */
static int
size_key(int have, int want)
{
   return want > 0 ? -have : have;   /* smaller key first */
}

static int
visual_compare(const struct glx_screen *s, const struct glx_config *a,
               const struct glx_config *b, const struct visual_request *r)
{
#define A(attr) attrib_of(s, a, attr)
#define B(attr) attrib_of(s, b, attr)
   PREFER_SMALLER(caveat_rank(A(GLX_CONFIG_CAVEAT)), caveat_rank(B(GLX_CONFIG_CAVEAT)));
   int ka = 0, kb = 0;
   for (int i = 0; i < 4; i++) {
      ka += size_key(A(GLX_RED_SIZE + i), r->color[i]);
      kb += size_key(B(GLX_RED_SIZE + i), r->color[i]);
   }
   PREFER_SMALLER(ka, kb);
   PREFER_SMALLER(A(GLX_AUX_BUFFERS), B(GLX_AUX_BUFFERS));
   PREFER_SMALLER(A(GLX_SAMPLE_BUFFERS), B(GLX_SAMPLE_BUFFERS));
   PREFER_SMALLER(A(GLX_SAMPLES), B(GLX_SAMPLES));
   PREFER_SMALLER(size_key(A(GLX_DEPTH_SIZE), r->depth), size_key(B(GLX_DEPTH_SIZE), r->depth));
   PREFER_SMALLER(A(GLX_STENCIL_SIZE), B(GLX_STENCIL_SIZE));
   ka = kb = 0;
   for (int i = 0; i < 4; i++) {
      ka += size_key(A(GLX_ACCUM_RED_SIZE + i), r->accum[i]);
      kb += size_key(B(GLX_ACCUM_RED_SIZE + i), r->accum[i]);
   }
   PREFER_SMALLER(ka, kb);
   PREFER_SMALLER(visual_type_rank(A(GLX_X_VISUAL_TYPE)), visual_type_rank(B(GLX_X_VISUAL_TYPE)));
   PREFER_SMALLER(a->id, b->id);
   return 0;
#undef A
#undef B
}

/* PONY_DEBUG=glx: what was asked */
static void
log_attribs(struct glx_display *d, const char *what, const int *attribs)
{
   char buf[256];
   size_t len = 0;
   buf[0] = '\0';
   for (unsigned i = 0; attribs && attribs[i] != None && i < 32 && len < sizeof(buf) - 12; i++)
      len += (size_t)snprintf(buf + len, sizeof(buf) - len, " 0x%x", attribs[i]);
   glx_log(d, "%s:%s", what, buf);
}

XVisualInfo *
api_glXChooseVisual(Display *dpy, int screen, int *attribs)
{
   struct glx_display *d = glx_display_get(dpy);
   if (!d)
      return NULL;
   glx_display_lock(d);
   struct glx_screen *s = glx_display_screen(d, screen);
   struct visual_request r;
   const struct glx_config *best = NULL;
   if (s && parse_visual_request(d, attribs, &r)) {
      /* the visuals' own configs: what a visual is to GLX 1.2 */
      for (unsigned i = 0; i < s->num_visuals; i++) {
         if (s->visuals[i].config < 0)
            continue;
         const struct glx_config *c = &s->configs[s->visuals[i].config];
         if (visual_matches(s, c, &r) && (!best || visual_compare(s, c, best, &r) < 0))
            best = c;
      }
   }
   VisualID id = best ? best->visual_id : 0;
   glx_display_unlock(d);
   if (!best) {
      if (d->debug)
         log_attribs(d, "glXChooseVisual: no visual matches", attribs);
      return NULL;
   }
   return visual_info(dpy, screen, id);
}

int
api_glXGetConfig(Display *dpy, XVisualInfo *vis, int attrib, int *value)
{
   struct glx_display *d = glx_display_get(dpy);
   if (!d)
      return GLX_NO_EXTENSION;
   if (!vis || !value)
      return GLX_BAD_VALUE;
   glx_display_lock(d);
   struct glx_screen *s = glx_display_screen(d, vis->screen);
   const struct glx_config *c = s ? glx_screen_visual_config(s, vis->visualid) : NULL;
   int ret;
   if (!s) {
      ret = GLX_BAD_SCREEN;
   } else if (!c) {
      /* a visual without GL: GLX_USE_GL says so, every other query fails */
      ret = attrib == GLX_USE_GL ? Success : GLX_BAD_VISUAL;
      if (attrib == GLX_USE_GL)
         *value = False;
   } else {
      ret = glx_config_attrib(s, c, attrib, value);
   }
   glx_display_unlock(d);
   return ret;
}
