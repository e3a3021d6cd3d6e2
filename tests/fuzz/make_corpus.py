#!/usr/bin/env python3
"""Writes the candidate seed inputs of the libFuzzer targets (docs/testing.md,
"libFuzzer targets"; the input layouts are in fuzz_glsl.c / fuzz_arbprog.c):

  tests/fuzz/make_corpus.py [--piglit DIR] OUT_GLSL OUT_ARBPROG

from piglit's shaders (GLSL 1.10, 1.20 and ES 1.00 compiler tests and the
shaders of their shader_test files; the ARB programs of asmparsertest and of
the ARB_vertex_program / ARB_fragment_program shader_test files) and from the
hand-written hostile cases below.  Every candidate gets a descriptive name.
The checked-in corpus (tests/fuzz/corpus/) is the subset libFuzzer's merge
keeps (the inputs that add coverage), under the same names:

  tests/fuzz/make_corpus.py /tmp/cand-glsl /tmp/cand-arbprog
  build-clang/tests/fuzz/fuzz-glsl -merge=1 /tmp/merged-glsl /tmp/cand-glsl
  tests/fuzz/make_corpus.py --rename /tmp/merged-glsl /tmp/cand-glsl tests/fuzz/corpus/glsl
"""
import hashlib
import os
import re
import shutil
import sys

PIGLIT = '/usr/lib/x86_64-linux-gnu/piglit/tests'

# fuzz_glsl.c byte 0
VERTEX, FRAGMENT, ES, PRECISION_HIGH, EXTENSIONS, PAIR, MEDIUMP_FP16, GL33 = 0, 1, 2, 4, 8, 16, 32, 64
ONE_STRING = 3
# fuzz_glsl.c byte 1 (with GL33, desktop)
GEOMETRY, COMPAT = 8, 16


def glsl_input(flags, text, split=ONE_STRING, cuts=(0, 0)):
    return bytes([flags, split, cuts[0], cuts[1]]) + text


def strip_config(text):
    """Drops piglit's leading /* [config] ... */ comment (it only costs
    executions)."""
    return re.sub(rb'^\s*/\*\s*\[config\].*?\*/\s*', b'', text, count=1, flags=re.S)


def config_of(text):
    m = re.search(rb'\[config\](.*?)\[end config\]', text, re.S)
    return m.group(1) if m else b''


def piglit_glsl(piglit):
    """(name, input) for the compiler tests and shader_test shaders."""
    for spec in ('glsl-1.10', 'glsl-1.20', 'glsl-es-1.00'):
        root = os.path.join(piglit, 'spec', spec)
        for dp, _, fn in sorted(os.walk(root)):
            for f in sorted(fn):
                path = os.path.join(dp, f)
                rel = os.path.relpath(path, root).replace('/', '-')
                data = open(path, 'rb').read()
                if f.endswith(('.vert', '.frag')):
                    cfg = config_of(data)
                    es = spec == 'glsl-es-1.00' or b'1.00' in cfg
                    flags = (FRAGMENT if f.endswith('.frag') else VERTEX) | (ES | PRECISION_HIGH if es else 0)
                    if re.search(rb'require_extensions:\s*\S', cfg):
                        flags |= EXTENSIONS
                    yield '%s-%s' % (spec, rel), glsl_input(flags, strip_config(data))
                elif f.endswith('.shader_test'):
                    for kind, stage in ((b'vertex shader', VERTEX), (b'fragment shader', FRAGMENT)):
                        m = re.search(rb'^\[' + kind + rb'\]\n(.*?)(?=^\[|\Z)', data, re.S | re.M)
                        if not m or len(m.group(1)) > 8192:
                            continue
                        src = m.group(1)
                        es = spec == 'glsl-es-1.00' or b'#version 100' in src
                        flags = stage | (ES | PRECISION_HIGH if es else 0) | PAIR
                        suffix = 'vert' if stage == VERTEX else 'frag'
                        yield '%s-%s.%s' % (spec, rel[:-len('.shader_test')], suffix), glsl_input(flags, src)
                        if es:
                            # linked again with mediump in half precision
                            yield ('%s-%s.fp16.%s' % (spec, rel[:-len('.shader_test')], suffix),
                                   glsl_input(flags | MEDIUMP_FP16, src))


