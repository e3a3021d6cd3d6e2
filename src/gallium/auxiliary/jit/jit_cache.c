/*
 * The on-disk cache of compiled shaders (docs/jit.md, "Disk cache").
 *
 * An entry is one file, <dir>/<sha256 key in hex>.pjc: a header (magic,
 * format version, payload size, the key, SHA-256 of the payload) followed
 * by the object file LLVM emitted for the module.  The key is SHA-256 of
 * the module's IR text after jit_cache_prepare() made it independent of
 * the process (absolute addresses and serial numbers replaced by names),
 * the CPU name and feature string, and the build identity (this module's
 * sources, LLVM's version and the loaded libLLVM file).  Readers validate
 * everything and treat any mismatch as a miss; writers write a temporary
 * file and rename it, so processes may share a directory.
 */
#include "jit_cache.h"

#include "util/u_debug.h"

#include <dirent.h>
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <llvm-c/Transforms/PassBuilder.h>
#include <llvm/Config/llvm-config.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#ifndef PONY_JIT_SOURCE_HASH
#define PONY_JIT_SOURCE_HASH "unknown"
#endif

#define JIT_CACHE_FORMAT 1
#define JIT_CACHE_DEFAULT_MB 256
#define JIT_CACHE_MAX_ENTRY (256u << 20)   /* larger files are not ours */
#define JIT_CACHE_RESCAN 256               /* writes between measurements */

static const char jit_cache_magic[8] = { 'P', 'O', 'N', 'Y', 'J', 'I', 'T', 'C' };

struct jit_cache_header {
   char magic[8];
   uint32_t format;
   uint32_t header_size;
   uint64_t payload_size;
   uint8_t key[JIT_CACHE_KEY_SIZE];
   uint8_t checksum[JIT_CACHE_KEY_SIZE];   /* SHA-256 of the payload */
};

/* SHA-256 (FIPS 180-4), small and slow enough for keys and checksums. */
struct sha256 {
   uint32_t h[8];
   uint8_t buf[64];
   uint64_t len;
};

static const uint32_t sha256_k[64] = {
   0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
   0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
   0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
   0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
   0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
   0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
   0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
   0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
};

static uint32_t
ror32(uint32_t x, unsigned n)
{
   return (x >> n) | (x << (32 - n));
}

static void
sha256_block(struct sha256 *c, const uint8_t *p)
{
   uint32_t w[64], v[8];
   for (unsigned i = 0; i < 16; i++)
      w[i] = (uint32_t)p[4 * i] << 24 | (uint32_t)p[4 * i + 1] << 16 |
             (uint32_t)p[4 * i + 2] << 8 | p[4 * i + 3];
   for (unsigned i = 16; i < 64; i++) {
      uint32_t s0 = ror32(w[i - 15], 7) ^ ror32(w[i - 15], 18) ^ (w[i - 15] >> 3);
      uint32_t s1 = ror32(w[i - 2], 17) ^ ror32(w[i - 2], 19) ^ (w[i - 2] >> 10);
      w[i] = w[i - 16] + s0 + w[i - 7] + s1;
   }
   memcpy(v, c->h, sizeof(v));
   for (unsigned i = 0; i < 64; i++) {
      uint32_t s1 = ror32(v[4], 6) ^ ror32(v[4], 11) ^ ror32(v[4], 25);
      uint32_t ch = (v[4] & v[5]) ^ (~v[4] & v[6]);
      uint32_t t1 = v[7] + s1 + ch + sha256_k[i] + w[i];
      uint32_t s0 = ror32(v[0], 2) ^ ror32(v[0], 13) ^ ror32(v[0], 22);
      uint32_t maj = (v[0] & v[1]) ^ (v[0] & v[2]) ^ (v[1] & v[2]);
      memmove(v + 1, v, 7 * sizeof(v[0]));
      v[4] += t1;
      v[0] = t1 + s0 + maj;
   }
   for (unsigned i = 0; i < 8; i++)
      c->h[i] += v[i];
}

static void
sha256_init(struct sha256 *c)
{
   static const uint32_t h0[8] = { 0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
                                   0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19 };
   memcpy(c->h, h0, sizeof(h0));
   c->len = 0;
}

