#!/usr/bin/env python3
"""Differential test of Pony's GLSL front end against glslang (docs/glsl.md,
"Differential testing against glslang"):

  tools/glsl-glslang-diff.py [--glslc build/tools/pony-glslc]
      [--glslang glslangValidator] [--piglit DIR] [--no-shader-tests]
      [--out FILE.md] [--all]

compiles each shader with pony-glslc and with glslangValidator (Debian
package glslang-tools) and lists where the two disagree on accept / reject,
with piglit's expectation beside each.  The shaders:

- piglit's compiler tests for GLSL 1.10, 1.20 and ES 1.00 (the ones
  tools/glsl-parser-check.py runs: piglit_compiler_tests() walks them and
  reads the expected result);
- the vertex and fragment shaders of piglit's .shader_test files in the same
  folders whose [require] asks for no extension and no later GLSL (piglit
  expects them to compile: they are execution tests);
- the project's own shaders: the hand-written cases of the fuzz corpus
  (tests/fuzz/corpus/glsl/hand-*, one source string; no expectation) and any
  .vert / .frag file under tests/ and src/.

glslang is run as `glslangValidator -S vert|frag [-d] FILE`: -d makes a
shader without #version desktop GLSL 1.10 (its default is ES 1.00), so -d
is given for shaders of a desktop context and not for ES ones; without -l
it compiles one shader and does not link (no "missing main" check), which
is what pony-glslc does.  Exit status 0: accepted; 1 or 2 (compile errors):
rejected; anything else (a signal) is listed as a crash.

The table goes to --out (default: standard output); --all lists every
shader, not only disagreements.  Exit status 0 whatever the differences
(this is a report, not a test); 2 on a usage error.
"""
import argparse
import importlib.util
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
PIGLIT = '/usr/lib/x86_64-linux-gnu/piglit/tests'
SPECS = ('glsl-1.10', 'glsl-1.20', 'glsl-es-1.00')


def load_parser_check():
    spec = importlib.util.spec_from_file_location('glsl_parser_check',
                                                  os.path.join(HERE, 'glsl-parser-check.py'))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def stage_of(path):
    return 'frag' if path.endswith('.frag') else 'vert'


def first_error(text):
    """The first error line of a compiler's output, shortened."""
    for line in text.splitlines():
        if 'error' in line.lower() and 'compilation errors' not in line:
            line = re.sub(r'^\S*?:\d+:\d+: ', '', line.strip())
            line = re.sub(r'^ERROR: \d+:\d+: ', '', line)
            return line[:110]
    return ''


