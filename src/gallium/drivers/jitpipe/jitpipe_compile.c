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
 *
 * Process exit: programs often exit without destroying their contexts and
 * screens, and exit() then runs LLVM's static destructors under a compile
 * that is still running.  The one process-wide state here is the list of
 * screens whose thread runs and an atexit handler (also run if the driver
 * is unloaded) that stops and joins those threads; after it, jobs are
 * dropped.  Handlers run in the reverse order of their registration, and
 * LLVM registers the destructors of function-local statics when a compile
 * first uses them: a handler registered before them runs after them, and
 * piglit processes exiting mid-compile crashed in LLVM's code generator
 * (hiz-depth-read-fbo-d24-s0: 4 of 20 runs).  So compiles run on the
 * calling thread until one of them has run LLVM's code generator (a disk
 * cache hit does not: it registers nothing, and with a warm cache the
 * first background compile then crashed at exit in half the runs of
 * piglit's primitive-restart), which registers those destructors, and only
 * then is the handler installed and the thread started; each of
 * the next EXIT_REREGISTER compiles installs the handler once more after
 * it, so that a static first used by a later kind of compile is destroyed
 * after the thread has been joined too.
 */
#include <stdlib.h>
#include <string.h>

#include "compiler/ir/ir.h"
#include "irexec/irexec.h"
#include "jitpipe_screen.h"
#include "pony_jit.h"
#include "util/u_debug.h"

static pthread_mutex_t exit_lock = PTHREAD_MUTEX_INITIALIZER;
static struct jitpipe_screen *running;   /* screens with a compile thread (exit_lock) */
static atomic_bool exiting;
static bool llvm_warm;                   /* LLVM generated code (exit_lock) */
static unsigned exit_registrations;      /* exit_lock */

#define EXIT_REREGISTER 32

static void
stop_threads_at_exit(void)
{
   /* the threads take exit_lock after each compile: join them without it
    * (the joins are claimed under it, so jitpipe_compile_fini does not
    * join them again) */
   pthread_mutex_lock(&exit_lock);
   atomic_store(&exiting, true);
   struct jitpipe_screen *list = running;
   running = NULL;
   for (struct jitpipe_screen *js = list; js; js = js->exit_next) {
      pthread_mutex_lock(&js->queue_lock);
      js->queue_quit = true;
      pthread_cond_signal(&js->queue_cond);
      pthread_mutex_unlock(&js->queue_lock);
      js->thread_joined = true;
   }
   pthread_mutex_unlock(&exit_lock);
   for (struct jitpipe_screen *js = list; js; js = js->exit_next)
      pthread_join(js->thread, NULL);
}

/* After a compile: (re)install the exit handler, so that it runs before
 * the destructors that compile registered.  Called with exit_lock held. */
static void
after_compile_locked(struct jitpipe_screen *js)
{
   if (!llvm_warm)
      llvm_warm = pony_jit_codegen_count(js->jit) + pony_jit_codegen_count(js->wide_jit) > 0;
   if (llvm_warm && exit_registrations < EXIT_REREGISTER && !atomic_load(&exiting)) {
      exit_registrations++;
      atexit(stop_threads_at_exit);
   }
}

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
   } else if (!js->wide_jit) {
      snprintf(err, sizeof err, "no wide JIT");
   } else {
      ok = pony_jit_compile_fs(js->wide_jit, fs->ir, &v->key, &code, err, sizeof err) ==
           PONY_JIT_OK;
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

/* Give back what a job holds (when it never runs). */
static void
release_holds(struct jitpipe_fs *fs, struct jitpipe_variant *variant, struct jitpipe_vs *vs)
{
   if (vs) {
      jitpipe_vs_unref(vs);
      return;
   }
   if (variant) {
      pthread_mutex_lock(&fs->lock);
      variant->users--;
      pthread_mutex_unlock(&fs->lock);
   }
   jitpipe_fs_unref(fs);
}

static void
job_release(struct jitpipe_job *job)
{
   release_holds(job->fs, job->variant, job->vs);
   free(job);
}

static void
run_job(struct jitpipe_screen *js, struct jitpipe_job *job)
{
   if (job->vs) {
      jitpipe_vs_compile(js, job->vs);
      jitpipe_vs_unref(job->vs);
   } else {
      if (job->variant)
         compile_variant(js, job->fs, job->variant);   /* gives back the variant's hold */
      else
         compile_shader(js, job->fs);
      jitpipe_fs_unref(job->fs);
   }
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
      pthread_mutex_lock(&exit_lock);
      after_compile_locked(js);
      pthread_mutex_unlock(&exit_lock);
      pthread_mutex_lock(&js->queue_lock);
   }
   pthread_mutex_unlock(&js->queue_lock);
   return NULL;
}