static void
sha256_update(struct sha256 *c, const void *data, size_t n)
{
   const uint8_t *p = data;
   while (n) {
      unsigned used = c->len % 64, take = 64 - used;
      if (take > n)
         take = (unsigned)n;
      memcpy(c->buf + used, p, take);
      c->len += take;
      p += take;
      n -= take;
      if (c->len % 64 == 0)
         sha256_block(c, c->buf);
   }
}

static void
sha256_final(struct sha256 *c, uint8_t out[32])
{
   uint64_t bits = c->len * 8;
   uint8_t pad[72] = { 0x80 };
   unsigned n = (c->len % 64 < 56 ? 56 : 120) - c->len % 64;
   for (unsigned i = 0; i < 8; i++)
      pad[n + i] = (uint8_t)(bits >> (56 - 8 * i));
   sha256_update(c, pad, n + 8);
   for (unsigned i = 0; i < 8; i++)
      for (unsigned j = 0; j < 4; j++)
         out[4 * i + j] = (uint8_t)(c->h[i] >> (24 - 8 * j));
}

static void
sha256(const void *data, size_t n, uint8_t out[32])
{
   struct sha256 c;
   sha256_init(&c);
   sha256_update(&c, data, n);
   sha256_final(&c, out);
}

static void
hex(const uint8_t *b, unsigned n, char *out)
{
   for (unsigned i = 0; i < n; i++)
      snprintf(out + 2 * i, 3, "%02x", b[i]);
}

/* mkdir -p, 0700 as XDG asks for cache directories */
static bool
make_dirs(const char *path)
{
   char *p = strdup(path);
   if (!p)
      return false;
   for (char *s = p + 1;; s++) {
      if (*s != '/' && *s)
         continue;
      char c = *s;
      *s = 0;
      if (mkdir(p, 0700) && errno != EEXIST) {
         free(p);
         return false;
      }
      *s = c;
      if (!c)
         break;
   }
   free(p);
   struct stat st;
   return !stat(path, &st) && S_ISDIR(st.st_mode) && !access(path, R_OK | W_OK | X_OK);
}

static char *
default_dir(void)
{
   const char *xdg = getenv("XDG_CACHE_HOME"), *home = getenv("HOME");
   char *d = NULL;
   if (xdg && *xdg == '/') {
      if (asprintf(&d, "%s/pony", xdg) < 0)
         d = NULL;
   } else if (home && *home) {
      if (asprintf(&d, "%s/.cache/pony", home) < 0)
         d = NULL;
   }
   return d;
}

/* "<n>", "<n>K", "<n>M", "<n>G" (no suffix: MB) */
static uint64_t
max_size(void)
{
   const char *s = getenv("PONY_SHADER_CACHE_MAX_SIZE");
   uint64_t dflt = (uint64_t)JIT_CACHE_DEFAULT_MB << 20;
   if (!s || !*s)
      return dflt;
   char *end;
   errno = 0;
   unsigned long long n = strtoull(s, &end, 10);
   unsigned shift = 20;
   if (*end == 'K' || *end == 'k')
      shift = 10, end++;
   else if (*end == 'M' || *end == 'm')
      shift = 20, end++;
   else if (*end == 'G' || *end == 'g')
      shift = 30, end++;
   if (errno || end == s || *end || n == 0 || n > (UINT64_MAX >> shift)) {
      fprintf(stderr, "pony: PONY_SHADER_CACHE_MAX_SIZE=%s ignored (<n>[K|M|G], n > 0)\n", s);
      return dflt;
   }
   return (uint64_t)n << shift;
}

/* The build identity: the sources of this module (hashed by meson when
 * configuring: jit_cache.c, pony_jit.c, pony_jit_priv.h, the format and
 * the optimisation pipeline live there; what jit_ir.c and jit_fs.c
 * generate is in the IR text itself), LLVM's version and the libLLVM
 * actually loaded (path, size, mtime: a point release changes them). */
