#!/bin/bash
# mkimage.sh -o OUT.cpio -k KVER [-m MODULE[:ARGS]]... [-x FILE.ko[:ARGS]]...
#            [-f PATH]...
#
# Builds the initramfs of the test VM (an uncompressed newc cpio: under TCG
# the guest unpacks a compressed one several seconds slower).
#
#   -m MOD    a module of the host's /lib/modules/KVER (e.g. vgem), with its
#             dependencies; loaded at boot in the order given
#   -x KO     an out-of-tree module file (the vkms.ko of build-vkms.sh)
#             ARGS after a colon are module parameters (a=1,b=2 -> "a=1 b=2")
#   -f PATH   a host file or folder, placed at the same path in the guest;
#             ELF files bring the shared libraries ldd lists for them
#
# The image is two archives one after the other (the kernel unpacks them in
# order): a staged skeleton (busybox, /init, the modules and their load list)
# and the host files, archived straight from / so that nothing large is
# copied and hard links (Mesa's *_dri.so are one file) are stored once.
#
# OUT.key records the inputs (every file's path, size and time, this script);
# when it matches, the image is up to date and is not built again.
set -eu

usage() {
   sed -n '2,4p' "$0" | sed 's/^# \{0,1\}//' >&2
   exit 2
}

out="" kver=""
mods=() kos=() files=()
while getopts "o:k:m:x:f:" opt; do
   case $opt in
   o) out=$OPTARG ;;
   k) kver=$OPTARG ;;
   m) mods+=("$OPTARG") ;;
   x) kos+=("$OPTARG") ;;
   f) files+=("$OPTARG") ;;
   *) usage ;;
   esac
done
if [ -z "$out" ] || [ -z "$kver" ]; then
   usage
fi

if [ ! -d "/lib/modules/$kver" ]; then
   echo "mkimage: no modules for $kver in /lib/modules" >&2
   exit 77
fi
busybox=/bin/busybox
if ! ldd "$busybox" 2>&1 | grep -q 'not a dynamic'; then
   echo "mkimage: $busybox is not static (apt-get install busybox-static)" >&2
   exit 77
fi
for tool in cpio ldd modprobe modinfo; do
   if ! command -v "$tool" >/dev/null; then
      echo "mkimage: $tool missing (apt-get install cpio kmod)" >&2
      exit 77
   fi
done