def piglit_glsl33(piglit):
    """(name, input) for the GLSL 1.30-3.30 and ES 3.00 compiler tests and
    shader_test shaders, in a GL 3.3 / ES 3.0 context (geometry shaders
    too; '#version 1xx compatibility' in a compatibility profile)."""
    kinds = ((b'vertex shader', VERTEX, 0, 'vert'), (b'fragment shader', FRAGMENT, 0, 'frag'),
             (b'geometry shader', VERTEX, GEOMETRY, 'geom'))
    for spec in ('glsl-1.30', 'glsl-1.40', 'glsl-1.50', 'glsl-3.30', 'glsl-es-3.00'):
        root = os.path.join(piglit, 'spec', spec)
        es = spec == 'glsl-es-3.00'
        for dp, _, fn in sorted(os.walk(root)):
            for f in sorted(fn):
                path = os.path.join(dp, f)
                rel = os.path.relpath(path, root).replace('/', '-')
                data = open(path, 'rb').read()
                if f.endswith(('.vert', '.frag', '.geom')):
                    cfg = config_of(data)
                    flags = GL33 | (FRAGMENT if f.endswith('.frag') else VERTEX) | (ES | PRECISION_HIGH if es else 0)
                    if re.search(rb'require_extensions:\s*\S', cfg):
                        flags |= EXTENSIONS
                    split = ONE_STRING | (GEOMETRY if f.endswith('.geom') else 0)
                    if b'compatibility' in data.split(b'\n#version', 1)[-1][:40]:
                        split |= COMPAT
                    yield '%s-%s' % (spec, rel), glsl_input(flags, strip_config(data), split)
                elif f.endswith('.shader_test'):
                    for kind, stage, geom, suffix in kinds:
                        m = re.search(rb'^\[' + kind + rb'\]\n(.*?)(?=^\[|\Z)', data, re.S | re.M)
                        if not m or len(m.group(1)) > 8192:
                            continue
                        src = m.group(1)
                        flags = GL33 | stage | (ES | PRECISION_HIGH if es else 0) | PAIR
                        split = ONE_STRING | geom | (COMPAT if b'compatibility' in src[:200] else 0)
                        yield ('%s-%s.%s' % (spec, rel[:-len('.shader_test')], suffix),
                               glsl_input(flags, src, split))


def piglit_arbprog(piglit):
    """(name, input) for the ARB programs: byte 0 is the target."""
    for sub, target in (('ARBvp1.0', 0), ('ARBfp1.0', 1)):
        root = os.path.join(piglit, 'asmparsertest', 'shaders', sub)
        for f in sorted(os.listdir(root)) if os.path.isdir(root) else []:
            data = open(os.path.join(root, f), 'rb').read()
            yield 'asmparsertest-%s-%s' % (sub, f), bytes([target]) + data
    for spec in ('arb_vertex_program', 'arb_fragment_program', 'arb_fragment_program_shadow'):
        root = os.path.join(piglit, 'spec', spec)
        for dp, _, fn in sorted(os.walk(root)):
            for f in sorted(fn):
                if not f.endswith('.shader_test'):
                    continue
                data = open(os.path.join(dp, f), 'rb').read()
                rel = os.path.relpath(os.path.join(dp, f), root).replace('/', '-')[:-len('.shader_test')]
                for kind, target, suffix in ((b'vertex program', 0, 'vp'), (b'fragment program', 1, 'fp')):
                    m = re.search(rb'^\[' + kind + rb'\]\n(.*?)(?=^\[|\Z)', data, re.S | re.M)
                    if m:
                        yield '%s-%s.%s' % (spec, rel, suffix), bytes([target]) + m.group(1)