static char *
build_identity(void)
{
   Dl_info info;
   struct stat st = { 0 };
   const char *lib = "?";
   if (dladdr((void *)(uintptr_t)LLVMRunPasses, &info) && info.dli_fname) {
      lib = info.dli_fname;
      if (stat(lib, &st))
         memset(&st, 0, sizeof(st));
   }
   char *id = NULL;
   if (asprintf(&id, "pony-jit format %u sources %s; LLVM %s %s %lld %lld.%09ld", JIT_CACHE_FORMAT,
                PONY_JIT_SOURCE_HASH, LLVM_VERSION_STRING, lib, (long long)st.st_size,
                (long long)st.st_mtim.tv_sec, st.st_mtim.tv_nsec) < 0)
      id = NULL;
   return id;
}

void
jit_cache_init(struct jit_cache *c)
{
   memset(c, 0, sizeof(*c));
   c->enabled = pony_env_bool("PONY_SHADER_CACHE", true);
   c->stats.enabled = c->enabled;
   if (!c->enabled)
      return;
   c->build_id = build_identity();
   if (!c->build_id) {
      c->enabled = c->stats.enabled = false;
      return;
   }
   c->max_bytes = max_size();
   const char *env = getenv("PONY_SHADER_CACHE_DIR");
   c->dir = env && *env ? strdup(env) : default_dir();
   if (c->dir && !make_dirs(c->dir)) {
      free(c->dir);
      c->dir = NULL;
      c->stats.errors++;
   }
   c->stats.has_dir = c->dir != NULL;
}

void
jit_cache_fini(struct jit_cache *c)
{
   free(c->dir);
   free(c->build_id);
   free(c->exts);
   c->dir = c->build_id = NULL;
   c->exts = NULL;
}

/* ---- keys ---- */

static bool
has_inttoptr(LLVMValueRef v, unsigned depth)
{
   if (LLVMIsAConstantExpr(v)) {
      if (LLVMGetConstOpcode(v) == LLVMIntToPtr)
         return true;
   } else if (!LLVMIsAConstantArray(v) && !LLVMIsAConstantStruct(v) &&
              !LLVMIsAConstantVector(v)) {
      return false;
   }
   if (depth > 16)
      return true;   /* not expected; refuse rather than recurse */
   int n = LLVMGetNumOperands(v);
   for (int i = 0; i < n; i++)
      if (has_inttoptr(LLVMGetOperand(v, (unsigned)i), depth + 1))
         return true;
   return false;
}

/* The address a call's callee constant stands for, 0 if it is not one. */
static uint64_t
callee_address(LLVMValueRef callee)
{
   if (!LLVMIsAConstantExpr(callee) || LLVMGetConstOpcode(callee) != LLVMIntToPtr)
      return 0;
   LLVMValueRef i = LLVMGetOperand(callee, 0);
   return LLVMIsAConstantInt(i) ? LLVMConstIntGetZExtValue(i) : 0;
}

/* A name for the function at `addr` that is the same in every process
 * running the same binaries: its exported name, or its offset in its
 * object (static functions such as jit_tex_callout), with the object's
 * file name.  The code calls the symbol; the JIT object binds it to this
 * process's address, so a cached object is correct in any process whose
 * IR text (which holds the name) is the same. */
static bool
ext_name(uint64_t addr, char *name, unsigned size)
{
   Dl_info info;
   if (!addr || !dladdr((void *)(uintptr_t)addr, &info) || !info.dli_fname)
      return false;
   const char *base = strrchr(info.dli_fname, '/');
   base = base ? base + 1 : info.dli_fname;
   char id[512];
   if (info.dli_sname && (uintptr_t)info.dli_saddr == addr)
      snprintf(id, sizeof(id), "%s:%s", base, info.dli_sname);
   else if (info.dli_fbase && addr >= (uintptr_t)info.dli_fbase)
      snprintf(id, sizeof(id), "%s+0x%" PRIx64, base, addr - (uintptr_t)info.dli_fbase);
   else
      return false;
   uint8_t h[32];
   sha256(id, strlen(id), h);
   char hx[17];
   hex(h, 8, hx);
   snprintf(name, size, "pony_x_%s", hx);
   return true;
}

struct call_site {
   LLVMValueRef call;
   unsigned ext;
};

