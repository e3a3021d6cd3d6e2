#!/usr/bin/env python3
"""glmark2-compare: run glmark2 (or glmark2-es2) on two GL drivers and compare
their pictures scene by scene (docs/testing.md, "Comparing glmark2 pictures").

Each driver runs every default scene under xvfb-run with the LD_PRELOAD shim
libglmark2-frames.so (tools/glmark2-frames.c): a fake clock advances by one
fixed step per frame, so frame k of a scene shows the same moment of its
animation on every driver, and frames --capture of every scene are written as
PNG.  The PNGs are compared per pixel with a tolerance; --validate is run on
both drivers as well.  Exit status 0 when every scene matches and every
scene that validates on driver A validates on driver B.

Drivers (--a, --b):
  llvmpipe, softpipe   the system's Mesa (LIBGL_ALWAYS_SOFTWARE=1,
                       GALLIUM_DRIVER=NAME)
  pony                 Pony through tools/pony-run (the build's driver folder)
  pony:PIPE            the same with PONY_DRIVER=PIPE

Example:
  tools/glmark2-compare.py --a llvmpipe --b pony --out /tmp/g2cmp
"""

import argparse
import math
import os
import re
import shutil
import struct
import subprocess
import sys
import tempfile
import zlib

STEP_US = 16667     # fake clock step per frame (1/60 s)
TOOLS_DIR = os.path.dirname(os.path.abspath(__file__))
REPO_DIR = os.path.dirname(TOOLS_DIR)


# Scenes whose pictures legitimately differ more between correct drivers:
# scene name -> (tolerance, max percent, min PSNR, reason).  Measured on
# llvmpipe vs softpipe (docs/testing.md); the limits leave about twice the
# observed difference.  --strict ignores this table.
SCENE_LIMITS = {
    'terrain': (32, 2.0, 30.0,
                'simplex noise (mod(((x*34)+1)*x, 289) on large floats) rendered to '
                'textures, then normal map, blur and luminance passes: one-ulp '
                'differences move the noise; llvmpipe/softpipe: 8% of pixels over 16, '
                '0.7% over 32, PSNR 32'),
    'refract': (32, 2.0, 32.0,
                'refraction vectors look up a high-frequency environment picture: a '
                'rounding difference picks a neighbouring texel; llvmpipe/softpipe: '
                '2.4% of pixels over 16, 0.9% over 32, PSNR 34'),
}


# ---- PNG ------------------------------------------------------------------

