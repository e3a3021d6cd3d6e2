/*
 * The tiered start (docs/jitpipe.md): LLVM compiles run on one background
 * thread per screen, so creating a shader or drawing with a new state never
 * waits for them.  Until a shader's code is ready, fs_run_quad runs it with
 * irexec; until a fused variant is ready, its quads take swpipe's path.
 * Both give the same bytes as the compiled code, so when the swap happens
 * never shows in the picture.  PONY_JIT=sync compiles before drawing
 * instead (tests, benchmarks).
 *
 * A job holds a reference to its shader (jitpipe_fs) and, for a variant,
 * one of the variant's users, so neither goes away while it waits; results
 * are published with release stores that the drawing threads read with
 * acquire loads.
 */
#include <stdlib.h>
#include <string.h>

#include "compiler/ir/ir.h"
#include "irexec/irexec.h"
#include "jitpipe_screen.h"
#include "pony_jit.h"
#include "util/u_debug.h"

/* Compile the shader alone (fs_run_quad's code). */
static void
compile_shader(struct jitpipe_screen *js, struct jitpipe_fs *fs)
{
   struct pony_jit_shader *shader = NULL;
   char err[256] = "";

   switch (pony_jit_compile(js->jit, fs->ir, &shader, err, sizeof err)) {
   case PONY_JIT_OK:
      break;
   case PONY_JIT_UNSUPPORTED:
      atomic_store(&fs->unsupported, true);
      atomic_fetch_add(&js->fs_unsupported, 1);
      if (js->debug & PONY_DEBUG_JIT)
         pony_log("jitpipe", "fragment shader left to irexec: %s", err);
      return;
   default:
      atomic_store(&fs->unsupported, true);
      atomic_fetch_add(&js->fs_failed, 1);
      if (js->debug & (PONY_DEBUG_JIT | PONY_DEBUG_DRIVER))
         pony_log("jitpipe", "fragment shader failed to compile: %s", err);
      return;
   }
   /* the two numberings come from the same IR and must agree */
   if (pony_jit_shader_num_inputs(shader) != fs->num_inputs ||
       pony_jit_shader_num_outputs(shader) != fs->num_outputs) {
      if (js->debug & (PONY_DEBUG_JIT | PONY_DEBUG_DRIVER))
         pony_log("jitpipe", "slot counts differ (irexec %u/%u, JIT %u/%u): using irexec",
                  fs->num_inputs, fs->num_outputs, pony_jit_shader_num_inputs(shader),
                  pony_jit_shader_num_outputs(shader));
      atomic_store(&fs->unsupported, true);
      atomic_fetch_add(&js->fs_failed, 1);
      pony_jit_shader_destroy(shader);
      return;
   }
   fs->shader = shader;
   atomic_store_explicit(&fs->func, pony_jit_shader_func_get(shader), memory_order_release);
   atomic_fetch_add(&js->fs_compiled, 1);
   if (js->debug & PONY_DEBUG_JIT)
      pony_log("jitpipe", "fragment shader compiled (%u inputs, %u outputs)", fs->num_inputs,
               fs->num_outputs);
}

/* Compile one fused variant; give back the job's hold on it. */
static void
compile_variant(struct jitpipe_screen *js, struct jitpipe_fs *fs, struct jitpipe_variant *v)
{
   struct pony_jit_shader *code = NULL;
   char err[256] = "";
   bool ok = false;

   if (atomic_load(&fs->unsupported)) {
      snprintf(err, sizeof err, "the shader is not compiled");
   } else if (pony_jit_compile_fs(js->jit, fs->ir, &v->key, &code, err, sizeof err) ==
              PONY_JIT_OK) {
      ok = true;
   }
   if (ok) {
      atomic_fetch_add(&js->variants_compiled, 1);
      if (js->debug & PONY_DEBUG_JIT)
         pony_log("jitpipe", "fragment variant compiled (%u vertices, %u inputs, colour %s, "
                  "depth %s, blend %s)", v->key.num_verts, v->key.num_inputs,
                  v->key.cbytes ? "yes" : "no", v->key.depth_test ? "test" : "no",
                  v->key.blend ? "yes" : "no");
   } else {
      atomic_fetch_add(&js->variants_failed, 1);
      if (js->debug & (PONY_DEBUG_JIT | PONY_DEBUG_DRIVER))
         pony_log("jitpipe", "fragment variant not compiled: %s", err);
   }
   pthread_mutex_lock(&fs->lock);
   v->code = code;
   if (code)
      atomic_store_explicit(&v->func, pony_jit_fs_func_get(code), memory_order_release);
   v->users--;
   pthread_mutex_unlock(&fs->lock);
}

