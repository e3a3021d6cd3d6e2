#!/usr/bin/env python3
"""Turns glsl_builtins.txt (the GLSL built-ins as version-gated rows) into
glsl_builtins_table.c: every generic row expanded to concrete overloads,
sorted by name for binary search.  The format is described at the top of
glsl_builtins.txt; the C side is glsl_builtins.h.  Run by meson:

    glsl_builtins_gen.py glsl_builtins.txt glsl_builtins_table.c
"""
import re
import sys

STAGES = ['vertex', 'fragment', 'geometry', 'tess_ctrl', 'tess_eval', 'compute']
STAGE_ENUM = ['VERTEX', 'FRAGMENT', 'GEOMETRY', 'TESS_CTRL', 'TESS_EVAL', 'COMPUTE']

# Built-in type names the table may use (glsl_type_<name> instances).
BASIC = (['void', 'bool', 'int', 'uint', 'float', 'double'] +
         [p + 'vec' + n for p in ('', 'b', 'i', 'u', 'd') for n in '234'] +
         ['mat2', 'mat3', 'mat4', 'mat2x3', 'mat2x4', 'mat3x2', 'mat3x4', 'mat4x2', 'mat4x3'] +
         ['dmat2', 'dmat3', 'dmat4', 'dmat2x3', 'dmat2x4', 'dmat3x2', 'dmat3x4', 'dmat4x2',
          'dmat4x3'])
DIMS = ['1D', '2D', '3D', 'Cube', '2DRect', '1DArray', '2DArray', 'CubeArray', 'Buffer', '2DMS',
        '2DMSArray']
OPAQUE = ([p + 'sampler' + d for p in ('', 'i', 'u') for d in DIMS] +
          ['sampler1DShadow', 'sampler2DShadow', 'samplerCubeShadow', 'sampler2DRectShadow',
           'sampler1DArrayShadow', 'sampler2DArrayShadow', 'samplerCubeArrayShadow',
           'samplerExternalOES', 'atomic_uint'] +
          [p + 'image' + d for p in ('', 'i', 'u') for d in DIMS])
KNOWN = set(BASIC) | set(OPAQUE)

# Generic families: name -> (family, list of concrete types).  Types of one
# family move in lockstep; several families in one row multiply.
GENERIC = {
    'genType': ('gen', ['float', 'vec2', 'vec3', 'vec4']),
    'genFType': ('gen', ['float', 'vec2', 'vec3', 'vec4']),
    'genIType': ('gen', ['int', 'ivec2', 'ivec3', 'ivec4']),
    'genUType': ('gen', ['uint', 'uvec2', 'uvec3', 'uvec4']),
    'genBType': ('gen', ['bool', 'bvec2', 'bvec3', 'bvec4']),
    'genDType': ('gen', ['double', 'dvec2', 'dvec3', 'dvec4']),
    'vec': ('vec', ['vec2', 'vec3', 'vec4']),
    'ivec': ('vec', ['ivec2', 'ivec3', 'ivec4']),
    'uvec': ('vec', ['uvec2', 'uvec3', 'uvec4']),
    'bvec': ('vec', ['bvec2', 'bvec3', 'bvec4']),
    'dvec': ('vec', ['dvec2', 'dvec3', 'dvec4']),
    'mat': ('mat', ['mat2', 'mat3', 'mat4']),
    'dmat': ('mat', ['dmat2', 'dmat3', 'dmat4']),
    'nsmat': ('nsmat', ['mat2x3', 'mat2x4', 'mat3x2', 'mat3x4', 'mat4x2', 'mat4x3']),
}


def generic(tname):
    """(family, variants) of a generic type name, or None."""
    if tname in GENERIC:
        return GENERIC[tname]
    if tname.startswith('g') and tname[1:] in KNOWN and 'i' + tname[1:] in KNOWN:
        base = tname[1:]
        return ('g', [base, 'i' + base, 'u' + base])
    return None


class Error(Exception):
    pass