def run(args, timeout=60):
    try:
        r = subprocess.run(args, capture_output=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return 'timeout', ''
    out = (r.stdout + r.stderr).decode(errors='replace')
    return r.returncode, out


def pony(glslc, path, stage, es):
    rc, out = run([glslc, '--stage', stage] + (['--es'] if es else []) + [path])
    if rc == 0:
        return 'accept', ''
    if rc == 1:
        return 'reject', first_error(out)
    return 'crash(%s)' % rc, out[:110]


def glslang(validator, path, stage, es):
    rc, out = run([validator, '-S', stage] + ([] if es else ['-d']) + [path])
    if rc == 0:
        return 'accept', ''
    if rc in (1, 2):
        return 'reject', first_error(out)
    return 'crash(%s)' % rc, out[:110]


def shader_test_shaders(root):
    """(label, source, stage, es) for the shaders of the .shader_test files
    under root that need no extension and no GLSL after 1.20 / ES 1.00."""
    for dp, _, fn in sorted(os.walk(root)):
        for f in sorted(fn):
            if not f.endswith('.shader_test'):
                continue
            path = os.path.join(dp, f)
            data = open(path, errors='surrogateescape').read()
            req = re.search(r'^\[require\]\n(.*?)(?=^\[|\Z)', data, re.S | re.M)
            req = req.group(1) if req else ''
            if re.search(r'^\s*(GL_|[A-Z]+_\w+\s*$)', req, re.M):
                continue                      # an extension
            m = re.search(r'GLSL\s*(ES\s*)?>=\s*([\d.]+)', req)
            if m and m.group(2) not in ('1.00', '1.10', '1.20'):
                continue
            es = bool(m and m.group(1)) or 'GLSL ES' in req
            for kind, stage in (('vertex shader', 'vert'), ('fragment shader', 'frag')):
                s = re.search(r'^\[' + kind + r'\]\n(.*?)(?=^\[|\Z)', data, re.S | re.M)
                if not s:
                    continue
                src = s.group(1)
                v = re.search(r'^\s*#\s*version\s+(\d+)', src, re.M)
                if v and v.group(1) not in ('100', '110', '120'):
                    continue
                # shader_runner prepends "#version N" from [require]'s GLSL
                # version to a shader without one (for GLSL >= 1.20: 120)
                if not v and m and m.group(2) == '1.20' and not es:
                    src = '#version 120\n' + src
                yield '%s [%s]' % (path, kind), src, stage, es or (v and v.group(1) == '100')


def own_shaders():
    """(label, source, stage, es) for the project's own shaders."""
    corpus = os.path.join(ROOT, 'tests', 'fuzz', 'corpus', 'glsl')
    for f in sorted(os.listdir(corpus)) if os.path.isdir(corpus) else []:
        if not f.startswith('hand-'):
            continue
        data = open(os.path.join(corpus, f), 'rb').read()
        if len(data) < 4 or (data[1] & 3) != 3 or b'\0' in data[4:]:
            continue                          # several strings or a NUL byte
        yield ('tests/fuzz/corpus/glsl/' + f, data[4:].decode('utf-8', 'surrogateescape'),
               'frag' if data[0] & 1 else 'vert', bool(data[0] & 2))
    for top in ('tests', 'src'):
        for dp, dn, fn in os.walk(os.path.join(ROOT, top)):
            dn[:] = sorted(d for d in dn if d != 'corpus')
            for f in sorted(fn):
                if f.endswith(('.vert', '.frag')):
                    p = os.path.join(dp, f)
                    src = open(p, errors='surrogateescape').read()
                    yield os.path.relpath(p, ROOT), src, stage_of(f), '#version 100' in src


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.split('\n\n')[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument('--glslc', default=os.path.join(ROOT, 'build', 'tools', 'pony-glslc'))
    ap.add_argument('--glslang', default='glslangValidator')
    ap.add_argument('--piglit', default=PIGLIT)
    ap.add_argument('--no-shader-tests', action='store_true')
    ap.add_argument('--out')
    ap.add_argument('--all', action='store_true')
    a = ap.parse_args(argv)
    for prog in (a.glslc, a.glslang):
        if subprocess.run(['sh', '-c', 'command -v "$0"', prog], capture_output=True).returncode:
            print('glsl-glslang-diff: %s not found' % prog, file=sys.stderr)
            return 2

    check = load_parser_check()
    rows = []
    counts = {}
    tmp = tempfile.mkdtemp(prefix='glslang-diff-')

    def compare(label, path, stage, es, expect, kind):
        p, perr = pony(a.glslc, path, stage, es)
        g, gerr = glslang(a.glslang, path, stage, es)
        key = (kind, 'agree' if p == g else 'differ')
        counts[key] = counts.get(key, 0) + 1
        if p != g or a.all:
            rows.append((label, kind, 'ES' if es else 'desktop', stage, expect, p, g, perr, gerr))

    for spec in SPECS:
        for path, expect, _, es in check.piglit_compiler_tests(os.path.join(a.piglit, 'spec', spec)):
            compare(os.path.relpath(path, os.path.join(a.piglit, 'spec')), path, stage_of(path), es,
                    expect, 'compiler test')
    sources = []
    if not a.no_shader_tests:
        for spec in SPECS:
            sources += [(s, 'pass', 'shader_test')
                        for s in shader_test_shaders(os.path.join(a.piglit, 'spec', spec))]
    sources += [(s, '-', 'own') for s in own_shaders()]
    for n, ((label, src, stage, es), expect, kind) in enumerate(sources):
        path = os.path.join(tmp, '%d.%s' % (n, stage))
        with open(path, 'wb') as f:
            f.write(src.encode('utf-8', 'surrogateescape'))
        if label.startswith(a.piglit):
            label = os.path.relpath(label, os.path.join(a.piglit, 'spec'))
        compare(label, path, stage, es, expect, kind)
        os.unlink(path)
    os.rmdir(tmp)

    out = open(a.out, 'w') if a.out else sys.stdout
    out.write('## pony-glslc vs glslangValidator\n\n')
    for kind in ('compiler test', 'shader_test', 'own'):
        agree, differ = counts.get((kind, 'agree'), 0), counts.get((kind, 'differ'), 0)
        out.write('- %s: %d shaders, %d agree, %d differ\n' % (kind, agree + differ, agree, differ))
    out.write('\n| shader | kind | context | stage | piglit | Pony | glslang | Pony says | glslang says |\n')
    out.write('|---|---|---|---|---|---|---|---|---|\n')
    for r in rows:
        out.write('| %s |\n' % ' | '.join(str(c).replace('|', '\\|') for c in r))
    if a.out:
        out.close()
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