static void
run_job(struct jitpipe_screen *js, struct jitpipe_job *job)
{
   if (job->variant)
      compile_variant(js, job->fs, job->variant);
   else
      compile_shader(js, job->fs);
   jitpipe_fs_unref(job->fs);
   free(job);
}

static void *
compile_thread(void *data)
{
   struct jitpipe_screen *js = data;

   pthread_mutex_lock(&js->queue_lock);
   for (;;) {
      while (!js->queue_head && !js->queue_quit)
         pthread_cond_wait(&js->queue_cond, &js->queue_lock);
      if (js->queue_quit)
         break;
      struct jitpipe_job *job = js->queue_head;
      js->queue_head = job->next;
      if (!js->queue_head)
         js->queue_tail = NULL;
      pthread_mutex_unlock(&js->queue_lock);
      run_job(js, job);
      pthread_mutex_lock(&js->queue_lock);
   }
   pthread_mutex_unlock(&js->queue_lock);
   return NULL;
}

void
jitpipe_compile_init(struct jitpipe_screen *js)
{
   const char *mode = getenv("PONY_JIT");
   js->sync = mode && !strcmp(mode, "sync");
   pthread_mutex_init(&js->queue_lock, NULL);
   pthread_cond_init(&js->queue_cond, NULL);
}

void
jitpipe_compile_fini(struct jitpipe_screen *js)
{
   pthread_mutex_lock(&js->queue_lock);
   js->queue_quit = true;
   pthread_cond_signal(&js->queue_cond);
   pthread_mutex_unlock(&js->queue_lock);
   if (js->thread_started)
      pthread_join(js->thread, NULL);
   /* what never ran: drop the holds (nothing is drawn any more) */
   while (js->queue_head) {
      struct jitpipe_job *job = js->queue_head;
      js->queue_head = job->next;
      if (job->variant) {
         pthread_mutex_lock(&job->fs->lock);
         job->variant->users--;
         pthread_mutex_unlock(&job->fs->lock);
      }
      jitpipe_fs_unref(job->fs);
      free(job);
   }
   pthread_cond_destroy(&js->queue_cond);
   pthread_mutex_destroy(&js->queue_lock);
}

void
jitpipe_compile_push(struct jitpipe_screen *js, struct jitpipe_fs *fs,
                     struct jitpipe_variant *variant)
{
   struct jitpipe_job *job = calloc(1, sizeof *job);

   if (!job) {
      /* no job: the shader stays interpreted, the variant on swpipe's path */
      if (variant) {
         pthread_mutex_lock(&fs->lock);
         variant->users--;
         pthread_mutex_unlock(&fs->lock);
      }
      jitpipe_fs_unref(fs);
      return;
   }
   job->fs = fs;
   job->variant = variant;
   if (js->sync) {
      run_job(js, job);
      return;
   }
   pthread_mutex_lock(&js->queue_lock);
   if (!js->thread_started) {
      if (pthread_create(&js->thread, NULL, compile_thread, js) == 0) {
         js->thread_started = true;
      } else {
         /* no thread: compile here, as PONY_JIT=sync does */
         pthread_mutex_unlock(&js->queue_lock);
         run_job(js, job);
         return;
      }
   }
   if (js->queue_tail)
      js->queue_tail->next = job;
   else
      js->queue_head = job;
   js->queue_tail = job;
   pthread_cond_signal(&js->queue_cond);
   pthread_mutex_unlock(&js->queue_lock);
}