def hand_glsl():
    """Hostile GLSL sources: (name, flags, text[, split, cuts])."""
    V, F = VERTEX, FRAGMENT
    E = ES | PRECISION_HIGH
    main = b'void main() { gl_Position = vec4(0.0); }\n'
    fmain = b'void main() { gl_FragColor = vec4(1.0); }\n'
    cases = [
        ('deep-parens', V, b'void main() { gl_Position = vec4(' + b'(' * 3000 + b'1.0' + b')' * 3000 + b'); }\n'),
        ('deep-blocks', V, b'void main() {' + b'{' * 3000 + b'}' * 3000 + b'}\n'),
        ('deep-if', F, b'void main() {' + b'if (true) ' * 1500 + b'gl_FragColor = vec4(1.0); }\n'),
        ('deep-unary', V, b'void main() { float f = ' + b'-' * 5000 + b'1.0; }\n'),
        ('deep-pp-if', V, b'#if 1\n' * 300 + b'#endif\n' * 300 + main),
        ('deep-pp-expr', V, b'#if ' + b'(' * 2000 + b'1' + b')' * 2000 + b'\n#endif\n' + main),
        ('macro-exponential', V, b''.join(b'#define M%d M%d M%d\n' % (i + 1, i, i) for i in range(40))
         .replace(b'M0 M0', b'x x') + b'M40\n' + main),
        ('macro-self', V, b'#define f(x) f(x) f(x)\n#define g g g\nf(g)\n' + main),
        ('macro-unterminated-args', V, b'#define f(x, y) x y\nf(1, (2\n' + main),
        ('macro-many-params', V, b'#define f(' + b','.join(b'p%d' % i for i in range(300)) + b') p0\n' + main),
        ('macro-paste-stringify', V, b'#define a(x) #x ## x\na(1)\n' + main),
        ('unterminated-comment', V, main + b'/* never closed'),
        ('unterminated-if', V, b'#if 1\n' + main),
        ('unterminated-block', F, b'void main() { gl_FragColor = vec4(1.0);'),
        ('unterminated-paren', F, b'void main() { gl_FragColor = vec4((1.0); }'),
        ('nul-in-source', V, b'void main() {\x00 gl_Position = vec4(0.0); }\n'),
        ('nul-in-comment', V, b'// \x00 hidden\n/* \x00 */' + main),
        ('high-bytes', V, b'\xef\xbb\xbf' + main + b'// \xff\xfe\xc3\xa9\n'),
        ('cr-lines', F, fmain.replace(b' ', b'\r\n')),
        ('line-continuation-token', V, b'vo\\\nid ma\\\r\nin() { gl_Position = vec4(0.0); }\n'),
        ('huge-literals', V, b'void main() { int i = 99999999999999999999999; float f = 1e99999; '
         b'float g = 1e-99999; int h = 0xffffffffffffffffff; int o = 0777777777777777777777; gl_Position = vec4(f); }\n'),
        ('int-min', V, b'void main() { int i = -2147483648; int j = i / -1; int k = 2147483647 + 1; gl_Position = vec4(float(j + k)); }\n'),
        ('const-int-overflow', V, b'const int a = 2147483647 * 2147483647; const int b = -2147483647 - 1;'
         b'const int c = b / -1; const int d = 1 / 0; const float e = 1.0 / 0.0;' + main),
        ('pp-int-overflow', V, b'#if -9223372036854775807 - 1 / -1\n#endif\n#if (-9223372036854775807 - 1) % -1\n#endif\n'
         b'#if 1 << 64\n#endif\n#if 1 >> -1\n#endif\n#if 1 / 0\n#endif\n#if 1 % 0\n#endif\n' + main),
        ('line-huge', V, b'#line 4294967295 4294967295\n#line 2147483647\n' + main + b'error here\n'),
        ('long-identifier', V, b'float ' + b'a' * 5000 + b';\n#define ' + b'b' * 2000 + b' 1\n' + main),
        ('array-sizes', V, b'float a[2147483647]; float b[-1]; float c[0]; float d[4294967296];'
         b'uniform vec4 u[100000];' + main),
        ('many-decls', V, b''.join(b'float v%d = %d.0;\n' % (i, i) for i in range(800)) + main),
        ('many-args', V, b'void main() { gl_Position = vec4(' + b'1.0, ' * 500 + b'1.0); }\n'),
        ('struct-deep', V, b''.join(b'struct S%d { S%d s; float f[2]; };\n' % (i + 1, i) for i in range(200))
         .replace(b'S0 s;', b'float s;') + b'uniform S200 u;' + main),
        ('swizzle-chain', V, b'void main() { vec4 v = vec4(1.0); gl_Position = v' + b'.xyzw' * 500 + b'; }\n'),
        ('recursion', V, b'float f(float x); float g(float x) { return f(x); } float f(float x) { return g(x); }'
         b'void main() { gl_Position = vec4(f(1.0)); }\n'),
        ('self-recursion', F, b'float f(float x) { return f(x) + 1.0; } void main() { gl_FragColor = vec4(f(1.0)); }\n'),
        ('constructor-matrices', V, b'void main() { mat4 m = mat4(mat2(1.0)); mat2 n = mat2(m); mat3 o = mat3(vec4(1.0), vec4(2.0), 1.0);'
         b'mat2x3 p = mat2x3(m); gl_Position = m[3] * n[1][1] * o[2][2] * p[1][2]; }\n'),
        ('version-late', V, main + b'#version 120\n'),
        ('version-bad', V, b'#version 999999999999\n' + main),
        ('version-es-on-desktop', V, b'#version 100\n' + main),
        ('version-desktop-on-es', V | E, b'#version 120\n' + main),
        ('extension-all', F | EXTENSIONS, b'#extension all : require\n#extension all : enable\n'
         b'#extension GL_ARB_texture_rectangle : enable\nuniform sampler2DRect s;\n'
         b'void main() { gl_FragColor = texture2DRect(s, vec2(0.0)); }\n'),
        ('es-precision', F | ES, b'#version 100\nprecision highp float; precision lowp sampler2D; precision mediump int;'
         b'uniform lowp sampler2D s; varying mediump vec2 t;'
         b'void main() { highp vec4 c = texture2D(s, t); gl_FragColor = c; }\n'),
        ('es-loops', F | E, b'#version 100\nprecision mediump float;\nvoid main() { for (int i = 0; i < 4; i++) '
         b'{ for (int j = i; j < 1000000; j += 2) { if (j > 2) break; } } gl_FragColor = vec4(1.0); }\n'),
        ('uniform-init', V, b'#version 120\nuniform float f = 1.0; uniform vec4 a[2] = vec4[2](vec4(1.0), vec4(2.0));'
         b'const float c[3] = float[](1.0, 2.0, 3.0);\nvoid main() { gl_Position = a[1] * f * c.length(); }\n'),
        ('split-in-token', V, main, 2, (0, 9)),
        ('split-three', V, b'#define X 1\n#if X\n' + main + b'#endif\n', 0x2, (70, 150)),
        ('split-nul-terminated', V, b'#version 110\n' + main, 0x6, (30, 90)),
        ('linked-varyings', F | PAIR, b'varying vec4 v; uniform sampler2D s; uniform mat4 m[2];'
         b'void main() { gl_FragColor = texture2D(s, v.xy) * m[1][0]; }\n'),
        ('linked-attribs', V | PAIR, b'attribute vec4 attr; attribute mat4 ma; varying vec4 v;'
         b'void main() { v = attr; gl_Position = ma * gl_Vertex; gl_PointSize = 1.0; gl_ClipVertex = attr; }\n'),
        ('builtin-state', V | PAIR, b'void main() { gl_Position = gl_ModelViewProjectionMatrix * gl_Vertex;'
         b'gl_FrontColor = gl_LightSource[7].diffuse * gl_FrontMaterial.ambient;'
         b'gl_TexCoord[1] = gl_TextureMatrix[1] * gl_MultiTexCoord1; gl_FogFragCoord = gl_Fog.start; }\n'),
        ('es-mediump-half', F | E | PAIR | MEDIUMP_FP16, b'#version 100\nprecision mediump float;\n'
         b'uniform highp float u; uniform sampler2D s; varying vec2 t;\n'
         b'mediump float f(mediump float x, inout lowp vec2 y) { y *= x; return x * 3.0; }\n'
         b'void main() { lowp vec2 y = t; mediump float d = fract(u * 0.0001); d += f(d, y);\n'
         b'  for (int i = 0; i < 5; i++) d = fract(3.0 * d);\n'
         b'  gl_FragColor = texture2D(s, y) * vec4(d, sqrt(d), d * d > 0.5 ? 1.0 : 0.0, 1.0); }\n'),
        ('frag-data', F | PAIR, b'void main() { gl_FragData[0] = gl_TexCoord[0]; gl_FragDepth = gl_FragCoord.z; if (gl_FrontFacing) discard; }\n'),
        # GL 3.3 / ES 3.0 contexts (GLSL 1.30-3.30, ES 3.00)
        ('gl33-switch-many', F | GL33 | PAIR, b'#version 130\nflat in int k; out vec4 c;\nvoid main() { switch (k) {'
         + b''.join(b'case %d: c = vec4(%d.0); break; ' % (i, i) for i in range(400))
         + b'default: c = vec4(0.0); case 400: c += vec4(1.0); } }\n'),
        ('gl33-switch-bad', F | GL33, b'#version 130\nout vec4 c;\nvoid main() { int k = 1; switch (k) { case 1: case 1: '
         b'default: default: break; case 2.0: { case 3: } } switch (1u) { } switch (k) { break; } c = vec4(0.0); }\n'),
        ('gl33-ubo-huge', V | GL33 | PAIR, b'#version 330\nlayout(std140, row_major) uniform B { vec4 a[100000]; '
         b'mat4 m[2147483647]; } b[2147483647];\nlayout(shared) uniform C { float f[]; };\n'
         b'void main() { gl_Position = b[0].a[99999] * b[1].m[7][0]; }\n'),
        ('gl33-blocks-nested', V | GL33 | PAIR, b'#version 150\nstruct S { vec4 v[3]; mat2x3 m; };\n'
         b'out Block { S s[4]; flat ivec2 i; noperspective float f[2]; } blk[2];\nuniform U { S us[2]; layout(column_major) mat3 cm; };\n'
         b'void main() { blk[1].s[3].v[2] = us[1].v[0]; blk[0].i = ivec2(cm[2].xy); gl_Position = vec4(blk.length()); }\n'),
        ('gl33-geometry-limits', V | GL33 | PAIR, b'#version 150\nlayout(triangles_adjacency, invocations = 32) in;\n'
         b'layout(triangle_strip, max_vertices = 2147483647) out;\nlayout(points, max_vertices = 3) out;\n'
         b'in vec4 v[]; out vec4 o;\nvoid main() { for (int i = 0; i < gl_in.length(); i++) { o = v[i]; '
         b'gl_Position = gl_in[i].gl_Position; gl_Layer = i; gl_PrimitiveID = gl_PrimitiveIDIn; EmitVertex(); } EndPrimitive(); }\n',
         ONE_STRING | GEOMETRY, (0, 0)),
        ('gl33-integers', V | GL33 | PAIR, b'#version 330\nlayout(location = 2147483647) in uvec4 u; layout(location = 15) in ivec3 i;\n'
         b'const uint big = 4294967295u + 1u; const int sh = 1 << 33; const int sh2 = -1 >> 40; const uint m = 7u % 0u;\n'
         b'void main() { uvec4 x = u << i.x; x >>= 31u; x ^= ~u | (u & 0xffffffffu); ivec3 d = i / 0 + i % ivec3(0);\n'
         b'gl_Position = vec4(x) + vec4(intBitsToFloat(i), uintBitsToFloat(x.w)) + vec4(float(big), sh, sh2, m); }\n'),
        ('gl33-texturing', F | GL33 | PAIR, b'#version 330\nuniform isampler2DArray ia; uniform usamplerCube uc; '
         b'uniform sampler2DMS ms; uniform samplerBuffer sb; uniform sampler2DRectShadow rs; uniform samplerCubeShadow cs;\n'
         b'in vec3 t; layout(location = 1, index = 1) out vec4 c;\nvoid main() { c = vec4(texelFetch(ia, ivec3(t), 99999)) '
         b'+ vec4(textureLod(uc, t, -1e30)) + texelFetch(ms, ivec2(-7), 2147483647) + texelFetch(sb, 1 << 30) '
         b'+ vec4(texture(rs, t), texture(cs, t.xyzz), textureSize(ia, 1000).x, 0.0) + textureOffset(ia, t, ivec2(-2147483647, 8)).x; }\n'),
        ('gl33-es300', F | E | GL33 | PAIR, b'#version 300 es\nprecision mediump float;\nlayout(location = 0) out vec4 c;\n'
         b'layout(location = 0) out ivec4 d;\nin vec4 v; flat in uint k;\nuniform highp usampler2D s;\n'
         b'void main() { c = vec4(texture(s, v.xy)) * float(k >> 31u); for (uint i = 0u; i < k; i++) c = fract(c * 3.0); }\n'),
        ('gl33-compat-150', V | GL33 | PAIR, b'#version 150 compatibility\nout vec4 v;\n'
         b'void main() { v = gl_Color * gl_ModelViewMatrix[1]; gl_ClipDistance[7] = 1.0; gl_Position = ftransform(); }\n',
         ONE_STRING | COMPAT, (0, 0)),
    ]
    for c in cases:
        name, flags, text = c[0], c[1], c[2]
        split, cuts = (c[3], c[4]) if len(c) > 3 else (ONE_STRING, (0, 0))
        yield 'hand-' + name, glsl_input(flags, text, split, cuts)


