#!/usr/bin/env python3
"""Generate the display-list "save" functions from Khronos' gl.xml.

While a display list is compiled (glNewList .. glEndList) the context's
dispatch table is a "save" table (st_dlist.c): a copy of the exec table in
which every command GL 2.1 compiles into lists is replaced by a save
function.  For each command of the GL 1.0 .. 2.1 features this script
decides one of:

  generated   all parameters are scalars, or const pointers whose length
              gl.xml gives ('len': a number, a parameter, 'param*N', or
              COMPSIZE(pname) through st_dlist_pname_count());
  hand        written in st_dlist.c (images, client arrays, glCallLists,
              evaluator maps): a prototype st_dlist_save_<cmd> is emitted
              so the compiler checks its signature;
  immediate   GL 2.1 section 5.4 says it is executed, not compiled (the
              save table keeps the exec function).  Commands returning a
              value and commands with output pointers are immediate too.

A GL 2.1 command no rule covers is an error, so a new gl.xml cannot
silently add an uncompiled command.

Outputs (--outdir): st_dlist_gen.h (command numbers, hand prototypes) and
st_dlist_gen.c (args structs, replay functions, save functions, and
st_dlist_save_entries[]).  Command numbers are indices into the sorted
list of all gl.xml commands, as in st_gen_dispatch.py.
"""

import argparse
import os
import re
import sys
import xml.etree.ElementTree as ET

MAX_VERSION = 2.1

# Written by hand in st_dlist.c.
HAND = {
    'glCallLists',
    'glBitmap', 'glPolygonStipple', 'glDrawPixels',
    'glTexImage1D', 'glTexImage2D', 'glTexImage3D',
    'glTexSubImage1D', 'glTexSubImage2D', 'glTexSubImage3D',
    'glMap1d', 'glMap1f', 'glMap2d', 'glMap2f',
    'glArrayElement', 'glDrawArrays', 'glDrawElements', 'glDrawRangeElements',
    'glMultiDrawArrays', 'glMultiDrawElements',
    # GL_ARB_draw_elements_base_vertex (EXTRA_COMPILED below)
    'glDrawElementsBaseVertex', 'glDrawRangeElementsBaseVertex', 'glMultiDrawElementsBaseVertex',
}

# GL 2.1 section 5.4: executed immediately, never compiled.
IMMEDIATE = {
    # display lists themselves
    'glNewList', 'glEndList', 'glGenLists', 'glDeleteLists', 'glIsList',
    # feedback and selection
    'glFeedbackBuffer', 'glSelectBuffer', 'glRenderMode',
    # client state and vertex arrays
    'glVertexPointer', 'glNormalPointer', 'glColorPointer', 'glSecondaryColorPointer',
    'glIndexPointer', 'glEdgeFlagPointer', 'glFogCoordPointer', 'glTexCoordPointer',
    'glVertexAttribPointer', 'glInterleavedArrays',
    'glEnableClientState', 'glDisableClientState',
    'glEnableVertexAttribArray', 'glDisableVertexAttribArray',
    'glClientActiveTexture', 'glPushClientAttrib', 'glPopClientAttrib',
    # pixels
    'glPixelStoref', 'glPixelStorei', 'glReadPixels',
    # texture objects
    'glGenTextures', 'glDeleteTextures', 'glAreTexturesResident', 'glIsTexture',
    # buffer objects and queries
    'glGenBuffers', 'glDeleteBuffers', 'glBindBuffer', 'glBufferData', 'glBufferSubData',
    'glMapBuffer', 'glUnmapBuffer', 'glIsBuffer',
    'glGenQueries', 'glDeleteQueries', 'glIsQuery',
    # shader and program objects
    'glCreateProgram', 'glCreateShader', 'glDeleteProgram', 'glDeleteShader',
    'glAttachShader', 'glDetachShader', 'glBindAttribLocation', 'glCompileShader',
    'glShaderSource', 'glLinkProgram', 'glValidateProgram',
    # synchronisation and state queries
    'glFlush', 'glFinish', 'glIsEnabled', 'glGetError',
}