def parse_version(s):
    if s == '-':
        return 0
    if not re.fullmatch(r'[0-9]{3}', s):
        raise Error('bad version %r' % s)
    return int(s)


def parse_gate(args):
    if len(args) < 2:
        raise Error('@gate needs a desktop and an ES version')
    g = {'desktop': parse_version(args[0]), 'es': parse_version(args[1]),
         'dext': [], 'esext': [], 'drem': 0, 'esrem': 0, 'dextmin': 0}
    for a in args[2:]:
        key, _, val = a.partition('=')
        if key == 'removed':
            d, _, e = val.partition('/')
            g['drem'], g['esrem'] = parse_version(d), parse_version(e)
        elif key == 'dextmin':
            g['dextmin'] = parse_version(val)
        elif key in ('dext', 'esext'):
            exts = val.split(',')
            if len(exts) > 2:
                raise Error('at most two extensions per language')
            g[key] = exts
        else:
            raise Error('unknown @gate option %r' % a)
    return g


def parse_stages(args):
    if args == ['any']:
        return list(STAGES)
    out = []
    for s in ','.join(args).split(','):
        if s not in STAGES:
            raise Error('unknown stage %r' % s)
        out.append(s)
    return out


def check_type(t, structs=()):
    base = re.sub(r'\[[0-9]+\]$', '', t)
    if base not in KNOWN and base not in structs:
        raise Error('unknown type %r' % t)


def parse_file(path):
    gate = None
    stages = list(STAGES)
    const = 'fold'
    funcs, structs, variables, constants = [], [], [], []
    struct = None
    with open(path, encoding='utf-8') as f:
        lines = f.read().split('\n')
    for lineno, raw in enumerate(lines, 1):
        line = raw.split('#', 1)[0].strip()
        if not line:
            continue
        words = line.split()
        try:
            if struct is not None:
                if words[0] == 'end':
                    structs.append(struct)
                    struct = None
                elif words[0] == 'field':
                    opts = dict(o.split('=', 1) for o in words[3:])
                    check_type(words[1])
                    struct['fields'].append({'type': words[1], 'name': words[2],
                                             'prec': opts.get('prec'),
                                             'state': opts.get('state', words[2])})
                else:
                    raise Error('expected field or end inside struct')
                continue
            if words[0] == '@gate':
                gate = parse_gate(words[1:])
            elif words[0] == '@stages':
                stages = parse_stages(words[1:])
            elif words[0] == '@const':
                if words[1:] not in (['fold'], ['zero'], ['no']):
                    raise Error('@const takes fold, zero or no')
                const = words[1]
            elif words[0] == 'fn':
                m = re.fullmatch(r'fn\s+([A-Z0-9_]+)\s+(\S+)\s+(\w+)\s*\((.*)\)\s*', line)
                if not m:
                    raise Error('malformed fn row')
                op, ret, name, plist = m.groups()
                params = []
                for p in [p.strip() for p in plist.split(',')] if plist.strip() else []:
                    pw = p.split()
                    d = 'in'
                    if pw[0] in ('in', 'out', 'inout'):
                        d = pw.pop(0)
                    if len(pw) not in (1, 2):
                        raise Error('malformed parameter %r' % p)
                    params.append((d, pw[0]))
                funcs.append({'op': op, 'ret': ret, 'name': name, 'params': params,
                              'gate': gate, 'stages': stages, 'const': const,
                              'line': lineno})
            elif words[0] == 'struct':
                struct = {'name': words[1], 'gate': gate, 'fields': []}
            elif words[0] == 'var':
                m = re.fullmatch(r'(\w+)(?:\[(\w*)\])?', words[3])
                if not m or words[1] not in ('in', 'out', 'uniform'):
                    raise Error('malformed var row')
                opts = dict(o.split('=', 1) for o in words[4:])
                for k in opts:
                    if k not in ('prec', 'state', 'bound', 'block'):
                        raise Error('unknown var option %r' % k)
                check_type(words[2], [s['name'] for s in structs])
                variables.append({'storage': words[1], 'type': words[2], 'name': m.group(1),
                                  'array': m.group(2), 'opts': opts, 'gate': gate,
                                  'stages': stages})
            elif words[0] == 'const':
                opts = dict(o.split('=', 1) for o in words[3:])
                mins = []
                for lang in ('desktop', 'es'):
                    for item in opts.pop(lang, '').split(',') if lang in opts else []:
                        v, _, n = item.partition(':')
                        mins.append((lang == 'es', parse_version(v), int(n)))
                if opts:
                    raise Error('unknown const option')
                constants.append({'id': words[1], 'name': words[2], 'mins': mins,
                                  'gate': gate, 'stages': stages})
            else:
                raise Error('unknown row kind %r' % words[0])
            if words[0] in ('fn', 'var', 'const', 'struct') and gate is None:
                raise Error('row before the first @gate')
        except Error as e:
            sys.exit('%s:%d: %s' % (path, lineno, e))
    if struct is not None:
        sys.exit('%s: struct %s has no end' % (path, struct['name']))
    return funcs, structs, variables, constants


