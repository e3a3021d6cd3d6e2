#!/usr/bin/env python3
# Runs pony-glslc on piglit's compiler tests of one spec folder (the .vert
# and .frag files with a [config] header: glsl_version 1.00, 1.10 or 1.20,
# no required extension) and counts where pony-glslc agrees with the
# expected result; the disagreements go to /tmp/glslparse-bad.txt.
#   tools/glsl-parser-check.py /usr/lib/x86_64-linux-gnu/piglit/tests/spec/glsl-1.20 build/tools/pony-glslc
# tools/glsl-glslang-diff.py imports piglit_compiler_tests() from here.
import os, re, subprocess, sys, collections


def piglit_compiler_tests(root, counts=None):
    """Yields (path, expect, version, es) for the compiler tests under root
    that pony-glslc can run: expect 'pass' or 'fail', version '1.00',
    '1.10' or '1.20', es True for GLSL ES.  Tests that require an extension
    are counted in counts['skip-ext'] (when counts is given) and left out."""
    for dp, dn, fn in sorted(os.walk(root)):
        for f in sorted(fn):
            if not re.search(r'\.(vert|frag)$', f): continue
            p = os.path.join(dp, f)
            try: txt = open(p, errors='replace').read()
            except: continue
            m = re.search(r'\[config\](.*?)\[end config\]', txt, re.S)
            if not m: continue
            cfg = m.group(1)
            exp = re.search(r'expect_result:\s*(\w+)', cfg)
            ver = re.search(r'glsl_version:\s*([\d.]+)(\s*es)?', cfg)
            if not exp or not ver: continue
            v = ver.group(1)
            es = bool(ver.group(2)) or v in ('1.00',)
            if v not in ('1.10','1.20','1.00'): continue
            if 'require_extensions' in cfg and re.search(r'require_extensions:\s*\S', cfg):
                if counts is not None: counts['skip-ext'] += 1
                continue
            yield p, exp.group(1), v, es


def main(argv):
    root = argv[1]
    glslc = argv[2]
    res = collections.Counter(); bad = []
    for p, expect, v, es in piglit_compiler_tests(root, res):
        args = [glslc] + (['--es'] if es else []) + [p]
        r = subprocess.run(args, capture_output=True, timeout=30)
        if r.returncode not in (0,1):
            res['crash/usage'] += 1; bad.append((p, expect, r.returncode, r.stderr.decode(errors='replace')[:200])); continue
        got = 'pass' if r.returncode == 0 else 'fail'
        if got == expect: res['agree'] += 1
        else:
            res['disagree-expected-'+expect] += 1
            bad.append((p, expect, r.returncode, r.stderr.decode(errors='replace')[:200]))
    print(res)
    with open('/tmp/glslparse-bad.txt','w') as o:
        for b in bad: o.write('%s\texpect %s\trc %s\t%s\n' % (b[0], b[1], b[2], b[3].replace('\n',' | ')))


if __name__ == '__main__':
    main(sys.argv)
