#!/bin/bash
# Plays a session on the real window, as a user would, under Xvfb with a window manager:
# xdotool finds a server (Ctrl+F), drags it, deletes it, undoes twice, zooms with the wheel,
# pans with the middle button, zooms back to fit. The window runs with
# CLUSTER_PLANNER_STALLS=100, so every GUI-thread stall over 100 ms is printed as it happens,
# and the longest one at exit. Screenshots of each step go to OUTDIR.
#   tests/bench/xsession.sh build/app/cluster-planner DESIGN [OUTDIR] [SERVER-ID]
# Needs Xvfb, openbox, xdotool and ImageMagick's import (installer/setup-debian.sh --with-tools).
set -u
APP=${1:?usage: xsession.sh APP DESIGN [OUTDIR] [SERVER-ID]}
DESIGN=${2:?design}
OUT=${3:-/tmp/xsession}
# A server a third of the way through the file (one with neighbours on both sides).
SERVER=${4:-$(grep -oE '\{id: [A-Za-z0-9_.-]*(srv|gpu|dgx)[A-Za-z0-9_.-]*' "$DESIGN" | sed 's/{id: //' | awk '{ id[NR] = $0 } END { print id[int(NR / 3) + 1] }')}
DISPLAY_NUMBER=${XSESSION_DISPLAY:-97}
export DISPLAY=:$DISPLAY_NUMBER
mkdir -p "$OUT"

Xvfb "$DISPLAY" -screen 0 1600x1000x24 -nolisten tcp >/dev/null 2>&1 &
XVFB=$!
trap 'kill $APP_PID $WM $XVFB 2>/dev/null' EXIT
sleep 1
openbox >/dev/null 2>&1 &
WM=$!
sleep 1
started=$(date +%s.%N)
CLUSTER_PLANNER_STALLS=100 "$APP" "$DESIGN" 2>"$OUT/stalls.log" &
APP_PID=$!

window=
for _ in $(seq 60); do
    window=$(xdotool search --onlyvisible --name 'Cluster Planner' 2>/dev/null | head -1)
    [ -n "$window" ] && break
    sleep 0.5
done
[ -n "$window" ] || { echo "xsession: no window"; exit 1; }
xdotool windowmove "$window" 0 0 windowsize "$window" 1600 1000 windowactivate --sync "$window"
step() { # name, then the wait after it
    sleep "$2"
    import -window root "$OUT/$1.png"
    awk -v now="$(date +%s.%N)" -v t0="$started" -v name="$1" 'BEGIN { printf "%6.1f s  %s\n", now - t0, name }'
}
step 01-opened 10

# The canvas: where its background colour spans, across a row near the top of the view and
# down a column at its left edge (the docks are around it).
CANVAS='#FAFBFC'
canvas_span() { # image, crop geometry, axis -> "first last": from the first to the last run of
    # the canvas colour longer than 40 px along that line (what is drawn on it breaks the runs)
    convert "$1" -crop "$2" txt:- | awk -F'[,: ]+' -v want="$CANVAS" -v axis="$3" '
        function close_run() { if (run && e - s > 40) { if (first == "") first = s; last = e } run = 0 }
        NR > 1 { p = axis == "x" ? $1 : $2
                 if (index($0, want)) { if (!run) s = p; run = 1; e = p } else close_run() }
        END { close_run(); print first, last }'
}
canvas_centre() { # screenshot -> "x y" of the canvas view's centre
    local x0 x1 y0 y1
    read -r x0 x1 < <(canvas_span "$1" 1600x1+0+140 x)
    read -r y0 y1 < <(canvas_span "$1" "1x1000+$((x0 + 20))+0" y)
    echo $(((x0 + x1) / 2)) $(((y0 + y1) / 2))
}
selected_centre() { # screenshot -> "x y" of the selected node (its border is #FF8C00)
    convert "$1" -fill black +opaque '#FF8C00' -trim info:- |
        awk '{ split($3, wh, "x"); split($4, o, "+"); print o[2] + int(wh[1] / 2), o[3] + int(wh[2] / 2) }'
}
read -r cx cy < <(canvas_centre "$OUT/01-opened.png")
echo "canvas centre at $cx,$cy"
xdotool mousemove "$cx" "$cy" click 1
step 02-clicked-empty 1

xdotool key ctrl+f
sleep 0.5
xdotool type --delay 30 "$SERVER"
xdotool key Return
step 03-found-server 3

# Find zoomed onto the server and selected it: press on it and drag it 80 px to the right.
read -r vx vy < <(selected_centre "$OUT/03-found-server.png")
echo "found server at $vx,$vy"
xdotool mousemove "$vx" "$((vy + 6))" mousedown 1
for _ in $(seq 8); do xdotool mousemove_relative 10 0; sleep 0.03; done
xdotool mouseup 1
step 04-dragged 2

xdotool key Delete
step 05-deleted 3
xdotool key ctrl+z
step 06-undo-delete 3
xdotool key ctrl+z
step 07-undo-drag 3

xdotool mousemove "$cx" "$cy"
for _ in $(seq 10); do xdotool click 5; sleep 0.1; done
step 08-wheel-out 2
xdotool mousedown 2
for _ in $(seq 12); do xdotool mousemove_relative 25 10; sleep 0.03; done
xdotool mouseup 2
step 09-middle-pan 2
for _ in $(seq 10); do xdotool click 4; sleep 0.1; done
step 10-wheel-in 2
xdotool key ctrl+0
step 11-fit 3

xdotool key ctrl+q
quit_at=$(date +%s.%N)
sleep 2
# Quitting with unsaved changes asks first: the undo stack is clean here, so it should not. The
# window goes at once; the process may take a few seconds more to free a large design.
if xdotool search --onlyvisible --name 'Cluster Planner' >/dev/null 2>&1; then
    import -window root "$OUT/12-quit-asked.png"
    echo "xsession: the window did not quit (see 12-quit-asked.png)"
fi
wait $APP_PID 2>/dev/null
awk -v now="$(date +%s.%N)" -v t0="$quit_at" 'BEGIN { printf "quit: the process ended %.1f s after Ctrl+Q\n", now - t0 }'
cat "$OUT/stalls.log" | grep -v -e propagateSizeHints -e XDG_RUNTIME
