#!/usr/bin/env python3
"""Checks of st_gen_dlist.py: its output for the real gl.xml (which commands
get save functions, which are left to execute) and its refusal of a GL 2.1
command no rule covers."""
import os
import subprocess
import sys
import tempfile

gen, xml = sys.argv[1], sys.argv[2]
failures = 0


def check(cond, what):
    global failures
    if not cond:
        print('FAIL: ' + what)
        failures += 1


with tempfile.TemporaryDirectory() as out:
    r = subprocess.run([sys.executable, gen, '--xml', xml, '--outdir', out])
    check(r.returncode == 0, 'generator runs on gl.xml')
    if r.returncode == 0:
        src = open(os.path.join(out, 'st_dlist_gen.c'), encoding='utf-8').read()
        hdr = open(os.path.join(out, 'st_dlist_gen.h'), encoding='utf-8').read()
        for cmd in ('glColor3f', 'glLightfv', 'glMaterialfv', 'glLoadMatrixf', 'glCallList',
                    'glListBase', 'glUniform4fv', 'glPixelMapfv', 'glCompressedTexImage2D',
                    'glVertexAttribI4iv', 'glUniform2uiv', 'glClearBufferfv'):
            check('\ns_%s(' % cmd in src, '%s has a generated save function' % cmd)
        for cmd in ('glReadPixels', 'glGenLists', 'glPixelStorei', 'glVertexPointer',
                    'glGetIntegerv', 'glIsEnabled', 'glFlush', 'glShaderSource', 'glNewList'):
            check('\ns_%s(' % cmd not in src and 'save_%s(' % cmd not in hdr,
                  '%s is executed, not compiled' % cmd)
        for cmd in ('glBitmap', 'glTexImage2D', 'glCallLists', 'glDrawArrays', 'glMap2f'):
            check('void GLAPIENTRY st_dlist_save_%s(' % cmd in hdr, '%s is hand-written' % cmd)
            check('(st_proc)st_dlist_save_%s }' % cmd in src, '%s is in the table' % cmd)
        check('st_dlist_pname_count(ST_DLIST_PN_LIGHT, pname)' in src, 'COMPSIZE(pname) table')
        check('buffer == GL_COLOR ? 4' in src, 'COMPSIZE(buffer) of glClearBuffer*v')
        check('\ns_glVertexAttribIPointer(' not in src, 'glVertexAttribIPointer is executed')
        check('if (st_dlist_is_proxy(target))' in src, 'proxy targets executed')

    bad = os.path.join(out, 'bad.xml')
    with open(bad, 'w', encoding='utf-8') as f:
        f.write('''<registry><commands>
<command><proto>void <name>glFoo</name></proto>
<param>const <ptype>GLfloat</ptype> *<name>v</name></param></command>
</commands>
<feature api="gl" name="GL_VERSION_1_0" number="1.0"><require>
<command name="glFoo"/></require></feature></registry>
''')
    r = subprocess.run([sys.executable, gen, '--xml', bad, '--outdir', out],
                       stderr=subprocess.PIPE, text=True)
    check(r.returncode != 0 and 'glFoo' in r.stderr,
          'a GL 2.1 pointer command without a length is refused')

if failures:
    print('st_test_gen_dlist: %d check(s) failed' % failures)
    sys.exit(1)
print('st_test_gen_dlist: all checks passed')
