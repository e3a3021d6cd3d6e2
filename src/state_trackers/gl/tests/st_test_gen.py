#!/usr/bin/env python3
"""Tests of st_gen_dispatch.py: its output for the real api/ files, and its
refusal of an api_gl* function that is not a gl.xml command."""

import os
import subprocess
import sys
import tempfile


def run(gen, xml, outdir, impls):
    return subprocess.run([sys.executable, gen, '--xml', xml, '--outdir', outdir,
                           '--impl'] + impls, capture_output=True, text=True)


def command_index(c, name):
    """A command's number: its row in st_dispatch_entries[]."""
    rows = c[c.index('st_dispatch_entries[ST_NUM_COMMANDS] = {'):].split('\n')[1:]
    for i, row in enumerate(rows):
        if row.startswith('   { "%s",' % name):
            return i
    return -1


def main():
    gen, xml, bad = sys.argv[1:4]
    impls = sys.argv[4:]
    failures = []

    with tempfile.TemporaryDirectory() as tmp:
        r = run(gen, xml, tmp, impls)
        if r.returncode != 0:
            failures.append('generator failed: ' + r.stderr)
        else:
            h = open(os.path.join(tmp, 'st_dispatch_gen.h')).read()
            c = open(os.path.join(tmp, 'st_dispatch_gen.c')).read()
            expect_h = ['void GLAPIENTRY api_glClear(GLbitfield mask);',
                        'const GLubyte * GLAPIENTRY api_glGetString(GLenum name);',
                        'void GLAPIENTRY api_glReadPixels(GLint x, GLint y, GLsizei width, '
                        'GLsizei height, GLenum format, GLenum type, void *pixels);']
            for e in expect_h:
                if e not in h:
                    failures.append('header lacks: ' + e)
            expect_c = ['stub_glCreateShaderProgramv(GLenum type, GLsizei count, const GLchar *const*strings)',
                        '{ "glClear", (st_proc)stub_glClear, (st_proc)api_glClear, '
                        '(st_proc)entry_glClear, '
                        'ST_CMD_CORE | ST_CMD_GL | ST_CMD_GLES1 | ST_CMD_GLES2 | ST_CMD_IMPLEMENTED, %d },'
                        % command_index(c, 'glClear'),
                        'return (GLboolean)0;',
                        # the own dispatch's entry point: the thread's table at the command's number
                        'entry_glReadPixels(GLint x, GLint y, GLsizei width, GLsizei height, '
                        'GLenum format, GLenum type, void *pixels)',
                        '((void (GLAPIENTRY *)(GLint x, GLint y, GLsizei width, GLsizei height, '
                        'GLenum format, GLenum type, void *pixels))table_[%d])'
                        '(x, y, width, height, format, type, pixels);' % command_index(c, 'glReadPixels'),
                        # an alias calls the slot of its class (the command it aliases)
                        '(GLhandleARB shaderObj))table_[%d])(shaderObj);' % command_index(c, 'glCompileShader')]
            for e in expect_c:
                if e not in c:
                    failures.append('source lacks: ' + e)
            # desktop-only commands carry no GLES flag (GLES contexts keep the stub),
            # GLES-1-only ones no GL flag
            import re
            for name, flag, absent in (('glAccum', 'ST_CMD_GL', 'ST_CMD_GLES'),
                                       ('glOrthox', 'ST_CMD_GLES1', 'ST_CMD_GL ')):
                m = re.search(r'\{ "%s", [^}]*\}' % name, c)
                if not m or flag not in m.group(0) or absent in m.group(0) + ' ':
                    failures.append('flags of %s: %s' % (name, m.group(0) if m else 'missing'))
            if 'api_glCreateShaderProgramv' in h:
                failures.append('glCreateShaderProgramv is not implemented but has a prototype')

        r = run(gen, xml, os.path.join(tmp, 'bad'), [bad])
        if r.returncode == 0:
            failures.append('generator accepted api_glNotACommand')
        elif 'glNotACommand' not in r.stderr:
            failures.append('unexpected refusal: ' + r.stderr)

    for f in failures:
        print('FAIL: ' + f)
    print('st_test_gen: %s' % ('all checks passed' if not failures else
                               '%d check(s) failed' % len(failures)))
    return 1 if failures else 0


if __name__ == '__main__':
    sys.exit(main())
