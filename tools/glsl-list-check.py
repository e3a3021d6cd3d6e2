#!/usr/bin/env python3
# Runs pony-glslc on the glslparser tests of a piglit test list (e.g.
# /work/shared/piglit/gl21.txt), with the command, expected result, version
# and extensions piglit's glslparser.xml.gz gives each test, and counts where
# pony-glslc agrees.  Disagreements go to stdout, one per line.
#   tools/glsl-list-check.py LIST build/tools/pony-glslc [PIGLIT_DIR]
# PONY_GLSLC_MAX_VERSION=330 passes --max-version to pony-glslc (versions
# the driver does not offer yet).
import ast, gzip, os, re, subprocess, sys, collections
import xml.etree.ElementTree as ET
lst, glslc = sys.argv[1], sys.argv[2]
pdir = sys.argv[3] if len(sys.argv) > 3 else '/usr/lib/x86_64-linux-gnu/piglit'
want = set(l.strip() for l in open(lst) if l.strip())
cmds = {}
for xml in ('glslparser.xml.gz',):
    for t in ET.parse(gzip.open(os.path.join(pdir, 'tests', xml))).getroot():
        name = t.get('name')
        if name not in want: continue
        for o in t:
            if o.get('name') == 'command':
                cmds[name] = ast.literal_eval(o.get('value'))
res = collections.Counter()
for name in sorted(cmds):
    c = cmds[name]
    prog, path, expect, ver = c[0], c[1], c[2], c[3]
    exts = c[4:]
    es = prog.endswith('gles2') or ver in ('1.00', '3.00', '3.10', '3.20')
    full = os.path.join(pdir, path)
    if not os.path.exists(full):
        full = os.path.join(pdir, path.replace('tests/', 'generated_tests/', 1))
    # what Pony's GL contexts offer GLSL whatever the test asks for
    args = [glslc] + (['--es'] if es else ['--ext', 'GL_ARB_texture_rectangle'])
    if os.environ.get('PONY_GLSLC_MAX_VERSION'):
        args += ['--max-version', os.environ['PONY_GLSLC_MAX_VERSION']]
    for e in exts: args += ['--ext', e]
    args.append(full)
    try:
        r = subprocess.run(args, capture_output=True, timeout=30)
        rc = r.returncode
    except subprocess.TimeoutExpired:
        rc = 'timeout'
    if rc not in (0, 1):
        res['crash'] += 1; print('CRASH', name, rc); continue
    got = 'pass' if rc == 0 else 'fail'
    if got == expect: res['agree'] += 1
    else:
        res['disagree'] += 1
        print('%s\texpect %s\t%s' % (name, expect, r.stderr.decode(errors='replace').strip().replace('\n', ' | ')[:300]))
print(dict(res), 'of', len(cmds), 'tests found,', len([w for w in want if 'glslparser' in w or '@compiler@' in w]), 'in list')
