# Sourced by the test scripts whose cases need file permissions to hold: an unreadable file, a
# folder that takes no new files. Root reads and writes anything, so as root such a command runs
# under a prefix that makes permissions apply:
# 1. root without the capabilities that override them (CAP_DAC_OVERRIDE, CAP_DAC_READ_SEARCH):
#    still uid 0, so it reaches whatever root owns, the build in a clone inside a folder only
#    root may enter (a mktemp -d folder, /root) included;
# 2. else nobody, who reaches only what everyone may (not a clone in such a folder).
#
# unprivileged_as PATH...: sets the array `as` to the prefix (empty when not root) and returns 0
# when, run through it, a file of mode 000 cannot be read and every PATH can (the programs, and
# the folders they read); otherwise returns 1 with the reason in `why`, for a skip message.
unprivileged_as() {
  as=() why=
  [ "$(id -u)" != 0 ] && return 0
  if ! command -v setpriv >/dev/null; then
    why="run as root, and no setpriv to run as a user that file permissions apply to"
    return 1
  fi
  local probe ways way path ok
  probe=$(mktemp) || { why="cannot make a probe file"; return 1; }
  chmod 000 "$probe"
  ways=("setpriv --bounding-set=-dac_override,-dac_read_search --inh-caps=-dac_override,-dac_read_search"
        "setpriv --reuid=65534 --regid=65534 --clear-groups")
  why="run as root: neither root without its permission override nor nobody is refused a file of mode 000 and can read"
  for way in "${ways[@]}"; do
    read -ra as <<<"$way"
    ok=1
    # /usr/bin/test, not the shell's: the check is made by a process run through the prefix.
    "${as[@]}" test -r "$probe" 2>/dev/null && ok=0
    for path in "$@"; do "${as[@]}" test -r "$path" 2>/dev/null || ok=0; done
    [ $ok = 1 ] && break
  done
  rm -f "$probe"
  [ $ok = 1 ] && return 0
  why="$why $*"
  as=()
  return 1
}
