/*
 * pony_jit: compiles Pony IR to native code with LLVM's ORC LLJIT
 * (docs/jit.md).  One `struct pony_jit` owns the LLJIT instance, a
 * thread-safe LLVM context and a target machine for the host CPU; shaders
 * compiled through it (jit_ir.c) stay valid until they are freed or the
 * object is destroyed.
 *
 * Thread safety: every entry point may be called from any thread; compiles
 * are serialised by a mutex inside the object.  Compiled functions are
 * plain code and may run concurrently.  The only process-wide state is
 * LLVM's one-time native target initialisation (pthread_once).
 */
#ifndef PONY_JIT_H
#define PONY_JIT_H

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

struct ir_shader;
struct irexec_sampler_iface;
struct pony_jit;
struct pony_jit_shader;

#define PONY_JIT_MAX_CBUFS 16

/* A constant buffer as the compiled code reads it (same rules as irexec:
 * a 32-bit word not entirely inside [0, size) or in a buffer with
 * data == NULL reads as 0). */
struct pony_jit_cbuf {
   const void *data;
   uint32_t size;      /* bytes */
   uint32_t pad;
};

/* System values of a batch (irexec_env's and irexec_run_fragment_quad's
 * arguments; docs/jit.md).  Vertex ids: lane l reads vertex_ids[l] when
 * vertex_ids is non-NULL, else vertex_id_base + l (0 in fragment
 * shaders, as irexec); every lane reads instance_id; sample_id is 0.
 * sysvals == NULL reads as a zeroed struct (ids 0, the default step
 * budget 2^24, gl_FragCoord 0, back facing, textures 0).  Fields were only
 * ever added at the end: zero initialisers keep the defaults. */
struct pony_jit_sysvals {
   const int32_t *vertex_ids;
   int32_t vertex_id_base;
   int32_t instance_id;
   uint32_t max_steps;   /* irexec_env.max_steps: step budget per quad, 0 = 2^24 */
   /* Fragment shaders (W/4 quads, lanes 4q..4q+3 = quad q in irexec's lane
    * order): gl_FragCoord component c of lane l is frag_coord[c * W + l]
    * (irexec's frag_coord[l][c] of the lane's quad: x + 0.5, y + 0.5, z,
    * 1/w as the caller defines them; NULL reads 0), gl_FrontFacing of lane
    * l is bit l of front_facing (irexec's per-quad front_facing argument:
    * give the 4 lanes of a quad the same bit). */
   const float *frag_coord;
   uint32_t front_facing;
   /* Texture instructions: called as irexec calls env->sampler, one
    * request per quad with an active lane (NULL, or NULL members: the
    * results are 0, as irexec). */
   const struct irexec_sampler_iface *sampler;
   /* Inline sampling (docs/jit.md, "Inline sampling"): the textures of the
    * units whose pony_jit_tex_key says so, PONY_JIT_MAX_TEX_UNITS entries
    * indexed by binding (only read for those units; NULL otherwise). */
   const struct pony_jit_texture *textures;
};

#define PONY_JIT_MAX_TEX_UNITS 16
#define PONY_JIT_MAX_TEX_LEVELS 16

/* How the code samples one texture unit: what the generated code depends
 * on (part of a fused fragment variant's key; zero-fill).  kind 0: the
 * sampler callout. */
enum pony_jit_tex_kind {
   PONY_JIT_TEX_CALLOUT = 0,
   PONY_JIT_TEX_2D_UNORM8,     /* 2D, four 8-bit unorm channels (util_format_rgba8_unorm_bytes) */
};

struct pony_jit_tex_key {
   uint8_t kind;               /* enum pony_jit_tex_kind */
   uint8_t min_img_filter;     /* PIPE_TEX_FILTER_NEAREST / _LINEAR */
   uint8_t mag_img_filter;
   uint8_t min_mip_filter;     /* PIPE_TEX_MIPFILTER_* */
   uint8_t wrap_s, wrap_t;     /* PIPE_TEX_WRAP_REPEAT / _CLAMP_TO_EDGE / _MIRROR_REPEAT */
   int8_t cbyte[4];            /* byte of R, G, B, A in the texel; -1: 1.0 (A only) */
   uint8_t swizzle[4];         /* the view's PIPE_SWIZZLE_* */
};

/* A texture sampled inline, per draw: u_sampler_ctx's resolved levels and
 * the sampler state's LOD values.  Levels base_level..max_level are
 * filled (GL's b and q, within the texture's levels). */
struct pony_jit_texture {
   const uint8_t *data[PONY_JIT_MAX_TEX_LEVELS];   /* texel (0, 0) of the view's first layer */
   int32_t row_stride[PONY_JIT_MAX_TEX_LEVELS];    /* bytes */
   int32_t width[PONY_JIT_MAX_TEX_LEVELS], height[PONY_JIT_MAX_TEX_LEVELS];
   int32_t base_level, max_level;
   float lod_bias, min_lod, max_lod;
   uint32_t pad;
};