bool
jit_cache_prepare(struct jit_cache *c, LLVMModuleRef mod, const char *name, const char *cpu,
                  const char *features, uint8_t key[JIT_CACHE_KEY_SIZE], char *entry,
                  unsigned entry_size, unsigned *first_new_ext)
{
   LLVMValueRef main_fn = LLVMGetNamedFunction(mod, name);
   if (!main_fn)
      return false;
   for (LLVMValueRef g = LLVMGetFirstGlobal(mod); g; g = LLVMGetNextGlobal(g)) {
      LLVMValueRef init = LLVMGetInitializer(g);
      if (init && has_inttoptr(init, 0))
         return false;
   }

   /* find the calls through addresses, name their callees; nothing is
    * changed until every one has a name */
   struct call_site *sites = NULL;
   unsigned num_sites = 0, max_sites = 0, old_exts = c->num_exts;
   bool ok = true;
   for (LLVMValueRef f = LLVMGetFirstFunction(mod); f && ok; f = LLVMGetNextFunction(f)) {
      if (LLVMIsDeclaration(f))
         continue;
      LLVMLinkage l = LLVMGetLinkage(f);
      if (f != main_fn && l != LLVMInternalLinkage && l != LLVMPrivateLinkage) {
         ok = false;   /* another exported symbol: its name could collide */
         break;
      }
      for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(f); bb && ok; bb = LLVMGetNextBasicBlock(bb)) {
         for (LLVMValueRef in = LLVMGetFirstInstruction(bb); in && ok; in = LLVMGetNextInstruction(in)) {
            int n = LLVMGetNumOperands(in);
            uint64_t addr = LLVMIsACallInst(in) ? callee_address(LLVMGetCalledValue(in)) : 0;
            if (addr) {
               n--;   /* the callee is the call's last operand */
               char xn[40];
               if (!ext_name(addr, xn, sizeof(xn))) {
                  ok = false;
                  break;
               }
               unsigned e = 0;
               while (e < c->num_exts && strcmp(c->exts[e].name, xn))
                  e++;
               if (e < c->num_exts && c->exts[e].addr != addr) {
                  ok = false;   /* one name, two addresses: never seen; refuse */
                  break;
               }
               if (e == c->num_exts) {
                  if (c->num_exts == c->max_exts) {
                     unsigned m = c->max_exts ? 2 * c->max_exts : 32;
                     struct jit_cache_ext *x = realloc(c->exts, m * sizeof(*x));
                     if (!x) {
                        ok = false;
                        break;
                     }
                     c->exts = x;
                     c->max_exts = m;
                  }
                  snprintf(c->exts[e].name, sizeof(c->exts[e].name), "%s", xn);
                  c->exts[e].addr = addr;
                  c->num_exts++;
               }
               if (num_sites == max_sites) {
                  unsigned m = max_sites ? 2 * max_sites : 64;
                  struct call_site *x = realloc(sites, m * sizeof(*x));
                  if (!x) {
                     ok = false;
                     break;
                  }
                  sites = x;
                  max_sites = m;
               }
               sites[num_sites++] = (struct call_site){ in, e };
            }
            for (int i = 0; i < n; i++) {
               if (has_inttoptr(LLVMGetOperand(in, (unsigned)i), 0)) {
                  ok = false;
                  break;
               }
            }
         }
      }
   }
   if (!ok) {
      free(sites);
      c->num_exts = old_exts;
      return false;
   }

   /* rewrite: calls of named declarations, fixed names */
   for (unsigned i = 0; i < num_sites; i++) {
      const char *xn = c->exts[sites[i].ext].name;
      LLVMValueRef decl = LLVMGetNamedFunction(mod, xn);
      if (!decl)
         decl = LLVMAddFunction(mod, xn, LLVMGetCalledFunctionType(sites[i].call));
      LLVMSetOperand(sites[i].call, (unsigned)LLVMGetNumOperands(sites[i].call) - 1, decl);
   }
   free(sites);
   LLVMSetModuleIdentifier(mod, "pony", 4);
   LLVMSetSourceFileName(mod, "pony", 4);
   unsigned local = 0;
   for (LLVMValueRef f = LLVMGetFirstFunction(mod); f; f = LLVMGetNextFunction(f)) {
      if (LLVMIsDeclaration(f) || f == main_fn)
         continue;
      char ln[32];
      snprintf(ln, sizeof(ln), "pony_local_%u", local++);
      LLVMSetValueName2(f, ln, strlen(ln));
   }
   LLVMSetValueName2(main_fn, "pony_entry", 10);

   char *text = LLVMPrintModuleToString(mod);
   struct sha256 h;
   sha256_init(&h);
   sha256_update(&h, c->build_id, strlen(c->build_id) + 1);
   sha256_update(&h, cpu, strlen(cpu) + 1);
   sha256_update(&h, features, strlen(features) + 1);
   sha256_update(&h, text, strlen(text));
   sha256_final(&h, key);
   LLVMDisposeMessage(text);

   char hx[33];
   hex(key, 16, hx);
   snprintf(entry, entry_size, "pony_%s", hx);
   LLVMSetValueName2(main_fn, entry, strlen(entry));
   *first_new_ext = old_exts;
   return true;
}

