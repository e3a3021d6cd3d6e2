#!/usr/bin/env python3
"""Generate the GL-API fuzzer's command table from Khronos' gl.xml.

Output (--out, a C file): for every command the state tracker implements
(the same rule and file list as st_gen_dispatch.py, whose parse() and
find_impls() are imported, not copied) and exposes in a desktop
compatibility or an OpenGL ES 1.1 context (st_dispatch_in_api()):
its name, API mask, error/sequence flags, parameters (type class, element
type of pointers, gl.xml len= expression, enum group), the C signature as
text (for the case writer), and a trampoline that casts the function
pointer eglGetProcAddress returned to the exact signature and calls it with
values from a generic argument array.  Also every enum group the commands
use and the list of all gl.xml enums (value and name).

The error rules (which GL errors a command may raise at all) are the
ERROR_RULES table below: refine them there.
"""

import argparse
import importlib.util
import os
import re
import sys
import xml.etree.ElementTree as ET


def load_dispatch_gen(path):
    spec = importlib.util.spec_from_file_location('st_gen_dispatch', path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


# ptype -> type class (fz_table.h's enum fz_type)
TYPE_CLASS = {
    'GLenum': 'FZ_T_ENUM', 'GLbitfield': 'FZ_T_BITFIELD', 'GLboolean': 'FZ_T_BOOLEAN',
    'GLbyte': 'FZ_T_BYTE', 'GLubyte': 'FZ_T_UBYTE', 'GLshort': 'FZ_T_SHORT',
    'GLushort': 'FZ_T_USHORT', 'GLint': 'FZ_T_INT', 'GLuint': 'FZ_T_UINT',
    'GLsizei': 'FZ_T_SIZEI', 'GLintptr': 'FZ_T_INTPTR', 'GLintptrARB': 'FZ_T_INTPTR',
    'GLsizeiptr': 'FZ_T_SIZEIPTR', 'GLsizeiptrARB': 'FZ_T_SIZEIPTR',
    'GLfloat': 'FZ_T_FLOAT', 'GLclampf': 'FZ_T_CLAMPF', 'GLdouble': 'FZ_T_DOUBLE',
    'GLclampd': 'FZ_T_CLAMPD', 'GLfixed': 'FZ_T_FIXED', 'GLclampx': 'FZ_T_FIXED',
    'GLint64': 'FZ_T_INT64', 'GLuint64': 'FZ_T_UINT64', 'GLint64EXT': 'FZ_T_INT64',
    'GLuint64EXT': 'FZ_T_UINT64', 'GLsync': 'FZ_T_SYNC', 'GLchar': 'FZ_T_BYTE',
    'GLcharARB': 'FZ_T_BYTE', 'GLhalf': 'FZ_T_USHORT', 'GLhalfNV': 'FZ_T_USHORT',
    'GLhandleARB': 'FZ_T_UINT', 'void': 'FZ_T_VOID',
    # debug callbacks: never a random address (the driver calls it)
    'GLDEBUGPROC': 'FZ_T_PROC', 'GLDEBUGPROCARB': 'FZ_T_PROC', 'GLDEBUGPROCKHR': 'FZ_T_PROC',
}

FLOAT_CLASSES = ('FZ_T_FLOAT', 'FZ_T_CLAMPF', 'FZ_T_DOUBLE', 'FZ_T_CLAMPD')

# Which GL errors a command may raise (beyond GL_INVALID_VALUE,
# GL_INVALID_OPERATION and GL_OUT_OF_MEMORY, always allowed).  Regexes on
# the command name; the enum rule is structural (see cmd_flags).
ERROR_RULES = [
    # push/pop-type commands: GL_STACK_OVERFLOW / GL_STACK_UNDERFLOW
    ('FZ_F_ERR_STACK', r'^gl(Push|Pop)(Matrix|Attrib|ClientAttrib|Name|DebugGroup)$'),
    # commands that draw, read or copy pixels: GL_INVALID_FRAMEBUFFER_OPERATION
    ('FZ_F_ERR_FBO', r'^gl(Begin|End|Draw(Arrays|Elements|RangeElements|Pixels)\w*|'
                     r'MultiDraw\w+|ArrayElement\w*|Clear|ClearBuffer\w*|Accum|'
                     r'ReadPixels|CopyPixels|CopyTex\w*|CopyTexture\w*|Bitmap|'
                     r'BlitFramebuffer\w*|Rect[dfisx]v?\w*|EvalMesh\d|EvalPoint\d|'
                     r'EvalCoord\w+|GenerateMipmap\w*)$'),
    # executing display lists may raise any error of the listed commands
    ('FZ_F_ERR_ANY', r'^glCallLists?$'),
    # GL_ATI_fragment_shader takes its registers, operations and modifiers
    # as GLuint and answers a bad one with GL_INVALID_ENUM (its Errors)
    ('FZ_F_ERR_ENUM', r'^gl(PassTexCoord|SampleMap|ColorFragmentOp[123]|AlphaFragmentOp[123]|'
                      r'SetFragmentShaderConstant)ATI$'),
]

# Commands allowed between glBegin and glEnd (GL 2.1 compat, 2.6.3).
BEGINEND_RE = re.compile(r'^gl(Vertex[234]\w*|Color[34]\w*|SecondaryColor3\w*|'
                         r'Normal3\w*|TexCoord[1234]\w*|MultiTexCoord[1234]\w*|'
                         r'FogCoord[fd]\w*|Index[dfisub]v?|EdgeFlagv?|Material\w+|'
                         r'EvalCoord\w+|EvalPoint\w+|ArrayElement\w*|CallLists?)$')

# Commands that read the enabled client arrays.
DRAW_RE = re.compile(r'^gl(DrawArrays\w*|DrawElements\w*|DrawRangeElements\w*|'
                     r'MultiDraw\w+|ArrayElement\w*)$')

# Commands that return fresh object names in their out array.
GEN_RE = re.compile(r'^glGen(Textures|Buffers|Framebuffers|Renderbuffers|Queries|'
                    r'Samplers)\w*$')


def c_string(s):
    return '"' + s.replace('\\', '\\\\').replace('"', '\\"') + '"'


def param_info(p, cmd_name=''):
    text = ' '.join(''.join(p.itertext()).split())
    name = p.find('name').text
    pt = p.find('ptype')
    ptype = pt.text if pt is not None else 'void'
    depth = text.count('*')
    decl = text[:text.rfind(name)].strip()
    length = p.get('len')
    # gl.xml gives a void* element array len="count" in a few commands
    # (glDrawElementsInstancedBaseVertexBaseInstance): count bytes, where the
    # draw reads count indices of 'type' like every other element draw
    if name == 'indices' and ptype == 'void' and depth == 1 and length == 'count':
        length = 'COMPSIZE(count,type)'
    # ... and glGetVertexAttribI{i,ui}v(EXT)'s params len="1", where
    # GL_CURRENT_VERTEX_ATTRIB gives four values (as glGetVertexAttribiv's
    # len="4" says)
    if name == 'params' and length == '1' and cmd_name.startswith('glGetVertexAttribI'):
        length = '4'
    return {
        'name': name, 'ptype': ptype, 'depth': depth,
        'const': decl.startswith('const'),
        'decl': decl, 'len': length, 'group': p.get('group'),
    }


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--xml', required=True)
    ap.add_argument('--dispatch-gen', required=True, help='path of st_gen_dispatch.py')
    ap.add_argument('--out', required=True)
    ap.add_argument('--impl', nargs='*', default=[])
    args = ap.parse_args()

    dg = load_dispatch_gen(args.dispatch_gen)
    commands, order, core, apis, _ = dg.parse(args.xml)
    impls = dg.find_impls(args.impl)
    es_ext = dg.parse_es_ext(args.xml)   # ES extension commands the dispatch exposes

    root = ET.parse(args.xml).getroot()

    # enums: value and names; groups from <enums group=> and <enum group=>
    # enums the GL and GLES 1 features require name a value first
    feature_enums = set()
    for feature in root.findall('feature'):
        if feature.get('api') in ('gl', 'gles1'):
            for req in feature.findall('require'):
                feature_enums.update(e.get('name') for e in req.findall('enum'))

    def name_rank(name):
        if name in feature_enums:
            return 0
        if re.search(r'_(ARB|EXT|OES)$', name):
            return 1
        return 2

    all_enums = {}          # value -> preferred name
    groups = {}             # group -> set of values
    for enums in root.findall('enums'):
        if enums.get('namespace', 'GL') != 'GL':
            continue
        bitmask = enums.get('type') == 'bitmask'
        for e in enums.findall('enum'):
            if e.get('api') not in (None, 'gl', 'gles1'):
                continue
            try:
                v = int(e.get('value'), 0)
            except (TypeError, ValueError):
                continue
            if v < 0 or v > 0xffffffff:
                continue
            name = e.get('name')
            if not bitmask and (v not in all_enums or
                                name_rank(name) < name_rank(all_enums[v])):
                all_enums[v] = name
            gs = []
            if enums.get('group'):
                gs.append(enums.get('group'))
            if e.get('group'):
                gs.extend(g for g in e.get('group').split(',') if g)
            for g in gs:
                groups.setdefault(g, set()).add(v)

    xml_cmds = {}
    for cmd in root.find('commands'):
        proto = cmd.find('proto')
        xml_cmds[proto.find('name').text] = (proto, [param_info(p, proto.find('name').text) for p in cmd.findall('param')])

    def exposed(n):
        a = apis.get(n, set())
        mask = []
        if 'gl' in a or not (a & {'gles1', 'gles2'}):
            mask.append('FZ_API_GL')
        if 'gles1' in a or 'gles1' in es_ext.get(n, ()):
            mask.append('FZ_API_GLES1')
        return mask

    names = sorted(n for n in impls if exposed(n))
    used_groups = {}
    out = []
    out.append('/* Generated by gen_fuzz_table.py from gl.xml: do not edit. */')
    out.append('#include "fz_table.h"')
    out.append('')
    out.append('#include <stdlib.h>')
    out.append('#include <string.h>')
    out.append('')
    # GL_KHR_debug 5.5.2: the message is NUL-terminated, 'length' long
    # (without the NUL) and shorter than GL_MAX_DEBUG_MESSAGE_LENGTH (Pony's
    # 4096); anything else is a driver bug, reported as a crash of the call
    # that made the message.
    out.append('void GLAPIENTRY')
    out.append('fz_debug_proc(GLenum source, GLenum type, GLuint id, GLenum severity, '
               'GLsizei length,')
    out.append('              const GLchar *message, const void *user)')
    out.append('{')
    out.append('   (void)source, (void)type, (void)id, (void)severity, (void)user;')
    out.append('   if (!message || length < 0 || length >= 4096 || '
               'strlen(message) != (size_t)length)')
    out.append('      abort();')
    out.append('}')
    out.append('')

    def ret_class(n):
        ret = commands[n][0]
        if '*' in ret:
            return 'FZ_T_PTR'
        base = ret.replace('const', '').strip()
        return TYPE_CLASS.get(base, 'FZ_T_INT')

    def arg_expr(k, p):
        if p['depth']:
            return '(%s)a[%d].p' % (p['decl'], k)
        cls = TYPE_CLASS.get(p['ptype'], 'FZ_T_INT')
        if cls == 'FZ_T_SYNC':
            return '(GLsync)a[%d].p' % k
        if cls == 'FZ_T_PROC':
            return '(a[%d].i ? (%s)fz_debug_proc : (%s)0)' % (k, p['ptype'], p['ptype'])
        if cls in FLOAT_CLASSES:
            return '(%s)a[%d].d' % (p['decl'], k)
        return '(%s)a[%d].i' % (p['decl'], k)

    for n in names:
        ret = commands[n][0]
        proto, params = xml_cmds[n]
        sig_params = ', '.join(p['decl'] for p in params) or 'void'
        call = '((%s (GLAPIENTRY *)(%s))fn)(%s)' % (
            ret, sig_params, ', '.join(arg_expr(k, p) for k, p in enumerate(params)))
        rc = ret_class(n)
        out.append('static void')
        out.append('fzc_%s(fz_proc fn, const union fz_arg *a, union fz_arg *r)' % n)
        out.append('{')
        if not params:
            out.append('   (void)a;')
        if ret == 'void':
            out.append('   (void)r;')
            out.append('   %s;' % call)
        elif rc in ('FZ_T_PTR', 'FZ_T_SYNC'):
            out.append('   r->p = (void *)%s;' % call)
        elif rc in FLOAT_CLASSES:
            out.append('   r->d = %s;' % call)
        else:
            out.append('   r->i = (int64_t)%s;' % call)
        out.append('}')
        out.append('')
        out.append('static const struct fz_param fzp_%s[] = {' % n)
        for p in params:
            cls = TYPE_CLASS.get(p['ptype'], 'FZ_T_INT')
            gi = -1
            if p['group'] and p['group'] in groups and not p['depth']:
                gi = used_groups.setdefault(p['group'], len(used_groups))
            elif p['depth'] and p['group'] and p['group'] in groups:
                gi = used_groups.setdefault(p['group'], len(used_groups))
            elem = 'FZ_T_VOID' if p['ptype'] == 'void' else cls
            out.append('   { %s, %s, %s, %s, %d, %d, %s, %d },' % (
                c_string(p['name']), c_string(p['decl']),
                'FZ_T_PTR' if p['depth'] else cls, elem,
                p['depth'], 0 if p['const'] or not p['depth'] else 1,
                c_string(p['len']) if p['len'] else 'NULL', gi))
        if not params:
            out.append('   { NULL, NULL, FZ_T_VOID, FZ_T_VOID, 0, 0, NULL, -1 },')
        out.append('};')
        out.append('')

    out.append('const struct fz_cmd fz_cmds[] = {')
    for n in names:
        proto, params = xml_cmds[n]
        flags = exposed(n)
        if any((not p['depth'] and TYPE_CLASS.get(p['ptype']) in ('FZ_T_ENUM', 'FZ_T_BITFIELD'))
               or (p['depth'] and p['ptype'] == 'GLenum') for p in params) \
                or any(p['name'] == 'pname' for p in params):
            flags.append('FZ_F_ERR_ENUM')
        for flag, rx in ERROR_RULES:
            if re.match(rx, n):
                flags.append(flag)
        if BEGINEND_RE.match(n):
            flags.append('FZ_F_BEGINEND')
        if DRAW_RE.match(n):
            flags.append('FZ_F_DRAW')
        if GEN_RE.match(n):
            flags.append('FZ_F_GEN')
        ret = commands[n][0]
        sig = '%s (GLAPIENTRY *)(%s)' % (ret, ', '.join(p['decl'] for p in params) or 'void')
        out.append('   { %s, %s, %s, %d, fzp_%s, %s, fzc_%s },' % (
            c_string(n), c_string(sig), ' | '.join(flags), len(params), n,
            ret_class(n), n))
    out.append('};')
    out.append('const unsigned fz_num_cmds = %d;' % len(names))
    out.append('')

    for g, gi in sorted(used_groups.items(), key=lambda x: x[1]):
        vals = sorted(groups[g])
        out.append('static const uint32_t fzg_%d[] = { %s };' % (
            gi, ', '.join('0x%x' % v for v in vals) or '0'))
    out.append('const struct fz_group fz_groups[] = {')
    for g, gi in sorted(used_groups.items(), key=lambda x: x[1]):
        out.append('   { %s, %d, fzg_%d },' % (c_string(g), len(groups[g]), gi))
    if not used_groups:
        out.append('   { "", 0, NULL },')
    out.append('};')
    out.append('const unsigned fz_num_groups = %d;' % len(used_groups))
    out.append('')
    out.append('const struct fz_enum fz_enums[] = {')
    for v in sorted(all_enums):
        out.append('   { 0x%x, %s },' % (v, c_string(all_enums[v])))
    out.append('};')
    out.append('const unsigned fz_num_enums = %d;' % len(all_enums))

    with open(args.out, 'w', encoding='utf-8') as f:
        f.write('\n'.join(out) + '\n')
    return 0


if __name__ == '__main__':
    sys.exit(main())
