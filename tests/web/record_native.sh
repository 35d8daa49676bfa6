#!/usr/bin/env bash
# record_native.sh NODE ARENA_JS NATIVE_ARENA
# A headless autopilot match recorded by the WebAssembly build (under node) replays in the native
# build, every checkpoint verified, to the hash the wasm run printed; the same match played
# natively from its options ends on that hash too.
set -euo pipefail
node=$1 wasm=$2 native=$3
[ -x "$native" ] || { echo "no native arena at $native (build it: cmake --build build --target arena)"; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
args=(--headless --autopilot --seed 19 --bots 15 --map ruins --ticks 1800)
"$node" "$wasm" "${args[@]}" --record "$tmp/wasm.arp" >"$tmp/wasm.out"
wasm_hash=$(sed -n 's/^hash: //p' "$tmp/wasm.out")
[ -n "$wasm_hash" ] || { echo "the wasm run printed no hash:"; cat "$tmp/wasm.out"; exit 1; }
"$native" --replay "$tmp/wasm.arp" --headless >"$tmp/replay.out" ||
  { echo "the native replay of the wasm recording failed:"; cat "$tmp/replay.out"; exit 1; }
grep -qx "replay ok" "$tmp/replay.out" || { cat "$tmp/replay.out"; exit 1; }
replay_hash=$(sed -n 's/^hash: //p' "$tmp/replay.out")
"$native" "${args[@]}" >"$tmp/native.out"
native_hash=$(sed -n 's/^hash: //p' "$tmp/native.out")
echo "wasm match $wasm_hash, its native replay $replay_hash, the native match $native_hash"
[ "$wasm_hash" = "$replay_hash" ] && [ "$wasm_hash" = "$native_hash" ]
