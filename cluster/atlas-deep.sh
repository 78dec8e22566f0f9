#!/usr/bin/env bash
# The atlas's deep pass (issue 49, point 5): each code given run on its own
# by `ladder sweep`, to 4,294,967,295 values or 30 minutes, one code at a
# time so its values fit in memory (2.5 bytes a value: 10.7 GB at the
# most), at the lowest priority (the idle scheduling class where chrt is:
# at nice 19 alone, a two-thread benchmark beside two of these ran no faster
# than one thread), its values checkpointed every five minutes
# so a stop loses nothing: run the same command again and it goes on inside
# the code it was running. Each code's sweep is a folder of DIR; the ones
# finished are laid over the atlas's records with
#
#   ladder sweep merge DIR/0.6 DIR/0.04 … --over records/atlas-normal.jsonl \
#     --out records/atlas-normal.jsonl
#
# Usage: cluster/atlas-deep.sh DIR CODE…   (LADDER names the binary)
set -euo pipefail
dir=$1
shift
ladder=${LADDER:-ladder}
idle=()
if command -v chrt >/dev/null && chrt --idle 0 true 2>/dev/null; then
  idle=(chrt --idle 0)
fi
for code in "$@"; do
  name=${code#octal:}
  name=${name//·/.}
  case $name in .*) name=0$name ;; esac
  nice -n 19 ${idle[@]+"${idle[@]}"} "$ladder" sweep "$code" --max-values 4294967295 --max-seconds 1800 \
    --checkpoints "$dir/checkpoints" --checkpoint-every 300 --out "$dir/$name"
done