# GL 3.0: the integer current attributes, the unsigned uniforms and the
# buffer clears are compiled (the compatibility profile's list of commands
# not compiled, GL 4.2 compatibility 5.5.1, names VertexAttribIPointer and
# the queries of these, not them).  Below GL 3.0 they are not the context's
# commands: REQUIRES executes them (their GL_INVALID_OPERATION, nothing read).
GL30_COMPILED = [
    'glVertexAttribI%d%s%s' % (n, t, v) for n in (1, 2, 3, 4) for t in ('i', 'ui')
    for v in ('', 'v')
] + ['glVertexAttribI4%sv' % t for t in ('b', 's', 'ub', 'us')] + [
    'glUniform%dui%s' % (n, v) for n in (1, 2, 3, 4) for v in ('', 'v')
] + ['glClearBufferiv', 'glClearBufferuiv', 'glClearBufferfv', 'glClearBufferfi']

# Compiled commands a context may lack though implemented: a C expression
# (ctx_ the context), true when the context has the command.  When false,
# the save function executes the command instead (which raises
# GL_INVALID_OPERATION as a stub would) and records nothing, so that no
# client memory is read for a call that can only fail.
REQUIRES = {n: '(ctx_->profile != ST_PROFILE_GLES1 && ctx_->version >= 30)'
            for n in GL30_COMPILED}