def hand_arbprog():
    """Hostile ARB programs: (name, target | small limits << 1, text)."""
    vp, fp = 0, 1
    small = 2
    mov = b'MOV result.position, vertex.position;\n'
    cases = [
        ('huge-param-array', vp, b'!!ARBvp1.0\nPARAM a[4294967295] = { program.local[0..4294967295] };\n' + mov + b'END\n'),
        ('param-range-backwards', vp, b'!!ARBvp1.0\nPARAM a[2] = { program.env[5..3] };\n' + mov + b'END\n'),
        ('arl-out-of-range', vp, b'!!ARBvp1.0\nADDRESS A0;\nPARAM p[4] = { program.local[0..3] };\nARL A0.x, vertex.position.x;\n'
         b'MOV result.position, p[A0.x + 63];\nMOV result.color, p[A0.x - 64];\nEND\n'),
        ('unterminated-comment-line', fp, b'!!ARBfp1.0\n# no newline at the end'),
        ('no-end', fp, b'!!ARBfp1.0\nMOV result.color, fragment.color;\n'),
        ('nul-byte', fp, b'!!ARBfp1.0\nMOV result.color,\x00 fragment.color;\nEND\n'),
        ('after-end', fp, b'!!ARBfp1.0\nMOV result.color, fragment.color;\nEND\n\x00\xff garbage'),
        ('huge-numbers', vp, b'!!ARBvp1.0\nPARAM c = { 1e99999, -1e-99999, 340282356779733661637539395458142568448, 4294967296 };\n'
         b'MOV result.position, c;\nEND\n'),
        ('swizzles', vp, b'!!ARBvp1.0\nTEMP t;\nSWZ t, vertex.position, -x, 0, +1, w;\nSWZ t, t, x, y, z, w, x;\n'
         b'MOV t.xyzw, -t.wzyx;\nMOV t.xw, t.x;\nMOV result.position, t.xyzwx;\nEND\n'),
        ('many-temps', vp | small, b'!!ARBvp1.0\nTEMP ' + b', '.join(b't%d' % i for i in range(100)) + b';\n' + mov + b'END\n'),
        ('many-instructions', fp | small, b'!!ARBfp1.0\nTEMP t;\n' + b'ADD t, t, fragment.color;\n' * 50
         + b'TEX t, t, texture[0], 2D;\nTEX t, t, texture[1], 2D;\nTEX t, t, texture[0], 2D;\nMOV result.color, t;\nEND\n'),
        ('tex-targets', fp, b'!!ARBfp1.0\nOPTION ARB_fragment_program_shadow;\nTEMP t;\n'
         b'TEX t, fragment.texcoord[0], texture[0], SHADOW2D;\nTXP t, fragment.texcoord[1], texture[1], RECT;\n'
         b'TXB t, fragment.texcoord[2], texture[2], CUBE;\nTEX t, t, texture[0], 2D;\nTEX t, t, texture[7], 3D;\n'
         b'TEX t, t, texture[8], 1D;\nKIL -t;\nMOV result.color, t;\nEND\n'),
        ('options', fp, b'!!ARBfp1.0\nOPTION ARB_fog_exp2;\nOPTION ARB_fog_linear;\nOPTION ARB_precision_hint_nicest;\n'
         b'OPTION ARB_precision_hint_fastest;\nOPTION ARB_nonexistent;\nMOV result.color, fragment.color;\nEND\n'),
        ('state-bindings', vp, b'!!ARBvp1.0\nPARAM s[] = { state.matrix.mvp.row[0..3], state.light[7].spot.direction,'
         b' state.lightprod[0].back.specular, state.texgen[7].eye.q, state.clip[5].plane, state.matrix.palette[31].inverse,'
         b' state.matrix.program[3].invtrans.row[2], state.point.attenuation, state.fog.params };\n'
         b'DP4 result.position.x, s[0], vertex.position;\nEND\n'),
        ('alias-cycles', vp, b'!!ARBvp1.0\nALIAS a = b;\nALIAS b = a;\nALIAS c = vertex.position;\nMOV result.position, c;\nEND\n'),
        ('outputs', vp, b'!!ARBvp1.0\nOPTION ARB_position_invariant;\nOUTPUT o = result.color.back.secondary;\n'
         b'MOV o, vertex.attrib[15];\nMOV result.pointsize, vertex.weight;\nMOV result.texcoord[7], vertex.texcoord[7];\n'
         b'MOV result.fogcoord.x, vertex.fogcoord;\nEND\n'),
        ('long-line', vp, b'!!ARBvp1.0\n' + b'#' * 20000 + b'\n' + mov + b'END\n'),
        ('long-identifier', vp, b'!!ARBvp1.0\nTEMP ' + b'x' * 5000 + b';\n' + mov + b'END\n'),
        ('wrong-header', fp, b'!!ARBvp1.0\nMOV result.color, fragment.color;\nEND\n'),
        ('empty-header', fp, b'!!ARBfp1.0'),
    ]
    for name, flags, text in cases:
        yield 'hand-' + name, bytes([flags]) + text