/* The ABI of a compiled shader (docs/jit.md): W invocations at once, SoA.
 *   inputs  [slot][comp][lane]: word (slot * 4 + comp) * W + lane
 *   outputs [slot][comp][lane]: same layout, every word written (0 where
 *           the shader writes nothing, as irexec)
 *   cbufs   PONY_JIT_MAX_CBUFS entries
 *   sysvals system values, step budget, sampler (NULL: all zero)
 * Slots are numbered as irexec numbers them (declaration order, arrays
 * take one slot per element).  Words are 32-bit: float bits, int/uint
 * bits, bools 0/1 on output and non-zero = true on input.
 *
 * Result: bit l (l < W) set when lane l discarded (irexec's discard mask
 * before its live-lane filter: AND it with the lanes that are live), and
 * bit PONY_JIT_RUNAWAY_SHIFT + q when quad q (lanes 4q..4q+3, one irexec
 * batch) ran out of steps: irexec's step budget (sysvals->max_steps, 0 =
 * 2^24) counted as irexec counts it, the quad stopping where irexec
 * stops its batch (outputs then hold what was written so far, as irexec's;
 * irexec's run functions return false for such a batch). */
#define PONY_JIT_RUNAWAY_SHIFT 16
#define PONY_JIT_RUNAWAY (0xfu << PONY_JIT_RUNAWAY_SHIFT)   /* any quad */
typedef uint32_t (*pony_jit_shader_func)(const uint32_t *inputs, uint32_t *outputs,
                                     const struct pony_jit_cbuf *cbufs,
                                     const struct pony_jit_sysvals *sysvals);

/* simd_width: 4, 8 or 16; 0 picks PONY_SIMD_WIDTH from the environment
 * (4|8|16), else 16 on AVX-512 hosts, 8 on AVX2 hosts, 4 otherwise.
 * Returns NULL with a message in err on failure. */
struct pony_jit *pony_jit_create(unsigned simd_width, char *err, unsigned err_size);
/* Frees the object and every shader compiled through it that is still
 * alive (their pony_jit_shader pointers become invalid). */
void pony_jit_destroy(struct pony_jit *jit);
unsigned pony_jit_simd_width(const struct pony_jit *jit);
const char *pony_jit_cpu_name(const struct pony_jit *jit);

enum pony_jit_status {
   PONY_JIT_OK,
   PONY_JIT_UNSUPPORTED,   /* the shader uses something not translated: use irexec */
   PONY_JIT_ERROR,         /* LLVM failed (message in err) */
};

/* Compiles @main of `shader` (not modified), with the functions it calls
 * inlined.  On PONY_JIT_OK *out is a
 * shader to run with pony_jit_shader_func(); otherwise err says why. */
enum pony_jit_status pony_jit_compile(struct pony_jit *jit, const struct ir_shader *shader,
                                      struct pony_jit_shader **out, char *err,
                                      unsigned err_size);
pony_jit_shader_func pony_jit_shader_func_get(const struct pony_jit_shader *s);
unsigned pony_jit_shader_num_inputs(const struct pony_jit_shader *s);   /* slots */
unsigned pony_jit_shader_num_outputs(const struct pony_jit_shader *s);
/* Frees the shader and its machine code (before pony_jit_destroy). */
void pony_jit_shader_destroy(struct pony_jit_shader *s);

/* The disk cache (docs/jit.md, "Disk cache"): compiled code is kept in
 * PONY_SHADER_CACHE_DIR (default $XDG_CACHE_HOME/pony, ~/.cache/pony),
 * keyed by the LLVM IR (which holds the variant key of fused fragment
 * functions), the CPU and its features, LLVM and the JIT's build, so a
 * program's second run compiles nothing; PONY_SHADER_CACHE=0 turns it off
 * (nothing is read or written).  Counters of one JIT object: */
struct pony_jit_cache_stats {
   bool enabled;            /* PONY_SHADER_CACHE was not 0 at creation */
   bool has_dir;            /* the directory exists and is used */
   uint64_t hits;           /* compiles whose code came from an entry file */
   uint64_t misses;         /* compiles that generated code (then written) */
   uint64_t shared;         /* compiles that reused the live code of an identical shader */
   uint64_t uncacheable;    /* modules the cache could not key (compiled as without it) */
   uint64_t writes;         /* entries written */
   uint64_t corrupt;        /* entries ignored (truncated, corrupt, foreign) and rewritten */
   uint64_t evictions;      /* entries deleted to keep the directory under its bound */
   uint64_t errors;         /* I/O failures (directory, writing); never fail a compile */
};
void pony_jit_get_cache_stats(struct pony_jit *jit, struct pony_jit_cache_stats *stats);
/* How many compiles ran LLVM's code generator (not those whose code came
 * from the disk cache or was shared): jitpipe's exit safety needs one to
 * have run before a compile may run on another thread. */
unsigned pony_jit_codegen_count(struct pony_jit *jit);
/* The cache directory, NULL when the cache is off or has no directory. */
const char *pony_jit_cache_dir(const struct pony_jit *jit);

#ifdef __cplusplus
}
#endif

#endif