# Commands after GL 2.1 (extensions the context offers) that are compiled:
# their specs name only other commands as not compiled.
EXTRA_COMPILED = [
    # GL_ARB_sampler_objects (api_sampler.c): only Gen/DeleteSamplers are
    # executed immediately
    'glBindSampler', 'glSamplerParameteri', 'glSamplerParameterf',
    'glSamplerParameteriv', 'glSamplerParameterfv',
    'glSamplerParameterIiv', 'glSamplerParameterIuiv',
    # GL_ARB_vertex_program / GL_ARB_fragment_program (api_arbprog.c,
    # api_vertex_attrib.c): section 5.4 of the vertex program spec lists
    # only IsProgramARB, GenProgramsARB, DeleteProgramsARB, the generic
    # array pointer/enables and the queries as not compiled
    'glBindProgramARB', 'glProgramStringARB',
    'glProgramEnvParameter4fARB', 'glProgramEnvParameter4dARB',
    'glProgramEnvParameter4fvARB', 'glProgramEnvParameter4dvARB',
    'glProgramLocalParameter4fARB', 'glProgramLocalParameter4dARB',
    'glProgramLocalParameter4fvARB', 'glProgramLocalParameter4dvARB',
    # GL_ATI_fragment_shader (api_atifs.c): binding and constants are
    # compiled as Mesa does; the definition commands execute immediately
    'glBindFragmentShaderATI', 'glSetFragmentShaderConstantATI',
    # GL_NV_conditional_render (api_query.c): the spec compiles both
    'glBeginConditionalRenderNV', 'glEndConditionalRenderNV',
    # GL_ARB/EXT_provoking_vertex (api_draw.c): lighting state, compiled
    'glProvokingVertex', 'glProvokingVertexEXT',
    # GL_ARB_draw_elements_base_vertex (api_draw_instanced.c): compiled as
    # the commands without BaseVertex are (hand-written, st_dlist.c); the
    # instanced draws are not compiled: they raise INVALID_OPERATION while a
    # list is compiled (ARB_draw_instanced), so they stay exec functions
    'glDrawElementsBaseVertex', 'glDrawRangeElementsBaseVertex', 'glMultiDrawElementsBaseVertex',
    # GL_EXT_texture_integer: only the GetTexParameterI* queries execute
    'glTexParameterIivEXT', 'glTexParameterIuivEXT', 'glClearColorIiEXT', 'glClearColorIuiEXT',
    # GL_ARB_color_buffer_float (api_clamp.c): no rule excludes it
    'glClampColorARB', 'glClampColor',
    # GL_ARB_uniform_buffer_object (api_ubo.c): the block binding is program
    # state set like a uniform, compiled (as Mesa does; piglit's
    # arb_uniform_buffer_object-dlist); the buffer bindings and queries are
    # immediate
    'glUniformBlockBinding',
    # transform feedback (api_xfb.c, api_query.c): EXT_transform_feedback
    # executes only the binding and varying commands and the queries;
    # ARB_transform_feedback2/3's object binding, pause/resume, draws and
    # indexed queries are compiled (as Mesa does)
    'glBeginTransformFeedback', 'glEndTransformFeedback',
    'glBindTransformFeedback', 'glPauseTransformFeedback', 'glResumeTransformFeedback',
    'glDrawTransformFeedback', 'glDrawTransformFeedbackStream',
    # ARB_transform_feedback_instanced: compiled as the above (Mesa does)
    'glDrawTransformFeedbackInstanced', 'glDrawTransformFeedbackStreamInstanced',
    'glBeginQueryIndexed', 'glEndQueryIndexed',
    # GL_EXT_draw_buffers2, GL_ARB_draw_buffers_blend (api_mask.c,
    # api_enable.c, api_fragment.c): state commands, compiled; their
    # queries execute immediately
    'glColorMaskIndexedEXT', 'glEnableIndexedEXT', 'glDisableIndexedEXT',
    'glBlendFunciARB', 'glBlendFuncSeparateiARB', 'glBlendEquationiARB',
    'glBlendEquationSeparateiARB',
] + [
    # GL_ARB_vertex_type_2_10_10_10_rev: the packed current-attribute and
    # vertex commands are compiled like glVertex/glColor/glVertexAttrib
    'gl%sP%dui%s' % (c, n, v) for (c, ns) in (('Vertex', '234'), ('TexCoord', '1234'),
                                              ('MultiTexCoord', '1234'), ('Normal', '3'),
                                              ('Color', '34'), ('SecondaryColor', '3'),
                                              ('VertexAttrib', '1234'))
    for n in map(int, ns) for v in ('', 'v')
] + GL30_COMPILED + [
    'glVertexAttrib%s%sARB' % (n, t) for n in '123' for t in ('s', 'f', 'd', 'sv', 'fv', 'dv')] + [
    'glVertexAttrib4%sARB' % t for t in ('s', 'f', 'd', 'sv', 'fv', 'dv', 'bv', 'iv', 'ubv', 'usv',
                                         'uiv', 'Nbv', 'Nsv', 'Niv', 'Nubv', 'Nusv', 'Nuiv',
                                         'Nub')]

# COMPSIZE(pname) families: command name prefix -> st_dlist_pname_family.
PNAME_FAMILIES = [
    ('glTexParameter', 'ST_DLIST_PN_TEXPARAMETER'),
    ('glSamplerParameter', 'ST_DLIST_PN_TEXPARAMETER'),   # a subset of its pnames
    ('glTexEnv', 'ST_DLIST_PN_TEXENV'),
    ('glTexGen', 'ST_DLIST_PN_TEXGEN'),
    ('glFog', 'ST_DLIST_PN_FOG'),
    ('glLightModel', 'ST_DLIST_PN_LIGHTMODEL'),
    ('glLight', 'ST_DLIST_PN_LIGHT'),
    ('glMaterial', 'ST_DLIST_PN_MATERIAL'),
    ('glPointParameter', 'ST_DLIST_PN_POINTPARAMETER'),
]

# Commands whose data pointer is an offset into the pixel unpack buffer
# when one is bound (GL 2.1 section 6.3.12 / ARB_pixel_buffer_object): the
# data is read from the buffer at compile time, and replayed as client
# memory with no unpack buffer bound.
PBO_SOURCE = {
    'glCompressedTexImage1D', 'glCompressedTexImage2D', 'glCompressedTexImage3D',
    'glCompressedTexSubImage1D', 'glCompressedTexSubImage2D', 'glCompressedTexSubImage3D',
    'glPixelMapfv', 'glPixelMapuiv', 'glPixelMapusv',
}