/* ---- files ---- */

static char *
entry_path(const struct jit_cache *c, const uint8_t key[JIT_CACHE_KEY_SIZE])
{
   char hx[2 * JIT_CACHE_KEY_SIZE + 1], *p;
   hex(key, JIT_CACHE_KEY_SIZE, hx);
   if (asprintf(&p, "%s/%s.pjc", c->dir, hx) < 0)
      return NULL;
   return p;
}

static bool
read_all(int fd, void *buf, size_t n)
{
   uint8_t *p = buf;
   while (n) {
      ssize_t r = read(fd, p, n);
      if (r < 0 && errno == EINTR)
         continue;
      if (r <= 0)
         return false;
      p += r;
      n -= (size_t)r;
   }
   return true;
}

static bool
write_all(int fd, const void *buf, size_t n)
{
   const uint8_t *p = buf;
   while (n) {
      ssize_t r = write(fd, p, n);
      if (r < 0 && errno == EINTR)
         continue;
      if (r <= 0)
         return false;
      p += r;
      n -= (size_t)r;
   }
   return true;
}

bool
jit_cache_load(struct jit_cache *c, const uint8_t key[JIT_CACHE_KEY_SIZE], void **data,
               size_t *size)
{
   *data = NULL;
   *size = 0;
   if (!c->dir)
      return false;
   char *path = entry_path(c, key);
   if (!path)
      return false;
   int fd = open(path, O_RDONLY | O_CLOEXEC);
   free(path);
   if (fd < 0)
      return false;   /* no entry (or unreadable: rewritten like a corrupt one) */

   struct jit_cache_header hd;
   struct stat st;
   uint8_t *buf = NULL, sum[32];
   bool ok = !fstat(fd, &st) && st.st_size >= (off_t)sizeof(hd) &&
             read_all(fd, &hd, sizeof(hd)) && !memcmp(hd.magic, jit_cache_magic, 8) &&
             hd.format == JIT_CACHE_FORMAT && hd.header_size == sizeof(hd) &&
             hd.payload_size > 0 && hd.payload_size <= JIT_CACHE_MAX_ENTRY &&
             (uint64_t)st.st_size == sizeof(hd) + hd.payload_size &&
             !memcmp(hd.key, key, JIT_CACHE_KEY_SIZE);
   if (ok) {
      buf = malloc(hd.payload_size);
      ok = buf && read_all(fd, buf, hd.payload_size);
   }
   if (ok) {
      sha256(buf, hd.payload_size, sum);
      ok = !memcmp(sum, hd.checksum, sizeof(sum));
   }
   if (ok) {
      futimens(fd, NULL);   /* used now: evicted last (failure is harmless) */
      *data = buf;
      *size = hd.payload_size;
   } else {
      free(buf);
      c->stats.corrupt++;
   }
   close(fd);
   return ok;
}

struct dir_entry {
   struct timespec mtime;
   uint64_t size;
   char name[72];
};