def png_read(path):
    """Decodes an 8-bit RGBA or RGB, non-interlaced PNG (what the shim
    writes) into (width, height, bytearray of RGBA rows, top row first)."""
    with open(path, 'rb') as f:
        data = f.read()
    if data[:8] != b'\x89PNG\r\n\x1a\n':
        raise ValueError('%s: not a PNG' % path)
    pos, idat, w, h, ctype = 8, [], 0, 0, 0
    while pos < len(data):
        length, kind = struct.unpack('>I4s', data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        pos += 12 + length
        if kind == b'IHDR':
            w, h, depth, ctype, _, _, interlace = struct.unpack('>IIBBBBB', body)
            if depth != 8 or ctype not in (2, 6) or interlace:
                raise ValueError('%s: only 8-bit RGB(A) non-interlaced PNGs' % path)
        elif kind == b'IDAT':
            idat.append(body)
        elif kind == b'IEND':
            break
    raw = zlib.decompress(b''.join(idat))
    bpp = 4 if ctype == 6 else 3
    stride = w * bpp
    out = bytearray(h * stride)
    prev = bytearray(stride)
    for y in range(h):
        ftype = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        if ftype == 1:
            for i in range(bpp, stride):
                line[i] = (line[i] + line[i - bpp]) & 255
        elif ftype == 2:
            for i in range(stride):
                line[i] = (line[i] + prev[i]) & 255
        elif ftype == 3:
            for i in range(stride):
                left = line[i - bpp] if i >= bpp else 0
                line[i] = (line[i] + ((left + prev[i]) >> 1)) & 255
        elif ftype == 4:
            for i in range(stride):
                a = line[i - bpp] if i >= bpp else 0
                b = prev[i]
                c = prev[i - bpp] if i >= bpp else 0
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                pr = a if pa <= pb and pa <= pc else (b if pb <= pc else c)
                line[i] = (line[i] + pr) & 255
        out[y * stride:(y + 1) * stride] = line
        prev = line
    if bpp == 3:
        rgba = bytearray(w * h * 4)
        for i in range(w * h):
            rgba[i * 4:i * 4 + 3] = out[i * 3:i * 3 + 3]
            rgba[i * 4 + 3] = 255
        out = rgba
    return w, h, out


def png_write(path, w, h, rgba):
    """Writes RGBA rows (top row first) as a PNG (no filters)."""
    def chunk(kind, body):
        return (struct.pack('>I', len(body)) + kind + body +
                struct.pack('>I', zlib.crc32(kind + body) & 0xffffffff))
    stride = w * 4
    raw = b''.join(b'\x00' + bytes(rgba[y * stride:(y + 1) * stride]) for y in range(h))
    with open(path, 'wb') as f:
        f.write(b'\x89PNG\r\n\x1a\n')
        f.write(chunk(b'IHDR', struct.pack('>IIBBBBB', w, h, 8, 6, 0, 0, 0)))
        f.write(chunk(b'IDAT', zlib.compress(raw, 6)))
        f.write(chunk(b'IEND', b''))


# ---- comparing two pictures ------------------------------------------------

class FrameDiff:
    """Per-pixel comparison of two RGBA pictures of the same size."""

    def __init__(self, a, b, tolerance):
        (self.w, self.h, pa), (_, _, pb) = a, b
        n = self.w * self.h
        bad = 0
        max_diff = 0
        sq = 0
        mask = bytearray(n)
        for i in range(n):
            o = i * 4
            d0 = abs(pa[o] - pb[o])
            d1 = abs(pa[o + 1] - pb[o + 1])
            d2 = abs(pa[o + 2] - pb[o + 2])
            d3 = abs(pa[o + 3] - pb[o + 3])
            d = max(d0, d1, d2, d3)
            if d:
                sq += d0 * d0 + d1 * d1 + d2 * d2 + d3 * d3
                if d > max_diff:
                    max_diff = d
                if d > tolerance:
                    bad += 1
                    mask[i] = 1
        self.pixels = n
        self.bad = bad
        self.bad_percent = 100.0 * bad / n if n else 0.0
        self.max_diff = max_diff
        mse = sq / (4.0 * n) if n else 0.0
        self.psnr = float('inf') if mse == 0 else 10.0 * math.log10(255.0 * 255.0 / mse)
        self._a, self._b, self._mask = pa, pb, mask

    def write_side_by_side(self, path):
        """A | B | map: pixels over the tolerance in red, others as a dim
        copy of A."""
        w, h = self.w, self.h
        out = bytearray(3 * w * h * 4)
        for y in range(h):
            for x in range(w):
                i = y * w + x
                o = i * 4
                row = (y * 3 * w) * 4
                out[row + x * 4:row + x * 4 + 3] = self._a[o:o + 3]
                out[row + x * 4 + 3] = 255
                out[row + (w + x) * 4:row + (w + x) * 4 + 3] = self._b[o:o + 3]
                out[row + (w + x) * 4 + 3] = 255
                m = row + (2 * w + x) * 4
                if self._mask[i]:
                    out[m:m + 4] = b'\xff\x00\x00\xff'
                else:
                    g = (self._a[o] + self._a[o + 1] + self._a[o + 2]) // 12
                    out[m:m + 4] = bytes((g, g, g, 255))
        png_write(path, 3 * w, h, out)


# ---- running glmark2 -------------------------------------------------------

def driver_env(name, args):
    """(environment additions, command prefix) for a driver name."""
    if name in ('llvmpipe', 'softpipe'):
        return {'LIBGL_ALWAYS_SOFTWARE': '1', 'GALLIUM_DRIVER': name}, []
    if name == 'pony' or name.startswith('pony:'):
        prefix = [args.pony_run]
        if name.startswith('pony:'):
            prefix += ['--driver', name[5:]]
        return {}, prefix + ['--']
    raise SystemExit('glmark2-compare: unknown driver %r (llvmpipe, softpipe, pony, pony:PIPE)'
                     % name)


def run_glmark2(name, args, outdir, validate):
    """Runs glmark2 on driver NAME; returns its merged stdout/stderr text
    and exit status.  Frames go to OUTDIR (not with --validate)."""
    env_add, prefix = driver_env(name, args)
    env = dict(os.environ)
    env.pop('LD_PRELOAD', None)
    env.update(env_add)
    # The shim's settings reach glmark2 only (LD_PRELOAD through env below,
    # so that xvfb-run, Xvfb and pony-run run without it).
    shim_env = ['LD_PRELOAD=' + args.shim,
                'GLMARK2_FRAMES_STEP_US=%d' % STEP_US]
    cmd = ['xvfb-run', '-a', '-s', '-screen 0 1024x768x24'] + prefix + ['env']
    if validate:
        cmd += shim_env + ['GLMARK2_FRAMES_CAPTURE=1', 'GLMARK2_FRAMES_DIR=' + outdir,
                           args.program, '--validate']
    else:
        duration = (args.frames - 1.5) * STEP_US / 1e6
        cmd += shim_env + ['GLMARK2_FRAMES_DIR=' + outdir,
                           'GLMARK2_FRAMES_CAPTURE=' + args.capture,
                           'GLMARK2_FRAMES_SIZE=' + args.size,
                           args.program, '--off-screen', '-s', args.size,
                           '-b', ':duration=%.6f' % duration]
    for b in args.benchmark:
        cmd += ['-b', b]
    os.makedirs(outdir, exist_ok=True)
    if args.verbose:
        print('+ ' + ' '.join('%s=%s' % kv for kv in env_add.items()) + ' ' + ' '.join(cmd),
              file=sys.stderr)
    try:
        p = subprocess.run(cmd, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                           timeout=args.timeout)
        text, status = p.stdout.decode('utf-8', 'replace'), p.returncode
    except subprocess.TimeoutExpired as e:
        text = (e.stdout or b'').decode('utf-8', 'replace')
        status = 'timeout'
    with open(os.path.join(outdir, 'glmark2.log'), 'w') as f:
        f.write(text)
    return text, status


SCENE_RE = re.compile(r'^\[([\w-]+)\] (.*?):(?: |$)')
RESULT_RE = re.compile(r'FPS: (\d+)|(Unsupported)|(Set up failed)|Validation: (\w+)')
NOISE_RE = re.compile(r'^\*\* |^=+$|^\s+(glmark2 |OpenGL Information|GL_|Surface )')


def parse_output(text):
    """The scene lines of glmark2's output, in order: a list of dicts with
    name (scene and options), status (ok, unsupported, setup-failed,
    Success/Failure/Unknown for --validate, or no-result if glmark2 stopped
    in it) and the other lines printed while it ran (errors)."""
    scenes = []
    for line in text.splitlines():
        m = SCENE_RE.match(line)
        if m:
            scenes.append({'name': '[%s] %s' % (m.group(1), m.group(2)),
                           'status': 'no-result', 'messages': []})
            rest = line[m.end():]
        else:
            rest = line
            if not scenes or NOISE_RE.search(line) or not line.strip():
                continue
        r = RESULT_RE.search(rest)
        if r and scenes and scenes[-1]['status'] == 'no-result':
            if r.group(1):
                scenes[-1]['status'] = 'ok'
            elif r.group(2):
                scenes[-1]['status'] = 'unsupported'
            elif r.group(3):
                scenes[-1]['status'] = 'setup-failed'
            else:
                scenes[-1]['status'] = r.group(4)
        elif not m and scenes:
            scenes[-1]['messages'].append(line.strip())
    return scenes


def read_frames(outdir):
    """frames.tsv -> {segment: {'frames': n, 'times': [ns...],
    'errors': [codes...], 'png': {frame: path}}}."""
    segs = {}
    path = os.path.join(outdir, 'frames.tsv')
    if not os.path.exists(path):
        return segs
    with open(path) as f:
        for line in f:
            parts = line.rstrip('\n').split('\t')
            if len(parts) != 5:
                continue
            seg, frame, ns, errs, png = int(parts[0]), int(parts[1]), int(parts[2]), \
                parts[3], parts[4]
            s = segs.setdefault(seg, {'frames': 0, 'times': [], 'errors': [], 'png': {}})
            s['frames'] = max(s['frames'], frame)
            s['times'].append(ns)
            if errs != '-':
                s['errors'] += errs.split(',')
            if png != '-':
                s['png'][frame] = os.path.join(outdir, png)
    return segs


def real_fps(seg):
    """Frames per second of the driver's real time, from the first frame's
    end to the last's (setup and the first frame's shader compiles
    excluded); None with fewer than two frames."""
    if not seg or len(seg['times']) < 2:
        return None
    span = seg['times'][-1] - seg['times'][0]
    return (len(seg['times']) - 1) * 1e9 / span if span > 0 else None


# ---- the report -------------------------------------------------------------

def fmt_fps(v):
    return '-' if v is None else ('%.1f' % v if v < 100 else '%.0f' % v)


def fmt_psnr(v):
    return '-' if v is None else ('inf' if v == float('inf') else '%.1f' % v)


def compare_runs(args, a_scenes, a_segs, b_scenes, b_segs, diffdir):
    """One row per scene; returns (rows, failures)."""
    rows, failures = [], 0
    n = max(len(a_scenes), len(b_scenes))
    for k in range(n):
        sa = a_scenes[k] if k < len(a_scenes) else None
        sb = b_scenes[k] if k < len(b_scenes) else None
        name = (sa or sb)['name']
        # Segment 0 is the context glmark2 makes at start-up; scene k
        # (counted from 1) draws in segment k.
        ga, gb = a_segs.get(k + 1), b_segs.get(k + 1)
        row = {'n': k + 1, 'name': name,
               'a': sa['status'] if sa else 'missing', 'b': sb['status'] if sb else 'missing',
               'fps_a': real_fps(ga), 'fps_b': real_fps(gb),
               'err_a': sorted(set(ga['errors'])) if ga else [],
               'err_b': sorted(set(gb['errors'])) if gb else [],
               'msg_a': sa['messages'] if sa else [], 'msg_b': sb['messages'] if sb else [],
               'worst_percent': None, 'max_diff': None, 'psnr': None, 'problems': []}
        if sa and sb and sa['name'] != sb['name']:
            row['problems'].append('scene lists differ (%s)' % sb['name'])
        if row['a'] != row['b']:
            row['problems'].append('status %s vs %s' % (row['a'], row['b']))
        if row['err_b'] and not row['err_a']:
            row['problems'].append('GL errors on B: ' + ','.join(row['err_b']))
        scene = name[1:name.index(']')] if name.startswith('[') else name
        tol, pct, min_psnr = args.tolerance, args.max_diff_percent, args.min_psnr
        if scene in SCENE_LIMITS and not args.strict:
            tol, pct, min_psnr = SCENE_LIMITS[scene][:3]
        row['limits'] = '%d/%g%%/%gdB%s' % (tol, pct, min_psnr,
                                            '*' if scene in SCENE_LIMITS and not args.strict
                                            else '')
        frames = sorted(set((ga or {'png': {}})['png']) | set((gb or {'png': {}})['png']))
        for fr in frames:
            pa = ga['png'].get(fr) if ga else None
            pb = gb['png'].get(fr) if gb else None
            if not pa or not pb:
                row['problems'].append('frame %d only on %s' % (fr, 'A' if pa else 'B'))
                continue
            ia, ib = png_read(pa), png_read(pb)
            if ia[:2] != ib[:2]:
                row['problems'].append('frame %d sizes differ' % fr)
                continue
            d = FrameDiff(ia, ib, tol)
            if row['worst_percent'] is None or d.bad_percent > row['worst_percent']:
                row['worst_percent'] = d.bad_percent
            row['max_diff'] = max(row['max_diff'] or 0, d.max_diff)
            row['psnr'] = d.psnr if row['psnr'] is None else min(row['psnr'], d.psnr)
            bad = []
            if d.bad_percent > pct:
                bad.append('%.3f%% of pixels differ by more than %d (limit %g%%)'
                           % (d.bad_percent, tol, pct))
            if d.psnr < min_psnr:
                bad.append('PSNR %.1f dB (limit %g dB)' % (d.psnr, min_psnr))
            if bad:
                row['problems'].append('frame %d: %s' % (fr, ', '.join(bad)))
                side = os.path.join(diffdir, 'scene%03d-f%04d.png' % (k + 1, fr))
                os.makedirs(diffdir, exist_ok=True)
                d.write_side_by_side(side)
                row['problems'].append('see ' + side)
        if row['a'] == 'ok' and row['b'] == 'ok' and not frames:
            row['problems'].append('no frames captured')
        row['result'] = 'FAIL' if row['problems'] else 'ok'
        failures += bool(row['problems'])
        rows.append(row)
    return rows, failures


def print_table(args, rows):
    print('\nPictures: %s (A) vs %s (B), %s, %s frames per scene, frames %s compared;'
          % (args.a, args.b, args.size, args.frames, args.capture))
    print('a pixel differs when a channel differs by more than %d/255; a frame fails when'
          ' more than %g%% of its pixels differ or its PSNR is below %g dB'
          % (args.tolerance, args.max_diff_percent, args.min_psnr))
    if not args.strict:
        print('(limits marked * are per scene: tools/glmark2-compare.py SCENE_LIMITS).')
    print('FPS = the driver\'s real frames per second (frames 1..N, setup excluded);'
          ' glmark2\'s own FPS is the fake clock\'s.\n')
    hdr = ('#', 'scene', 'A', 'B', 'FPS A', 'FPS B', 'GL err A/B', 'limits', 'diff%',
           'maxd', 'PSNR', 'result')
    lines = []
    for r in rows:
        err = '%s/%s' % (','.join(r['err_a']) or '-', ','.join(r['err_b']) or '-')
        lines.append((str(r['n']), r['name'][:args.name_width], r['a'], r['b'],
                      fmt_fps(r['fps_a']), fmt_fps(r['fps_b']), err, r['limits'],
                      '-' if r['worst_percent'] is None else '%.3f' % r['worst_percent'],
                      '-' if r['max_diff'] is None else str(r['max_diff']),
                      fmt_psnr(r['psnr']), r['result']))
    widths = [max(len(h), *(len(l[i]) for l in lines)) if lines else len(h)
              for i, h in enumerate(hdr)]
    print('  '.join(h.ljust(w) for h, w in zip(hdr, widths)))
    for l in lines:
        print('  '.join(c.ljust(w) for c, w in zip(l, widths)))
    for r in rows:
        for p in r['problems']:
            print('  scene %d %s: %s' % (r['n'], r['name'], p))
        for side, msgs in (('A', r['msg_a']), ('B', r['msg_b'])):
            for m in msgs[:5]:
                print('  scene %d glmark2 on %s: %s' % (r['n'], side, m))


def validate_table(args, va, vb):
    print('\nglmark2 --validate: %s (A) vs %s (B)\n' % (args.a, args.b))
    failures = 0
    n = max(len(va), len(vb))
    width = min(args.name_width, max([len(s['name']) for s in va + vb] + [5]))
    print('%-3s %-*s %-12s %-12s %s' % ('#', width, 'scene', 'A', 'B', 'result'))
    for k in range(n):
        sa = va[k] if k < len(va) else None
        sb = vb[k] if k < len(vb) else None
        a = sa['status'] if sa else 'missing'
        b = sb['status'] if sb else 'missing'
        bad = a == 'Success' and b != 'Success'
        failures += bad
        print('%-3d %-*s %-12s %-12s %s' % (k + 1, width, (sa or sb)['name'][:width], a, b,
                                            'FAIL' if bad else 'ok'))
    return failures


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument('--a', default='llvmpipe', help='reference driver (default llvmpipe)')
    ap.add_argument('--b', default='pony', help='driver under test (default pony)')
    ap.add_argument('--es2', action='store_true', help='glmark2-es2 (an ES 2 context)')
    ap.add_argument('--build', default=os.path.join(REPO_DIR, 'build'),
                    help='Pony build directory (shim and pony-run; default <repo>/build)')
    ap.add_argument('--shim', help='libglmark2-frames.so (default BUILD/tools/...)')
    ap.add_argument('--pony-run', help='pony-run (default BUILD/tools/pony-run)')
    ap.add_argument('--size', default='256x256', help='surface size (default 256x256)')
    ap.add_argument('--frames', type=int, default=5,
                    help='frames each scene runs (default 5)')
    ap.add_argument('--capture', default='1,5', help='frames compared (default 1,5)')
    ap.add_argument('--tolerance', type=int, default=16,
                    help='per-channel difference (of 255) a pixel may have (default 16)')
    ap.add_argument('--max-diff-percent', type=float, default=1.0,
                    help='percentage of pixels a frame may have over the tolerance'
                         ' (default 1.0)')
    ap.add_argument('--min-psnr', type=float, default=36.0,
                    help='lowest PSNR (dB, over R, G, B and A) a frame may have (default 36)')
    ap.add_argument('--strict', action='store_true',
                    help='the same limits for every scene (no SCENE_LIMITS)')
    ap.add_argument('-b', '--benchmark', action='append', default=[],
                    help='glmark2 -b argument (repeatable; default: all default scenes)')
    ap.add_argument('--out', help='output directory (default: a new one in /tmp)')
    ap.add_argument('--no-validate', action='store_true', help='skip glmark2 --validate')
    ap.add_argument('--no-pictures', action='store_true', help='only glmark2 --validate')
    ap.add_argument('--timeout', type=int, default=3600, help='seconds per glmark2 run')
    ap.add_argument('--name-width', type=int, default=60)
    ap.add_argument('-v', '--verbose', action='store_true')
    args = ap.parse_args()

    args.program = 'glmark2-es2' if args.es2 else 'glmark2'
    args.shim = os.path.abspath(args.shim or os.path.join(args.build, 'tools',
                                                          'libglmark2-frames.so'))
    args.pony_run = args.pony_run or os.path.join(args.build, 'tools', 'pony-run')
    if args.frames < 2:
        raise SystemExit('glmark2-compare: --frames must be at least 2')
    for need in (args.shim, shutil.which(args.program), shutil.which('xvfb-run')):
        if not need or not os.path.exists(need):
            raise SystemExit('glmark2-compare: missing %s (build Pony; apt-get install '
                             'glmark2-x11 glmark2-es2-x11 xvfb)' % (need or args.program))
    out = args.out or tempfile.mkdtemp(prefix='glmark2-compare-')
    print('glmark2-compare: %s, output in %s' % (args.program, out))

    failures = 0
    if not args.no_pictures:
        runs = {}
        for side, drv in (('a', args.a), ('b', args.b)):
            d = os.path.join(out, side + '-' + drv.replace(':', '-'))
            shutil.rmtree(d, ignore_errors=True)
            text, status = run_glmark2(drv, args, d, validate=False)
            if status != 0:
                print('glmark2 on %s: exit status %s (log: %s/glmark2.log)' % (drv, status, d))
                for line in [l for l in text.splitlines() if 'rror' in l][:5]:
                    print('  ' + line)
                failures += 1
            runs[side] = (parse_output(text), read_frames(d))
        rows, f = compare_runs(args, runs['a'][0], runs['a'][1], runs['b'][0], runs['b'][1],
                               os.path.join(out, 'diff'))
        failures += f
        print_table(args, rows)
    if not args.no_validate:
        val = {}
        for side, drv in (('a', args.a), ('b', args.b)):
            d = os.path.join(out, side + '-' + drv.replace(':', '-') + '-validate')
            shutil.rmtree(d, ignore_errors=True)
            text, status = run_glmark2(drv, args, d, validate=True)
            if status != 0:
                print('glmark2 --validate on %s: exit status %s (log: %s/glmark2.log)'
                      % (drv, status, d))
                for line in [l for l in text.splitlines() if 'rror' in l][:5]:
                    print('  ' + line)
                failures += 1
            val[side] = parse_output(text)
        failures += validate_table(args, val['a'], val['b'])
    print('\nglmark2-compare: %s' % ('PASS' if not failures else '%d failure(s)' % failures))
    return 0 if not failures else 1


if __name__ == '__main__':
    sys.exit(main())