void
jitpipe_compile_init(struct jitpipe_screen *js)
{
   /* tiered unless PONY_JIT=sync */
   const char *mode = getenv("PONY_JIT");
   js->sync = mode && !strcmp(mode, "sync");
   /* tiered: compile what has been drawn enough to pay for its compile
    * (sync: at first use, unless PONY_JIT_THRESHOLD says otherwise) */
   js->threshold = js->sync ? 0 : JITPIPE_THRESHOLD;
   const char *t = getenv("PONY_JIT_THRESHOLD");
   if (t && *t) {
      char *end;
      unsigned long long v = strtoull(t, &end, 10);
      if (!*end)
         js->threshold = v;
      else if (js->debug & (PONY_DEBUG_JIT | PONY_DEBUG_DRIVER))
         pony_log("jitpipe", "PONY_JIT_THRESHOLD=%s is not a number: ignored", t);
   }
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
   pthread_mutex_lock(&exit_lock);
   for (struct jitpipe_screen **p = &running; *p; p = &(*p)->exit_next) {
      if (*p == js) {
         *p = js->exit_next;
         break;
      }
   }
   bool join = js->thread_started && !js->thread_joined;
   js->thread_joined = true;
   pthread_mutex_unlock(&exit_lock);
   if (join)
      pthread_join(js->thread, NULL);
   /* what never ran: drop the holds (nothing is drawn any more) */
   while (js->queue_head) {
      struct jitpipe_job *job = js->queue_head;
      js->queue_head = job->next;
      job_release(job);
   }
   pthread_cond_destroy(&js->queue_cond);
   pthread_mutex_destroy(&js->queue_lock);
}

static void
push_job(struct jitpipe_screen *js, struct jitpipe_job *job)
{
   if (js->sync) {
      run_job(js, job);
      return;
   }
   /* lock order: exit_lock, then a queue's lock (stop_threads_at_exit too) */
   pthread_mutex_lock(&exit_lock);
   if (!llvm_warm && !atomic_load(&exiting)) {
      /* no code generated in this process yet: here, see "Process exit"
       * above (the lock keeps other screens' jobs behind this one) */
      run_job(js, job);
      after_compile_locked(js);
      pthread_mutex_unlock(&exit_lock);
      return;
   }
   if (atomic_load(&exiting)) {
      /* the process is exiting and LLVM may be going away: drop the job */
      pthread_mutex_unlock(&exit_lock);
      job_release(job);
      return;
   }
   pthread_mutex_lock(&js->queue_lock);
   if (!js->thread_started) {
      if (pthread_create(&js->thread, NULL, compile_thread, js) == 0) {
         js->thread_started = true;
         js->exit_next = running;
         running = js;
      } else {
         /* no thread: compile here, as PONY_JIT=sync does */
         pthread_mutex_unlock(&js->queue_lock);
         pthread_mutex_unlock(&exit_lock);
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
   pthread_mutex_unlock(&exit_lock);
}

void
jitpipe_compile_push(struct jitpipe_screen *js, struct jitpipe_fs *fs,
                     struct jitpipe_variant *variant)
{
   struct jitpipe_job *job = calloc(1, sizeof *job);

   if (!job) {
      /* no job: the shader stays interpreted, the variant on swpipe's path */
      release_holds(fs, variant, NULL);
      return;
   }
   job->fs = fs;
   job->variant = variant;
   push_job(js, job);
}

void
jitpipe_compile_push_vs(struct jitpipe_screen *js, struct jitpipe_vs *vs)
{
   struct jitpipe_job *job = calloc(1, sizeof *job);

   if (!job) {
      release_holds(NULL, NULL, vs);   /* it stays interpreted */
      return;
   }
   job->vs = vs;
   push_job(js, job);
}
