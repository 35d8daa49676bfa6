#!/usr/bin/env bash
# Makes io.github.arena.Arena.png, the desktop icon (256x256), from the game's own art with
# ImageMagick: the player's character facing the viewer (assets/sprites/agent.png, row 2), in
# the player's gold, scaled 5x without smoothing over a patch of grass from the match screenshot,
# in a rounded square. Run from anywhere; it writes beside itself.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
assets=$here/../../assets
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
convert "$assets/sprites/agent.png" -crop 40x48+0+96 +repage "$tmp/agent.png"
convert "$tmp/agent.png" \( +clone -fill '#f2c232' -colorize 100 \) -compose multiply -composite \
  \( "$tmp/agent.png" -alpha extract \) -compose copyopacity -composite \
  -filter point -resize 500% "$tmp/gold.png"
convert "$assets/screenshots/match.png" -crop 64x64+560+360 +repage -filter point -resize 400% \
  \( -size 256x256 xc:none -fill white -draw "roundrectangle 0,0,255,255,40,40" \) \
  -compose copyopacity -composite "$tmp/ground.png"
convert "$tmp/ground.png" "$tmp/gold.png" -gravity center -geometry +0+4 -compose over -composite \
  -strip "$here/io.github.arena.Arena.png"