def expand(fn, structs):
    """The concrete overloads of one fn row."""
    types = [fn['ret']] + [t for _, t in fn['params']]
    families = {}
    for t in types:
        g = generic(re.sub(r'\[[0-9]+\]$', '', t))
        if g:
            fam, variants = g
            if fam in families and len(families[fam]) != len(variants):
                raise Error('line %d: mixed family sizes' % fn['line'])
            families[fam] = variants
    combos = [{}]
    for fam, variants in families.items():
        combos = [dict(c, **{fam: i}) for c in combos for i in range(len(variants))]
    out = []
    for c in combos:
        def concrete(t):
            m = re.fullmatch(r'(\w+)(\[[0-9]+\])?', t)
            g = generic(m.group(1))
            base = g[1][c[g[0]]] if g else m.group(1)
            check_type(base, structs)
            return base + (m.group(2) or '')
        out.append(dict(fn, ret=concrete(fn['ret']),
                        params=[(d, concrete(t)) for d, t in fn['params']]))
    return out


def c_str(s):
    return '"%s"' % s if s is not None else 'NULL'


def c_gate(g):
    def exts(lst):
        lst = lst + [None] * (2 - len(lst))
        return '{ %s, %s }' % (c_str(lst[0]), c_str(lst[1]))
    return '{ { %d, %d, %s, %s }, %d, %d, %d }' % (g['desktop'], g['es'], exts(g['dext']),
                                                    exts(g['esext']), g['drem'], g['esrem'],
                                                    g['dextmin'])


def c_stages(stages):
    if stages == STAGES:
        return 'GLSL_BUILTIN_STAGES_ALL'
    return ' | '.join('GLSL_BUILTIN_STAGE(GLSL_STAGE_%s)' % STAGE_ENUM[STAGES.index(s)]
                      for s in stages)


PREC = {None: 'GLSL_PRECISION_NONE', 'high': 'GLSL_PRECISION_HIGH',
        'medium': 'GLSL_PRECISION_MEDIUM', 'low': 'GLSL_PRECISION_LOW'}


