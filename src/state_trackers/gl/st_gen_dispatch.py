#!/usr/bin/env python3
"""Generate the GL state tracker's dispatch tables from Khronos' gl.xml.

Outputs (both written to --outdir):
  st_dispatch_gen.h  command count, the entry table type, and prototypes of
                     every command we implement (api_glFoo), so the compiler
                     checks each implementation against gl.xml's signature.
  st_dispatch_gen.c  a typed stub for every command of every GL / GLES
                     feature and every extension (stubs raise
                     GL_INVALID_OPERATION through st_unimplemented()), a
                     typed entry point for every command that calls through
                     the calling thread's table of Pony's own dispatch
                     (st_own_dispatch.c: what a vendor library hands out,
                     where libglapi is not used), and st_dispatch_entries[]:
                     name, stub, implementation, entry point, flags, and
                     the command's slot in such a table (commands gl.xml
                     aliases to each other share one, as in libglapi).

A command counts as implemented when a file given with --impl defines a
function named api_<command> at the start of a line (the project style
puts a function's name at the start of its line).
"""

import argparse
import os
import re
import sys
import xml.etree.ElementTree as ET

IMPL_RE = re.compile(r'^(api_gl\w+)\(', re.MULTILINE)

# OpenGL ES extensions with commands that Pony implements for ES contexts
# (api_string.c offers them), with the ES APIs it offers each in: their
# commands get ST_CMD_GLES1_EXT / ST_CMD_GLES2_EXT.  Other extensions'
# commands stay out of ES contexts even where the desktop implementation
# exists.  (glDrawBuffersEXT of GL_EXT_draw_buffers, glDrawArraysInstancedEXT
# of GL_EXT_draw_instanced and the KHR_debug commands need no entry: they
# share the slot of an ES 3.x command, which ES 2 contexts get.)
ES_EXTENSIONS = {
    'GL_OES_mapbuffer': ('gles1', 'gles2'),                       # api_buffer.c
    'GL_EXT_shader_framebuffer_fetch_non_coherent': ('gles2',),   # api_fragment.c
    'GL_EXT_blend_func_extended': ('gles2',),                     # api_shader.c
    'GL_OES_EGL_image': ('gles1', 'gles2'),                       # api_eglimage.c
}


# ES 2.0 extensions Pony offers whose commands gl.xml aliases to ES 3.x
# commands (glDrawBuffersEXT -> glDrawBuffers, glUnmapBufferOES ->
# glUnmapBuffer, glDebugMessageControlKHR -> glDebugMessageControl ...):
# those ES 3.x commands keep their implementations in ES 2.0 contexts, as
# the extension's name shares their slot.  Every other command of a GLES
# 3.x feature is a stub in ES contexts of a lower version (ST_CMD_GLES30,
# ST_CMD_GLES31).
ES2_EXTENSIONS_VIA_ES3 = ('GL_EXT_draw_buffers', 'GL_EXT_draw_instanced', 'GL_KHR_debug',
                          'GL_OES_mapbuffer')


def decl_text(elem):
    """The C declaration of a <proto> or <param>: its text without tags."""
    text = ''.join(elem.itertext())
    return ' '.join(text.split())


def return_type(proto):
    name = proto.find('name')
    parts = [proto.text or '']
    for child in proto:
        if child is name:
            break
        parts.append(''.join(child.itertext()))
        parts.append(child.tail or '')
    return ' '.join(''.join(parts).split())


def parse(path):
    root = ET.parse(path).getroot()
    commands = {}
    order = []
    for cmd in root.find('commands'):
        proto = cmd.find('proto')
        name = proto.find('name').text
        params = [decl_text(p) for p in cmd.findall('param')]
        pnames = [p.find('name').text for p in cmd.findall('param')]
        commands[name] = (return_type(proto), params, pnames)
        order.append(name)

    core = {}
    apis = {}   # command -> set of APIs ('gl', 'gles1', 'gles2') whose features list it
    es_min = {}   # command -> the first GLES 2.0/3.x feature's number (20, 30, 31, 32)
    for feature in root.findall('feature'):
        if feature.get('api') not in ('gl', 'gles1', 'gles2'):
            continue
        number = int(float(feature.get('number')) * 10 + 0.5)
        for req in feature.findall('require'):
            for c in req.findall('command'):
                core.setdefault(c.get('name'), feature.get('name'))
                apis.setdefault(c.get('name'), set()).add(feature.get('api'))
                if feature.get('api') == 'gles2':
                    es_min[c.get('name')] = min(es_min.get(c.get('name'), 99), number)
    return commands, order, core, apis, es_min


def parse_ext_commands(path, names):
    """The commands of the extensions named."""
    root = ET.parse(path).getroot()
    cmds = set()
    for ext in root.find('extensions'):
        if ext.get('name') in names:
            for req in ext.findall('require'):
                cmds.update(c.get('name') for c in req.findall('command'))
    return cmds


