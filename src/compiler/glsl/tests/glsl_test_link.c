#include "glsl_test_exec.h"
int main(void) {
   struct prog *P = build("#version 120\nvarying vec4 r0;\nuniform float u; uniform int k;\nvoid main() { r0 = vec4(u, float(k), 0.0, 0.0); gl_Position = vec4(0.0); }\n", NULL);
   for (unsigned i = 0; i < P->pi->num_uniforms; i++) printf("%s loc %d arr %d size %u\n", P->pi->uniforms[i].name, P->pi->uniforms[i].location, P->pi->uniforms[i].is_array, P->pi->uniforms[i].array_size);
   printf("%d\n", glsl_program_uniform_location(P->p, "u"));
   return 0; }