def main():
    if len(sys.argv) != 3:
        sys.exit('usage: glsl_builtins_gen.py glsl_builtins.txt out.c')
    funcs, structs, variables, constants = parse_file(sys.argv[1])
    struct_names = [s['name'] for s in structs]
    rows = []
    try:
        for fn in funcs:
            rows.extend(expand(fn, struct_names))
    except Error as e:
        sys.exit('%s: %s' % (sys.argv[1], e))
    # Two visible overloads with the same parameters would make every call
    # ambiguous: refuse rows that overlap in a stage and share a version.
    # A generic row may repeat a concrete one (mod(genType, float) with
    # genType = float is mod(float, float)): the repeat is dropped.  Any
    # other overlap is an error in the table.
    seen, unique = {}, []
    for r in rows:
        key = (r['name'], tuple(t for _, t in r['params']))
        dup = False
        for prev in seen.get(key, []):
            if set(prev['stages']) & set(r['stages']) and prev['gate'] is r['gate']:
                if prev['ret'] != r['ret'] or prev['stages'] != r['stages'] or \
                   prev['op'] != r['op'] or prev['params'] != r['params']:
                    sys.exit('%s:%d: %s%s clashes with line %d' %
                             (sys.argv[1], r['line'], r['name'], key[1], prev['line']))
                dup = True
        if not dup:
            seen.setdefault(key, []).append(r)
            unique.append(r)
    rows = unique
    rows.sort(key=lambda r: r['name'])    # stable: file order within a name

    def tref(t):
        m = re.fullmatch(r'(\w+)\[([0-9]+)\]', t)
        if m:
            return '&glsl_builtin_array_%s_%s' % (m.group(1), m.group(2))
        if t in struct_names:
            return '&glsl_builtin_struct_%s' % t
        return '&glsl_type_%s' % t

    o = []
    o.append('/* Generated by glsl_builtins_gen.py from glsl_builtins.txt: do not edit. */')
    o.append('#include <stddef.h>\n')
    o.append('#include "compiler/glsl/glsl_builtins.h"\n')
    arrays = sorted({t for r in rows for _, t in r['params'] if '[' in t})
    for t in arrays:
        m = re.fullmatch(r'(\w+)\[([0-9]+)\]', t)
        o.append('static const struct glsl_type glsl_builtin_array_%s_%s = {' % m.groups())
        o.append('   .base = GLSL_TYPE_ARRAY, .depth = 1, .element = &glsl_type_%s, '
                 '.length = %s,' % m.groups())
        o.append('};')
    # structs
    for s in structs:
        o.append('static const struct glsl_struct_field glsl_builtin_fields_%s[] = {' % s['name'])
        for fld in s['fields']:
            o.append('   { .name = "%s", .type = &glsl_type_%s, .precision = %s, '
                     '.location = -1, .offset = -1, .align = -1 },'
                     % (fld['name'], fld['type'], PREC[fld['prec']]))
        o.append('};')
        o.append('static const char *const glsl_builtin_field_state_%s[] = { %s };'
                 % (s['name'], ', '.join(c_str(f['state']) for f in s['fields'])))
        o.append('static const struct glsl_type glsl_builtin_struct_%s = {' % s['name'])
        o.append('   .base = GLSL_TYPE_STRUCT, .depth = 1, .name = "%s",' % s['name'])
        o.append('   .fields = glsl_builtin_fields_%s, .num_fields = %d,'
                 % (s['name'], len(s['fields'])))
        o.append('};')
    o.append('const struct glsl_builtin_struct glsl_builtin_struct_table[] = {')
    for s in structs:
        o.append('   { &glsl_builtin_struct_%s, glsl_builtin_field_state_%s, %s },'
                 % (s['name'], s['name'], c_gate(s['gate'])))
    o.append('};')
    o.append('const unsigned glsl_builtin_num_structs = %d;\n' % len(structs))

    # parameter pools
    pool, dirs, poolidx = [], [], {}
    for r in rows:
        key = tuple(t for _, t in r['params'])
        if key and key not in poolidx:
            poolidx[key] = len(pool)
            pool.extend(key)
    o.append('static const struct glsl_type *const glsl_builtin_param_pool[] = {')
    for i in range(0, len(pool), 4):
        o.append('   ' + ' '.join(tref(t) + ',' for t in pool[i:i + 4]))
    o.append('};')
    diridx = {}
    for r in rows:
        key = tuple(d for d, _ in r['params'])
        if any(d != 'in' for d in key) and key not in diridx:
            diridx[key] = len(dirs)
            dirs.extend(key)
    DIR = {'in': 'GLSL_PARAM_IN', 'out': 'GLSL_PARAM_OUT', 'inout': 'GLSL_PARAM_INOUT'}
    o.append('static const uint8_t glsl_builtin_dir_pool[] = {')
    for i in range(0, len(dirs), 4):
        o.append('   ' + ' '.join(DIR[d] + ',' for d in dirs[i:i + 4]))
    o.append('};\n')

    CONST = {'fold': 'GLSL_BUILTIN_F_CONST', 'zero': 'GLSL_BUILTIN_F_CONST_ZERO', 'no': '0'}
    o.append('const struct glsl_builtin_function glsl_builtin_function_table[] = {')
    for r in rows:
        key = tuple(t for _, t in r['params'])
        dkey = tuple(d for d, _ in r['params'])
        params = '&glsl_builtin_param_pool[%d]' % poolidx[key] if key else 'NULL'
        dptr = '&glsl_builtin_dir_pool[%d]' % diridx[dkey] if dkey in diridx else 'NULL'
        o.append('   { "%s", GLSL_BUILTIN_%s, %s, %d, %s, %s,' %
                 (r['name'], r['op'], tref(r['ret']), len(key), params, dptr))
        o.append('     %s, %s, %s },' % (c_gate(r['gate']), c_stages(r['stages']),
                                         CONST[r['const']]))
    o.append('};')
    o.append('const unsigned glsl_builtin_num_functions = %d;\n' % len(rows))
    o.append('const struct glsl_builtin_name glsl_builtin_function_names[] = {')
    names = []
    for i, r in enumerate(rows):
        if names and names[-1][0] == r['name']:
            names[-1][2] += 1
        else:
            names.append([r['name'], i, 1])
    for n in names:
        o.append('   { "%s", %d, %d },' % tuple(n))
    o.append('};')
    o.append('const unsigned glsl_builtin_num_function_names = %d;\n' % len(names))

    o.append('const struct glsl_builtin_variable glsl_builtin_variable_table[] = {')
    for v in variables:
        arr, aconst = 'GLSL_BUILTIN_ARRAY_NONE', 'GLSL_BUILTIN_CONST_NONE'
        if v['array'] is not None:
            if v['array']:
                arr, aconst = 'GLSL_BUILTIN_ARRAY_SIZED', 'GLSL_BUILTIN_CONST_' + v['array']
            else:
                arr = 'GLSL_BUILTIN_ARRAY_UNSIZED'
                if 'bound' in v['opts']:
                    aconst = 'GLSL_BUILTIN_CONST_' + v['opts']['bound']
        o.append('   { "%s", %s, %s, %s, GLSL_BUILTIN_STORAGE_%s, %s, %s,' %
                 (v['name'], tref(v['type']), arr, aconst, v['storage'].upper(),
                  'false' if v['storage'] == 'out' else 'true',
                  PREC[v['opts'].get('prec')]))
        o.append('     %s, %s, %s, %s },' % (c_stages(v['stages']), c_gate(v['gate']),
                                             c_str(v['opts'].get('state')),
                                             c_str(v['opts'].get('block'))))
    o.append('};')
    o.append('const unsigned glsl_builtin_num_variables = %d;\n' % len(variables))

    o.append('const struct glsl_builtin_constant glsl_builtin_constant_table[] = {')
    for c in constants:
        o.append('   { "%s", GLSL_BUILTIN_CONST_%s, %s, %s },' %
                 (c['name'], c['id'], c_stages(c['stages']), c_gate(c['gate'])))
    o.append('};')
    o.append('const unsigned glsl_builtin_num_constants = %d;\n' % len(constants))
    o.append('const struct glsl_builtin_minimum glsl_builtin_minimum_table[] = {')
    for c in constants:
        for es, v, n in c['mins']:
            o.append('   { GLSL_BUILTIN_CONST_%s, %s, %d, %d },' %
                     (c['id'], 'true' if es else 'false', v, n))
    o.append('};')
    o.append('const unsigned glsl_builtin_num_minimums = %d;' %
             sum(len(c['mins']) for c in constants))
    with open(sys.argv[2], 'w', encoding='utf-8') as f:
        f.write('\n'.join(o) + '\n')


if __name__ == '__main__':
    main()