def parse_es_ext(path):
    """The commands of the ES extensions Pony implements (ES_EXTENSIONS):
    command -> set of ES APIs ('gles1', 'gles2') it is offered in."""
    root = ET.parse(path).getroot()
    es_ext = {}
    for ext in root.find('extensions'):
        offered = ES_EXTENSIONS.get(ext.get('name'))
        if not offered:
            continue
        for req in ext.findall('require'):
            for api in offered:
                if req.get('api') not in (None, api):
                    continue
                for c in req.findall('command'):
                    es_ext.setdefault(c.get('name'), set()).add(api)
    return es_ext


def parse_removed_core(path):
    """The commands a GL feature removes from the core profile (gl.xml's
    <remove profile="core">: GL 3.2's deprecation)."""
    root = ET.parse(path).getroot()
    removed = set()
    for feature in root.findall('feature'):
        if feature.get('api') != 'gl':
            continue
        for rem in feature.findall('remove'):
            if rem.get('profile') == 'core':
                removed.update(c.get('name') for c in rem.findall('command'))
    return removed


def parse_aliases(path):
    """command -> the command gl.xml names in its <alias>."""
    root = ET.parse(path).getroot()
    aliases = {}
    for cmd in root.find('commands'):
        a = cmd.find('alias')
        if a is not None:
            aliases[cmd.find('proto').find('name').text] = a.get('name')
    return aliases


def own_slots(names, index, aliases):
    """Each command's index in a table of Pony's own dispatch.  Commands
    that gl.xml's <alias> elements join are one class and share one slot, as
    libglapi gives such commands one slot: the number of the class's first
    command that is no alias (else its first).  Filling a table then works
    the same on both routes: st_dispatch_create writes the implementations
    of the context's API in name order, the last one a slot gets wins."""
    parent = {n: n for n in names}

    def root(n):
        while parent[n] != n:
            parent[n] = parent[parent[n]]
            n = parent[n]
        return n

    for a, t in aliases.items():
        if a in parent and t in parent:
            parent[root(a)] = root(t)
    classes = {}
    for n in names:
        classes.setdefault(root(n), []).append(n)
    slot = {}
    for members in classes.values():
        first = sorted(members, key=lambda m: (m in aliases, m))[0]
        for m in members:
            slot[m] = index[first]
    return slot


def find_impls(files):
    impls = set()
    for path in files:
        with open(path, encoding='utf-8') as f:
            for m in IMPL_RE.finditer(f.read()):
                impls.add(m.group(1)[len('api_'):])
    return impls