def write_all(out, items):
    os.makedirs(out, exist_ok=True)
    names = set()
    for name, data in items:
        name = re.sub(r'[^A-Za-z0-9._+-]', '_', name)
        while name in names:
            name += '_'
        names.add(name)
        with open(os.path.join(out, name), 'wb') as f:
            f.write(data)
    return len(names)


def rename(merged, candidates, out):
    """Copies the candidates whose contents libFuzzer's merge kept (it names
    its outputs by SHA-1) into out under their descriptive names."""
    by_sha = {}
    for f in os.listdir(candidates):
        by_sha.setdefault(hashlib.sha1(open(os.path.join(candidates, f), 'rb').read()).hexdigest(), f)
    os.makedirs(out, exist_ok=True)
    n = 0
    for f in sorted(os.listdir(merged)):
        data = open(os.path.join(merged, f), 'rb').read()
        name = by_sha.get(hashlib.sha1(data).hexdigest(), 'new-' + f)
        shutil.copyfile(os.path.join(merged, f), os.path.join(out, name))
        n += 1
    print('%d inputs in %s' % (n, out))


def main(argv):
    piglit = PIGLIT
    if argv[:1] == ['--rename']:
        rename(*argv[1:4])
        return 0
    if argv[:1] == ['--piglit']:
        piglit = argv[1]
        argv = argv[2:]
    if len(argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    g = write_all(argv[0], list(piglit_glsl(piglit)) + list(piglit_glsl33(piglit)) + list(hand_glsl()))
    a = write_all(argv[1], list(piglit_arbprog(piglit)) + list(hand_arbprog()))
    print('%d GLSL and %d ARB program candidates' % (g, a))
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