# PBO_SOURCE commands whose arguments alone can make them fail: a C
# expression, true when the command fails whatever the state is when it
# executes; then nothing is read (the caller's data need not be as long as
# the bad arguments say) and the record replays the error.
PRECHECK = {
    'glCompressedTexImage1D': 'st_dlist_compressed_fails(ctx_, 1, false, target, level, '
                              'internalformat, 0, 0, 0, width, 1, 1, border, imageSize)',
    'glCompressedTexImage2D': 'st_dlist_compressed_fails(ctx_, 2, false, target, level, '
                              'internalformat, 0, 0, 0, width, height, 1, border, imageSize)',
    'glCompressedTexImage3D': 'st_dlist_compressed_fails(ctx_, 3, false, target, level, '
                              'internalformat, 0, 0, 0, width, height, depth, border, '
                              'imageSize)',
    'glCompressedTexSubImage1D': 'st_dlist_compressed_fails(ctx_, 1, true, target, level, '
                                 'format, xoffset, 0, 0, width, 1, 1, 0, imageSize)',
    'glCompressedTexSubImage2D': 'st_dlist_compressed_fails(ctx_, 2, true, target, level, '
                                 'format, xoffset, yoffset, 0, width, height, 1, 0, imageSize)',
    'glCompressedTexSubImage3D': 'st_dlist_compressed_fails(ctx_, 3, true, target, level, '
                                 'format, xoffset, yoffset, zoffset, width, height, depth, 0, '
                                 'imageSize)',
    'glPixelMapfv': 'st_dlist_pixel_map_fails(map, mapsize)',
    'glPixelMapuiv': 'st_dlist_pixel_map_fails(map, mapsize)',
    'glPixelMapusv': 'st_dlist_pixel_map_fails(map, mapsize)',
}
assert set(PRECHECK) <= PBO_SOURCE

# Array lengths above which the command is an error anyway: nothing is
# copied (the application's array may be shorter than the bad length).
LEN_CAP = {
    'glPixelMapfv': 'ST_MAX_PIXEL_MAP', 'glPixelMapuiv': 'ST_MAX_PIXEL_MAP',
    'glPixelMapusv': 'ST_MAX_PIXEL_MAP', 'glDrawBuffers': 'ST_MAX_DRAW_BUFFERS',
}

# Commands with a texture target that are immediate for proxy targets.
PROXY_TARGET = {
    'glCompressedTexImage1D', 'glCompressedTexImage2D', 'glCompressedTexImage3D',
}

SCALARS = {
    'GLenum', 'GLboolean', 'GLbitfield', 'GLbyte', 'GLshort', 'GLint', 'GLsizei',
    'GLubyte', 'GLushort', 'GLuint', 'GLfloat', 'GLclampf', 'GLdouble', 'GLclampd',
    'GLintptr', 'GLsizeiptr', 'GLint64', 'GLuint64', 'GLfixed', 'GLhalfNV', 'GLchar',
}


class Param:
    def __init__(self, elem):
        self.decl = ' '.join(''.join(elem.itertext()).split())
        self.name = elem.find('name').text
        ptype = elem.find('ptype')
        self.type = ptype.text if ptype is not None else None
        self.len = elem.get('len')
        self.pointer = '*' in self.decl
        self.const = self.decl.startswith('const ')
        # element type of a pointer: the decl without the name and one '*'
        if self.pointer:
            base = self.decl[:self.decl.rfind(self.name)].strip()
            base = base.replace('const ', '', 1).rstrip()
            assert base.endswith('*'), self.decl
            self.elem = base[:-1].strip()