def zero_value(ret):
    return '(%s)0' % ret


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--xml', required=True)
    ap.add_argument('--outdir', required=True)
    ap.add_argument('--impl', nargs='*', default=[])
    args = ap.parse_args()

    commands, order, core, apis, es_min = parse(args.xml)
    es_ext = parse_es_ext(args.xml)
    aliases = parse_aliases(args.xml)
    removed_core = parse_removed_core(args.xml)
    impls = find_impls(args.impl)
    unknown = sorted(impls - set(commands))
    if unknown:
        sys.stderr.write('st_gen_dispatch: not GL commands: %s\n' % ', '.join(unknown))
        return 1

    names = sorted(order)
    index = {n: i for i, n in enumerate(names)}
    slot = own_slots(names, index, aliases)
    # a removed command's aliases go too (glColorPointerEXT would otherwise
    # fill glColorPointer's slot in a core context)
    removed_slots = set(slot[n] for n in removed_core if n in slot)
    not_core = set(n for n in names if slot[n] in removed_slots)
    # ES 3.x commands whose slot an ES 2.0 extension's command shares
    es2_ext_slots = set(slot[n] for n in parse_ext_commands(args.xml, ES2_EXTENSIONS_VIA_ES3)
                        if n in slot)

    h = []
    h.append('/* Generated by st_gen_dispatch.py from gl.xml: do not edit. */')
    h.append('#ifndef ST_DISPATCH_GEN_H')
    h.append('#define ST_DISPATCH_GEN_H')
    h.append('')
    h.append('#include <stdint.h>')
    h.append('')
    h.append('#include "st_gl.h"')
    h.append('')
    h.append('#define ST_NUM_COMMANDS %d' % len(names))
    h.append('#define ST_NUM_CORE_COMMANDS %d' % len(core))
    h.append('#define ST_NUM_IMPLEMENTED_COMMANDS %d' % len(impls))
    h.append('')
    h.append('typedef void (*st_proc)(void);')
    h.append('')
    h.append('#define ST_CMD_CORE        (1u << 0)   /* in a GL, GLES 1 or GLES 2/3 feature */')
    h.append('#define ST_CMD_IMPLEMENTED (1u << 1)   /* impl is ours, not the stub */')
    h.append('#define ST_CMD_GL          (1u << 2)   /* in a desktop GL feature */')
    h.append('#define ST_CMD_GLES1       (1u << 3)   /* in the GLES 1.x feature */')
    h.append('#define ST_CMD_GLES2       (1u << 4)   /* in a GLES 2.0/3.x feature */')
    h.append('#define ST_CMD_GLES2_EXT   (1u << 5)   /* in an ES 2 extension Pony offers */')
    h.append('#define ST_CMD_GLES1_EXT   (1u << 6)   /* in an ES 1 extension Pony offers */')
    h.append('#define ST_CMD_NOT_CORE    (1u << 7)   /* removed from the core profile (or an alias of one) */')
    h.append('#define ST_CMD_GLES30      (1u << 8)   /* ES: from 3.0 on (no ES 2.0 extension shares it) */')
    h.append('#define ST_CMD_GLES31      (1u << 9)   /* ES: from 3.1 on (likewise) */')
    h.append('')
    h.append('struct st_dispatch_entry {')
    h.append('   const char *name;')
    h.append('   st_proc stub;')
    h.append('   st_proc impl;      /* == stub unless implemented */')
    h.append('   st_proc entry;     /* through the thread\'s own table (st_own_dispatch.c) */')
    h.append('   unsigned flags;    /* ST_CMD_* */')
    h.append('   unsigned slot;     /* its index in an own-dispatch table: shared by the')
    h.append('                       * commands gl.xml aliases to each other */')
    h.append('};')
    h.append('')
    h.append('/* Sorted by name; an entry\'s index is its command number. */')
    h.append('extern const struct st_dispatch_entry st_dispatch_entries[ST_NUM_COMMANDS];')
    h.append('')
    h.append('/* Command numbers of the implemented commands. */')
    for n in sorted(impls):
        h.append('#define ST_CMD_%s %d' % (n, index[n]))
    h.append('')
    h.append('/* Implementations (src/state_trackers/gl/api/). */')
    for n in sorted(impls):
        ret, params, _ = commands[n]
        h.append('%s GLAPIENTRY api_%s(%s);' % (ret, n, ', '.join(params) or 'void'))
    h.append('')
    h.append('#endif')

    c = []
    c.append('/* Generated by st_gen_dispatch.py from gl.xml: do not edit. */')
    c.append('#include "st_dispatch_gen.h"')
    c.append('#include "st_dispatch.h"')
    c.append('')
    for n in names:
        ret, params, pnames = commands[n]
        i = index[n]
        c.append('static %s GLAPIENTRY' % ret)
        c.append('stub_%s(%s)' % (n, ', '.join(params) or 'void'))
        c.append('{')
        c.append('   st_unimplemented(%d);' % i)
        if ret != 'void':
            c.append('   return %s;' % zero_value(ret))
        c.append('}')
        c.append('')
        # without a current table (no current context) a call does nothing
        c.append('static %s GLAPIENTRY' % ret)
        c.append('entry_%s(%s)' % (n, ', '.join(params) or 'void'))
        c.append('{')
        # (the table's name is none of gl.xml's parameter names)
        c.append('   const st_proc *table_ = st_own_dispatch_table;')
        ret_kw = '' if ret == 'void' else 'return '
        c.append('   if (!table_)')
        c.append('      return%s;' % ('' if ret == 'void' else ' ' + zero_value(ret)))
        c.append('   %s((%s (GLAPIENTRY *)(%s))table_[%d])(%s);' %
                 (ret_kw, ret, ', '.join(params) or 'void', slot[n], ', '.join(pnames)))
        c.append('}')
        c.append('')
    c.append('const struct st_dispatch_entry st_dispatch_entries[ST_NUM_COMMANDS] = {')
    for n in names:
        flags = []
        if n in core:
            flags.append('ST_CMD_CORE')
        for api in sorted(apis.get(n, ())):
            flags.append('ST_CMD_' + api.upper())
        for api in sorted(es_ext.get(n, ())):
            flags.append('ST_CMD_%s_EXT' % api.upper())
        if n in not_core:
            flags.append('ST_CMD_NOT_CORE')
        if es_min.get(n, 20) > 20 and slot[n] not in es2_ext_slots:
            flags.append('ST_CMD_GLES30' if es_min[n] == 30 else 'ST_CMD_GLES31')
        if n in impls:
            flags.append('ST_CMD_IMPLEMENTED')
            impl = '(st_proc)api_%s' % n
        else:
            impl = '(st_proc)stub_%s' % n
        c.append('   { "%s", (st_proc)stub_%s, %s, (st_proc)entry_%s, %s, %d },' %
                 (n, n, impl, n, ' | '.join(flags) or '0', slot[n]))
    c.append('};')
    c.append('')

    os.makedirs(args.outdir, exist_ok=True)
    with open(os.path.join(args.outdir, 'st_dispatch_gen.h'), 'w', encoding='utf-8') as f:
        f.write('\n'.join(h) + '\n')
    with open(os.path.join(args.outdir, 'st_dispatch_gen.c'), 'w', encoding='utf-8') as f:
        f.write('\n'.join(c) + '\n')
    return 0


if __name__ == '__main__':
    sys.exit(main())