# --- the host files and their libraries ------------------------------------
# Every path is made canonical (merged /usr: /lib/x -> /usr/lib/x); symbolic
# links are kept and their targets added.
declare -A seen=()
list=()
add_path() {
   local p=$1 dir t lib
   dir=$(readlink -f "$(dirname "$p")")
   p=$dir/$(basename "$p")
   [ -n "${seen[$p]:-}" ] && return 0
   seen[$p]=1
   if [ -d "$p" ] && [ ! -L "$p" ]; then
      while IFS= read -r -d '' t; do
         add_path "$t"
      done < <(find "$p" -mindepth 1 \( -type f -o -type l \) -print0)
      return 0
   fi
   if [ ! -e "$p" ]; then
      echo "mkimage: $p missing" >&2
      exit 1
   fi
   list+=("$p")
   if [ -L "$p" ]; then
      t=$(readlink "$p")
      case $t in
      /*) add_path "$t" ;;
      *) add_path "$dir/$t" ;;
      esac
      return 0
   fi
   # ELF: "name => /path (addr)" and "/lib64/ld-linux-x86-64.so.2 (addr)"
   if [ "$(head -c4 "$p" | od -An -tx1 | tr -d ' ')" = 7f454c46 ]; then
      for lib in $(ldd "$p" 2>/dev/null |
                   sed -n 's/.*=> \(\/[^ ]*\) .*/\1/p; s/^[[:space:]]*\(\/[^ ]*\) (.*/\1/p'); do
         add_path "$lib"
      done
   fi
}
# the loader cache, so that dlopen("libEGL_mesa.so.0") and the like resolve
add_path /etc/ld.so.cache
for f in "${files[@]+"${files[@]}"}"; do
   add_path "$f"
done

# --- kernel modules in load order --------------------------------------------
# "insmod PATH" lines of modprobe --show-depends come dependencies first.
declare -A loaded=()
load=()      # "guest-path args"
modfiles=()  # host path of each module, same order
add_module() {
   local name=$1 args=$2 line path
   while read -r line; do
      case $line in
      insmod\ *) ;;
      *) continue ;;
      esac
      line=${line#insmod }
      path=${line%% *}
      [ -n "${loaded[$path]:-}" ] && continue
      loaded[$path]=1
      modfiles+=("$path")
      load+=("$path")
   done < <(modprobe -S "$kver" --show-depends "$name")
   set_args "$name" "$args"
}
# set_args NAME ARGS: parameters for a module already in the list
set_args() {
   local i
   [ -n "$2" ] || return 0
   for i in "${!load[@]}"; do
      case $(basename "${load[$i]%% *}") in
      "$1".ko | "$1".ko.xz | "$1".ko.zst) load[i]="${load[$i]%% *} ${2//,/ }" ;;
      esac
   done
}
for spec in "${mods[@]+"${mods[@]}"}"; do
   name=${spec%%:*}
   args=""
   [ "$name" = "$spec" ] || args=${spec#*:}
   add_module "$name" "$args"
done
for spec in "${kos[@]+"${kos[@]}"}"; do
   ko=${spec%%:*}
   args=""
   [ "$ko" = "$spec" ] || args=${spec#*:}
   for dep in $(modinfo -F depends "$ko" | tr ',' ' '); do
      add_module "$dep" ""
   done
   modfiles+=("$ko")
   load+=("/lib/modules/$kver/extra/$(basename "$ko") ${args//,/ }")
done
# --- up to date? --------------------------------------------------------------
key=$( {
   sha256sum < "$0"
   echo "$kver" "${mods[@]+"${mods[@]}"}" "${kos[@]+"${kos[@]}"}"
   stat -L -c '%n %s %Y' "${list[@]}" "${modfiles[@]}" "$busybox"
} | sha256sum | cut -c1-32)
if [ -f "$out" ] && [ -f "$out.key" ] && [ "$(cat "$out.key")" = "$key" ]; then
   exit 0
fi
echo "mkimage: building $out" >&2

stage=$(mktemp -d "${TMPDIR:-/tmp}/pony-vm-stage.XXXXXX")
trap 'rm -rf "$stage"' EXIT

# --- skeleton -------------------------------------------------------------------
mkdir -p "$stage"/usr/bin "$stage"/usr/sbin "$stage"/usr/lib "$stage"/usr/lib64 \
         "$stage"/dev "$stage"/proc "$stage"/sys "$stage"/tmp "$stage"/run \
         "$stage"/root "$stage"/etc/vm "$stage/usr/lib/modules/$kver/extra"
ln -s usr/bin "$stage/bin"
ln -s usr/sbin "$stage/sbin"
ln -s usr/lib "$stage/lib"
ln -s usr/lib64 "$stage/lib64"
cp "$busybox" "$stage/usr/bin/busybox"
for applet in $("$busybox" --list); do
   [ -e "$stage/usr/bin/$applet" ] || ln -s busybox "$stage/usr/bin/$applet"
done

# modules: decompressed (busybox insmod reads plain .ko files)
for m in "${modfiles[@]}"; do
   case $m in
   /lib/modules/*) dst=$stage/usr${m%.xz} ;;
   *) dst=$stage/usr/lib/modules/$kver/extra/$(basename "$m") ;;
   esac
   dst=${dst%.zst}
   mkdir -p "$(dirname "$dst")"
   case $m in
   *.xz) xz -dc "$m" > "$dst" ;;
   *.zst) zstd -qdc "$m" > "$dst" ;;
   *) cp "$m" "$dst" ;;
   esac
done
for l in "${load[@]}"; do
   l=${l/.ko.xz/.ko}
   echo "${l/.ko.zst/.ko}"
done > "$stage/etc/vm/modules.load"

cp "$(dirname "$0")/init.sh" "$stage/init"
chmod 755 "$stage/init"

# --- the two archives ---------------------------------------------------------
tmp=$out.tmp
(cd "$stage" && find . -mindepth 1 | LC_ALL=C sort | cpio -o -H newc --quiet) > "$tmp"
# host files, their folders first (the kernel does not create missing
# parents); paths relative to / and below the canonical /usr
{
   for p in "${list[@]}"; do
      d=$(dirname "$p")
      while [ "$d" != / ]; do
         echo "${d#/}"
         d=$(dirname "$d")
      done
   done | LC_ALL=C sort -u | grep -v -x -E 'bin|sbin|lib|lib64'
   for p in "${list[@]}"; do
      echo "${p#/}"
   done
} | (cd / && cpio -o -H newc --quiet) >> "$tmp"
mv "$tmp" "$out"
echo "$key" > "$out.key"
