/*
 * The demo scene of pony-demo and pony-gbm-demo (demo_scene.c): a sky
 * gradient, a checkered floor, a textured lit cube and a shiny sphere with
 * depth testing, drawn with fixed-function GL 1.1, and what checks it.
 */
#ifndef DEMO_SCENE_H
#define DEMO_SCENE_H

#include <stdbool.h>
#include <stdint.h>

#include <EGL/egl.h>
#include <GL/gl.h>

struct demo_textures {
   GLuint checker, bricks;
};

/* The program's name in messages (default "pony-demo"). */
extern const char *demo_prog;

void demo_make_textures(struct demo_textures *t);
/* The scene into the current w x h viewport; sphere_first swaps the draw
 * order (the depth test must make it the same picture). */
void demo_draw_scene(int w, int h, const struct demo_textures *t, bool sphere_first);
/* Probes of RGBA8 pixels (bottom row first) against colours computed on
 * the CPU: the number that differ (each printed). */
int demo_verify_probes(const uint8_t *px, int w, int h);
/* Pixels of two RGBA8 pictures differing by more than 1 in a channel. */
int demo_compare(const uint8_t *got, const uint8_t *want, int w, int h);
const char *demo_egl_error_name(EGLint err);
/* RGBA8 rows, bottom row first (as read from GL), to a PNG. */
bool demo_write_png(const char *path, const uint8_t *pixels, int w, int h);

#endif