static int
older_first(const void *a, const void *b)
{
   const struct dir_entry *x = a, *y = b;
   if (x->mtime.tv_sec != y->mtime.tv_sec)
      return x->mtime.tv_sec < y->mtime.tv_sec ? -1 : 1;
   if (x->mtime.tv_nsec != y->mtime.tv_nsec)
      return x->mtime.tv_nsec < y->mtime.tv_nsec ? -1 : 1;
   return strcmp(x->name, y->name);
}

/* Measures the directory (entries and temporary files: everything we
 * write) and, when it is over the bound, deletes the least recently used
 * entries until it is under 3/4 of it.  Temporary files older than an
 * hour (a writer that died) are deleted. */
static void
scan_and_evict(struct jit_cache *c)
{
   DIR *d = opendir(c->dir);
   if (!d) {
      c->stats.errors++;
      return;
   }
   struct dir_entry *ents = NULL;
   size_t num = 0, max = 0;
   uint64_t total = 0;
   time_t now = time(NULL);
   struct dirent *de;
   while ((de = readdir(d))) {
      size_t len = strlen(de->d_name);
      bool entry = len > 4 && !strcmp(de->d_name + len - 4, ".pjc");
      bool tmp = !strncmp(de->d_name, ".tmp-", 5);
      struct stat st;
      if ((!entry && !tmp) || len >= sizeof(ents[0].name) ||
          fstatat(dirfd(d), de->d_name, &st, AT_SYMLINK_NOFOLLOW) || !S_ISREG(st.st_mode))
         continue;
      if (tmp) {
         if (now - st.st_mtim.tv_sec > 3600)
            unlinkat(dirfd(d), de->d_name, 0);
         else
            total += (uint64_t)st.st_size;
         continue;
      }
      if (num == max) {
         size_t m = max ? 2 * max : 256;
         struct dir_entry *x = realloc(ents, m * sizeof(*x));
         if (!x)
            break;
         ents = x;
         max = m;
      }
      ents[num].mtime = st.st_mtim;
      ents[num].size = (uint64_t)st.st_size;
      memcpy(ents[num].name, de->d_name, len + 1);
      num++;
      total += (uint64_t)st.st_size;
   }
   if (total > c->max_bytes) {
      uint64_t target = c->max_bytes - c->max_bytes / 4;
      qsort(ents, num, sizeof(*ents), older_first);
      for (size_t i = 0; i < num && total > target; i++) {
         if (!unlinkat(dirfd(d), ents[i].name, 0) || errno == ENOENT) {
            total -= ents[i].size;
            c->stats.evictions++;
         }
      }
   }
   closedir(d);
   free(ents);
   c->bytes = total;
   c->measured = true;
   c->writes_since_scan = 0;
}

void
jit_cache_store(struct jit_cache *c, const uint8_t key[JIT_CACHE_KEY_SIZE], const void *data,
                size_t size)
{
   if (!c->dir || !size || size > JIT_CACHE_MAX_ENTRY)
      return;
   if (!c->measured)
      scan_and_evict(c);
   char *path = entry_path(c, key), *tmp = NULL;
   if (!path || asprintf(&tmp, "%s/.tmp-XXXXXX", c->dir) < 0) {
      free(path);
      c->stats.errors++;
      return;
   }
   struct jit_cache_header hd = { .format = JIT_CACHE_FORMAT, .header_size = sizeof(hd),
                                  .payload_size = size };
   memcpy(hd.magic, jit_cache_magic, sizeof(hd.magic));
   memcpy(hd.key, key, JIT_CACHE_KEY_SIZE);
   sha256(data, size, hd.checksum);
   int fd = mkostemp(tmp, O_CLOEXEC);
   bool ok = fd >= 0;
   if (ok) {
      ok = write_all(fd, &hd, sizeof(hd)) && write_all(fd, data, size);
      ok = !close(fd) && ok;
      ok = ok && !rename(tmp, path);
      if (!ok)
         unlink(tmp);
   }
   free(tmp);
   free(path);
   if (!ok) {
      c->stats.errors++;
      return;
   }
   c->stats.writes++;
   c->bytes += sizeof(hd) + size;
   if (c->bytes > c->max_bytes || ++c->writes_since_scan >= JIT_CACHE_RESCAN)
      scan_and_evict(c);
}