def parse(path):
    root = ET.parse(path).getroot()
    commands = {}
    for cmd in root.find('commands'):
        proto = cmd.find('proto')
        name = proto.find('name').text
        ret = ''.join(proto.itertext())
        ret = ' '.join(ret[:ret.rfind(name)].split())
        commands[name] = (ret, [Param(p) for p in cmd.findall('param')])
    wanted = []
    for feature in root.findall('feature'):
        if feature.get('api') != 'gl' or float(feature.get('number')) > MAX_VERSION:
            continue
        for req in feature.findall('require'):
            for c in req.findall('command'):
                if c.get('name') not in wanted:
                    wanted.append(c.get('name'))
    wanted += [n for n in EXTRA_COMPILED if n in commands and n not in wanted]
    return commands, wanted


def count_expr(cmd, p, params):
    """C expression (uint64_t) for the number of elements p points to, or None."""
    names = {q.name for q in params}
    ln = p.len
    if ln is None:
        return None
    if re.fullmatch(r'\d+', ln):
        return ln
    if ln in names:
        return 'st_dlist_nonneg((int64_t)%s)' % ln
    m = re.fullmatch(r'(\w+)\*(\d+)', ln)
    if m and m.group(1) in names:
        if cmd.startswith('glUniform') and m.group(1) == 'count':
            # glUniform*v reads at most as many elements as the largest
            # uniform array has (st_dlist_uniform_count): no more is copied
            return 'st_dlist_uniform_count((int64_t)count) * %s' % m.group(2)
        return 'st_dlist_nonneg((int64_t)%s * %s)' % (m.group(1), m.group(2))
    if ln == 'COMPSIZE(buffer)' and cmd.startswith('glClearBuffer'):
        # GL 3.0 section 4.2.3: four colour components, one depth or
        # stencil value; nothing for another buffer (the command's error)
        return ('(buffer == GL_COLOR ? 4 : buffer == GL_DEPTH || buffer == GL_STENCIL '
                '? 1 : 0)')
    if ln == 'COMPSIZE(pname)':
        for prefix, fam in PNAME_FAMILIES:
            if cmd.startswith(prefix):
                return 'st_dlist_pname_count(%s, pname)' % fam
    return None


def classify(name, ret, params):
    if name in HAND:
        return 'hand'
    if name in IMMEDIATE or name.startswith('glGet') or name.startswith('glIs'):
        return 'immediate'
    if ret != 'void':
        return 'immediate'
    for p in params:
        if p.pointer:
            if not p.const:
                return 'immediate'
            if count_expr(name, p, params) is None:
                return None
        elif p.type not in SCALARS:
            return None
    return 'generated'


