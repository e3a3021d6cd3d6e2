#!/bin/sh
# pony-glslc on small shaders: exit status and the exact FILE:LINE:COL
# messages.  Usage: test-pony-glslc.sh PONY_GLSLC
glslc=$1
failures=0
fail()
{
   echo "FAIL: $*"
   failures=$((failures + 1))
}

tmp=$(mktemp -d "${TMPDIR:-/tmp}/pony-glslc-test.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT

cat > "$tmp/ok.frag" <<'SHADER'
#version 120
uniform sampler2D tex;
varying vec2 uv;
void main()
{
   gl_FragColor = texture2D(tex, uv) * 0.5;
}
SHADER
"$glslc" "$tmp/ok.frag" 2> "$tmp/err" || fail "ok.frag exited $?: $(cat "$tmp/err")"
[ -s "$tmp/err" ] && fail "ok.frag printed: $(cat "$tmp/err")"

cat > "$tmp/bad.vert" <<'SHADER'
#version 110
void main()
{
   gl_Position = vec4(1.0) + undeclared;
}
SHADER
"$glslc" "$tmp/bad.vert" 2> "$tmp/err"
rc=$?
[ $rc -eq 1 ] || fail "bad.vert exited $rc, not 1"
want="$tmp/bad.vert:4:30: error: 'undeclared' undeclared"
[ "$(cat "$tmp/err")" = "$want" ] || fail "bad.vert said '$(cat "$tmp/err")', not '$want'"

# GL_ARB_texture_rectangle is on without #extension when supported
printf 'uniform sampler2DRect s;\nvoid main() { gl_FragColor = texture2DRect(s, vec2(1.0)); }\n' > "$tmp/rect.frag"
"$glslc" --ext GL_ARB_texture_rectangle "$tmp/rect.frag" 2> "$tmp/err" ||
   fail "rect.frag with the extension exited $?: $(cat "$tmp/err")"
"$glslc" "$tmp/rect.frag" 2> /dev/null && fail "rect.frag without the extension compiled"

# GL_EXT_texture_array: its sampler keywords and functions only with #extension
printf '#extension GL_EXT_texture_array : enable\nuniform sampler2DArrayShadow s;\nvoid main() { gl_FragColor = shadow2DArray(s, vec4(0.5)); }\n' > "$tmp/arr.frag"
"$glslc" --ext GL_EXT_texture_array "$tmp/arr.frag" 2> "$tmp/err" ||
   fail "arr.frag with the extension exited $?: $(cat "$tmp/err")"
"$glslc" "$tmp/arr.frag" 2> /dev/null && fail "arr.frag without the extension compiled"
# the shadow reference of shadow2DArray is P.w (the layer is P.z)
"$glslc" --ext GL_EXT_texture_array --ir "$tmp/arr.frag" 2>/dev/null | grep -q "swizzle float %[0-9]*\.w" ||
   fail "shadow2DArray does not compare against P.w"

# the stage from --stage; an ES shader in an ES context; a version the
# driver does not accept
printf 'void main() { gl_FragColor = vec4(1.0); }\n' > "$tmp/shader.glsl"
"$glslc" --stage frag "$tmp/shader.glsl" 2> "$tmp/err" || fail "--stage frag exited $?: $(cat "$tmp/err")"
"$glslc" "$tmp/shader.glsl" 2> /dev/null
[ $? -eq 2 ] || fail "a file without a stage should be a usage error"
printf '#version 100\nprecision mediump float;\nvoid main() { gl_FragColor = vec4(1.0); }\n' > "$tmp/es.frag"
"$glslc" --es "$tmp/es.frag" 2> "$tmp/err" || fail "es.frag exited $?: $(cat "$tmp/err")"
printf '#version 330\nvoid main() { }\n' > "$tmp/v330.frag"
"$glslc" "$tmp/v330.frag" 2> "$tmp/err"
[ $? -eq 1 ] || fail "#version 330 should not compile"
grep -q "v330.frag:1:" "$tmp/err" || fail "#version 330: no error at line 1: $(cat "$tmp/err")"

[ $failures -eq 0 ] && echo "pony-glslc: all checks passed"
exit $failures