def gen(commands, wanted, index):
    h, c = [], []
    kinds = {}
    bad = []
    for n in wanted:
        ret, params = commands[n]
        k = classify(n, ret, params)
        if k is None:
            bad.append(n)
        kinds[n] = k
    if bad:
        sys.stderr.write('st_gen_dlist: no display-list rule for: %s\n' % ', '.join(bad))
        sys.exit(1)

    h.append('/* Generated by st_gen_dlist.py from gl.xml: do not edit. */')
    h.append('#ifndef ST_DLIST_GEN_H')
    h.append('#define ST_DLIST_GEN_H')
    h.append('')
    h.append('#include "st_gl.h"')
    h.append('')
    h.append('/* Command numbers (st_dispatch_entries indices) of the commands the')
    h.append(' * display-list code calls through the exec table. */')
    for n in wanted:
        h.append('#define ST_DLIST_CMD_%s %d' % (n, index[n]))
    h.append('')
    h.append('/* Save functions written by hand (st_dlist.c). */')
    for n in wanted:
        if kinds[n] == 'hand':
            ret, params = commands[n]
            h.append('void GLAPIENTRY st_dlist_save_%s(%s);' %
                     (n, ', '.join(p.decl for p in params) or 'void'))
    h.append('')
    h.append('#endif')

    c.append('/* Generated by st_gen_dlist.py from gl.xml: do not edit. */')
    c.append('#include <stdint.h>')
    c.append('#include <string.h>')
    c.append('')
    c.append('#include "st_context.h"')
    c.append('#include "st_dlist.h"')
    c.append('#include "st_dlist_gen.h"')
    c.append('#include "st_fbo.h"   /* ST_MAX_DRAW_BUFFERS (LEN_CAP) */')
    c.append('')
    c.append('/* What a replayed pointer parameter points to when nothing was recorded')
    c.append(' * (a pname the count table does not know: the command raises its error). */')
    c.append('static const double zeros[16];')
    c.append('')
    entries = []
    for n in wanted:
        k = kinds[n]
        if k == 'hand':
            entries.append((index[n], 'st_dlist_save_%s' % n))
            continue
        if k != 'generated':
            continue
        ret, params = commands[n]
        entries.append((index[n], 's_%s' % n))
        decls = ', '.join(p.decl for p in params) or 'void'
        ptrs = [p for p in params if p.pointer]
        c.append('/* %s */' % n)
        c.append('typedef void (GLAPIENTRY *t_%s)(%s);' % (n, decls))
        # args struct
        fields = []
        for p in params:
            if p.pointer:
                fields.append('uint64_t n_%s;' % p.name)
                fields.append('uint8_t null_%s;' % p.name)
            else:
                fields.append('%s %s;' % (p.type, p.name))
        if not fields:
            fields.append('uint8_t unused;')
        c.append('struct a_%s {' % n)
        for f in fields:
            c.append('   ' + f)
        c.append('};')
        # replay
        c.append('static void')
        c.append('r_%s(struct st_context *ctx_, const void *p_)' % n)
        c.append('{')
        c.append('   const struct a_%s *a_ = p_;' % n)
        c.append('   t_%s f_ = (t_%s)st_dlist_exec_proc(ctx_, %d);' % (n, n, index[n]))
        if ptrs:
            c.append('   const uint8_t *d_ = (const uint8_t *)p_ + ST_DLIST_ALIGN(sizeof *a_);')
            for q in ptrs:
                c.append('   const %s *%s = a_->null_%s ? NULL : a_->n_%s ? (const %s *)(const void *)d_ : (const %s *)(const void *)zeros;'
                         % (q.elem, q.name, q.name, q.name, q.elem, q.elem))
                c.append('   d_ += ST_DLIST_ALIGN(a_->n_%s * sizeof(%s));' %
                         (q.name, 'GLubyte' if q.elem == 'void' else q.elem))
            c.append('   (void)d_;')
        else:
            c.append('   (void)a_;')
        args = ', '.join(q.name if q.pointer else 'a_->' + q.name for q in params)
        if n in PBO_SOURCE:
            c.append('   if (f_) {')
            c.append('      struct st_buffer *buf_ = st_dlist_unbind_unpack(ctx_);')
            c.append('      f_(%s);' % args)
            c.append('      st_dlist_rebind_unpack(ctx_, buf_);')
            c.append('   }')
        else:
            c.append('   if (f_)')
            c.append('      f_(%s);' % args)
        c.append('}')
        # save
        c.append('static void GLAPIENTRY')
        c.append('s_%s(%s)' % (n, decls))
        c.append('{')
        c.append('   struct st_context *ctx_ = st_current();')
        c.append('   if (!ctx_)')
        c.append('      return;')
        if n in REQUIRES:
            c.append('   if (!%s) {' % REQUIRES[n])
            c.append('      t_%s f_ = (t_%s)st_dlist_exec_proc(ctx_, %d);' % (n, n, index[n]))
            c.append('      if (f_)')
            c.append('         f_(%s);' % ', '.join(q.name for q in params))
            c.append('      return;')
            c.append('   }')
        if n in PROXY_TARGET:
            c.append('   if (st_dlist_is_proxy(target)) {')
            c.append('      t_%s f_ = (t_%s)st_dlist_exec_proc(ctx_, %d);' % (n, n, index[n]))
            c.append('      if (f_)')
            c.append('         f_(%s);' % ', '.join(q.name for q in params))
            c.append('      return;')
            c.append('   }')
        size = ['ST_DLIST_ALIGN(sizeof(struct a_%s))' % n]
        for q in ptrs:
            esz = 'GLubyte' if q.elem == 'void' else q.elem
            if n in PBO_SOURCE:
                # the pointer may be an unpack-buffer offset (even 0)
                c.append('   uint64_t n_%s = (uint64_t)(%s);' % (q.name, count_expr(n, q, params)))
                if n in LEN_CAP:
                    c.append('   if (n_%s > %s)' % (q.name, LEN_CAP[n]))
                    c.append('      n_%s = 0;' % q.name)
                if n in PRECHECK:
                    c.append('   const %s *src_%s = %s ? NULL : st_dlist_unpack_ptr(ctx_, %s, n_%s, sizeof(%s));' %
                             (q.elem, q.name, PRECHECK[n], q.name, q.name, esz))
                else:
                    c.append('   const %s *src_%s = st_dlist_unpack_ptr(ctx_, %s, n_%s, sizeof(%s));' %
                             (q.elem, q.name, q.name, q.name, esz))
                c.append('   if (!src_%s)' % q.name)
                c.append('      n_%s = 0;' % q.name)
            else:
                c.append('   uint64_t n_%s = %s ? (uint64_t)(%s) : 0;' %
                         (q.name, q.name, count_expr(n, q, params)))
                if n in LEN_CAP:
                    c.append('   if (n_%s > %s)' % (q.name, LEN_CAP[n]))
                    c.append('      n_%s = 0;' % q.name)
            size.append('st_dlist_array_size(n_%s, sizeof(%s))' % (q.name, esz))
        c.append('   struct a_%s *a_ = st_dlist_record(ctx_, r_%s, %s);' %
                 (n, n, ' + '.join(size)))
        c.append('   if (a_) {')
        for q in params:
            if q.pointer:
                c.append('      a_->n_%s = n_%s;' % (q.name, q.name))
                c.append('      a_->null_%s = %s%s == NULL;' %
                         (q.name, 'src_' if n in PBO_SOURCE else '', q.name))
            else:
                c.append('      a_->%s = %s;' % (q.name, q.name))
        if ptrs:
            c.append('      uint8_t *d_ = (uint8_t *)a_ + ST_DLIST_ALIGN(sizeof *a_);')
            for q in ptrs:
                esz = 'GLubyte' if q.elem == 'void' else q.elem
                c.append('      if (n_%s)' % q.name)
                c.append('         memcpy(d_, %s%s, n_%s * sizeof(%s));' %
                         ('src_' if n in PBO_SOURCE else '', q.name, q.name, esz))
                c.append('      d_ += ST_DLIST_ALIGN(n_%s * sizeof(%s));' % (q.name, esz))
        c.append('   }')
        c.append('   if (st_dlist_executing(ctx_)) {')
        c.append('      t_%s f_ = (t_%s)st_dlist_exec_proc(ctx_, %d);' % (n, n, index[n]))
        c.append('      if (f_)')
        c.append('         f_(%s);' % ', '.join(q.name for q in params))
        c.append('   }')
        c.append('}')
        c.append('')
    c.append('const struct st_dlist_save_entry st_dlist_save_entries[] = {')
    for i, fn in entries:
        c.append('   { %d, (st_proc)%s },' % (i, fn))
    c.append('};')
    c.append('const unsigned st_dlist_num_save_entries = %d;' % len(entries))
    c.append('')
    return h, c


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--xml', required=True)
    ap.add_argument('--outdir', required=True)
    args = ap.parse_args()
    commands, wanted = parse(args.xml)
    index = {n: i for i, n in enumerate(sorted(commands))}
    h, c = gen(commands, wanted, index)
    os.makedirs(args.outdir, exist_ok=True)
    with open(os.path.join(args.outdir, 'st_dlist_gen.h'), 'w', encoding='utf-8') as f:
        f.write('\n'.join(h) + '\n')
    with open(os.path.join(args.outdir, 'st_dlist_gen.c'), 'w', encoding='utf-8') as f:
        f.write('\n'.join(c) + '\n')
    return 0


if __name__ == '__main__':
    sys.exit(main())
