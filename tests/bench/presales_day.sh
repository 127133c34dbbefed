#!/bin/bash
# A pre-sales day on the real window (issue 31's acceptance), played as a user does under Xvfb
# (1920×1080) and openbox with xdotool: menus by their Alt accelerators and shortcuts, dialogs by
# keys, clicks where the default layout puts things at that size. 14 tasks: start with a sample,
# the fat-tree wizard at 2:1, a hand build, a heatmap and a failure what-if, the scheduler (pooled
# against split), a EUR quote priced with a rate, the PDF report, the racks, as-built, the design
# explorer, Chinese, 102,400 GPUs, crash recovery, help. Each step saves OUTDIR/NN-name.png and
# prints one line: seconds since the window started, the step, how long it took. The window runs
# with CLUSTER_PLANNER_STALLS=100 (every GUI-thread stall over 100 ms, the longest at exit);
# the stalls are listed at the end against the step they fell in.
#   tests/bench/presales_day.sh [APP] [OUTDIR] [CPLAN]
# Needs Xvfb, openbox, xdotool, ImageMagick's import (installer/setup-debian.sh --with-tools),
# pdftotext for the report check. The user's settings, price book and recovery file live in
# OUTDIR/home for the session (the default layout, English, no prices of yours).
# Positions are the default layout's at 1920×1080 in English; the canvas positions that matter
# (a found server) are read from the screenshots.
set -u
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
APP=${1:-$root/build/app/cluster-planner}
OUT=${2:-/tmp/presales}
CPLAN=${3:-$(dirname "$APP")/cplan}
SAMPLES=$root/samples
DATA=$root/tests/data
DISPLAY_NUMBER=${PRESALES_DISPLAY:-98}
export DISPLAY=:$DISPLAY_NUMBER
rm -rf "$OUT/home"
mkdir -p "$OUT/home"
export HOME=$OUT/home XDG_CONFIG_HOME=$OUT/home/.config XDG_DATA_HOME=$OUT/home/.local/share
export XDG_RUNTIME_DIR=$OUT/home/runtime CPLAN_STORE=$OUT/home/store.sqlite
mkdir -p "$XDG_RUNTIME_DIR" && chmod 700 "$XDG_RUNTIME_DIR"
RECOVERY="$XDG_DATA_HOME/cluster-planner/Cluster Planner/recovery.cluster.yaml"

Xvfb "$DISPLAY" -screen 0 1920x1080x24 -nolisten tcp >/dev/null 2>&1 &
XVFB=$!
APP_PID=
trap 'kill $APP_PID $WM $XVFB 2>/dev/null' EXIT
sleep 1
openbox >/dev/null 2>&1 &
WM=$!
sleep 1

# --- helpers ----------------------------------------------------------------------------------
RUN=0
start_app() { # [design]: starts the window, screen-sized by hand (openbox leaves it at 1600×1000)
    RUN=$((RUN + 1))
    started=$(date +%s.%N)
    echo "$started" >"$OUT/started-$RUN"
    CLUSTER_PLANNER_STALLS=100 "$APP" "$@" 2>"$OUT/stalls-$RUN.log" &
    APP_PID=$!
    window=
    for _ in $(seq 60); do
        window=$(xdotool search --onlyvisible --name 'Cluster Planner$' 2>/dev/null | head -1)
        [ -n "$window" ] && break
        sleep 0.5
    done
    [ -n "$window" ] || { echo "presales: no window"; exit 1; }
    # Not --sync: a recovery question in front keeps the window from becoming active.
    # The positions below are for this size (the status bar then runs just off the screen).
    xdotool windowmove "$window" 0 0 windowsize "$window" 1920 1080 windowactivate "$window"
    sleep 1
}
since() { awk -v now="$(date +%s.%N)" -v t0="$1" 'BEGIN { printf "%.1f", now - t0 }'; }
STEP_T0=$(date +%s.%N)
begin() { STEP_T0=$(date +%s.%N); }
step() { # name, wait before the screenshot
    sleep "$2"
    import -window root "$OUT/$1.png"
    local line
    line=$(printf '%7s s  run %d  %-28s took %s s' "$(since "$started")" "$RUN" "$1" "$(since "$STEP_T0")")
    echo "$line" | tee -a "$OUT/steps.log"
    STEP_T0=$(date +%s.%N)
}
title() { xdotool getwindowname "$window" 2>/dev/null; }
wait_title() { # pattern, timeout s: until the window's title matches (a design opened)
    local t=$(($2 * 10))
    for _ in $(seq "$t"); do title | grep -q -- "$1" && return 0; sleep 0.1; done
    echo "presales: title never matched '$1' (is: $(title))"
    return 1
}
dialog() { # title regex, timeout s -> activates the dialog; false if it never came
    local d t=$(($2 * 10))
    for _ in $(seq "$t"); do
        d=$(xdotool search --onlyvisible --name "$1" 2>/dev/null | head -1)
        if [ -n "$d" ]; then xdotool windowactivate --sync "$d" 2>/dev/null; sleep 0.3; return 0; fi
        sleep 0.1
    done
    return 1
}
discard_if_asked() { # "Unsaved changes": Alt+D discards (Alt+S saves)
    if dialog 'Unsaved changes|未保存' 2; then xdotool key alt+d; sleep 0.5; fi
}
file_dialog() { # title regex, path: the file name field has the focus
    dialog "$1" 10 || { echo "presales: no '$1' dialog"; return 1; }
    xdotool type --delay 2 "$2"
    xdotool key Return
}
open_design() { # path, title pattern, timeout
    xdotool key ctrl+o
    discard_if_asked
    file_dialog 'Open design|打开设计' "$1" && wait_title "$2" "$3"
}
drag() { # x1 y1 x2 y2 with the left button, in ten moves
    xdotool mousemove "$1" "$2" mousedown 1
    for i in $(seq 10); do xdotool mousemove $(($1 + ($3 - $1) * i / 10)) $(($2 + ($4 - $2) * i / 10)); sleep 0.04; done
    sleep 0.3
    xdotool mouseup 1
    sleep 0.8
}
selected_centre() { # screenshot -> "x y" of the selected node: its border is #FF8C00, or when
    # zoomed out so far that nodes are bars, the bar is #FFBE6E
    local colour
    for colour in '#FF8C00' '#FFBE6E'; do
        convert "$1" -crop 900x800+340+80 +repage -fill black +opaque "$colour" -trim info:- 2>/dev/null |
            awk '$3 != "1x1" { split($3, wh, "x"); split($4, o, "+"); print 340 + o[2] + int(wh[1] / 2), 80 + o[3] + int(wh[2] / 2); f = 1 }
                 END { exit !f }' && return 0
    done
    return 1
}
# The default layout at 1920×1080: dock tabs and the canvas.
METRICS_TAB="1573 864"; SCHEDULER_TAB="1650 864"
PROBLEMS_TAB="40 1059"; BOM_TAB="140 1059"; DIFFERENCES_TAB="245 1059"; RACKS_TAB="320 1059"
click() { xdotool mousemove "$1" "$2" click 1; sleep 0.4; }
keys() { xdotool key --delay 250 "$@"; }   # through menus: each key after the menu opened

: >"$OUT/steps.log"
# --- 1. start with a bundled sample -----------------------------------------------------------
start_app "$SAMPLES/dgx-h100-superpod-4su.cluster.yaml"
wait_title '4 SU' 30
step 01-start-4su-sample 6

# --- 2. File > New fat-tree fabric at 2:1 -------------------------------------------------------
xdotool key ctrl+shift+n
dialog 'New fat-tree fabric' 10
# Name, server, servers, switch, tiers, down, up: the form's tab order.
xdotool key ctrl+a && xdotool type "Pre-sales 2to1"
xdotool key Tab Tab ctrl+a && xdotool type 256
xdotool key Tab Tab Tab ctrl+a && xdotool type 2
xdotool key Tab ctrl+a && xdotool type 1
step 02-wizard-2to1-preview 3
xdotool key Return   # Generate
wait_title 'Pre-sales 2to1' 30
step 03-wizard-generated 5

# --- 3. hand build: File > New, drop parts from the palette, wire ports, copy and paste --------
xdotool key ctrl+n
discard_if_asked
step 04-new-empty 1
drag 130 327 800 650    # DGX H100 from the palette
drag 130 327 1100 650   # another
drag 140 193 950 350    # a Quantum-2 QM9700
step 05-hand-dropped 1
drag 791 558 819 361    # server port 1 to a switch port
drag 957 630 857 361
step 06-hand-wired 2
click 826 595           # the first server
xdotool key ctrl+c
xdotool mousemove 1250 720
xdotool key ctrl+v
sleep 0.8
xdotool key ctrl+v      # again: cascades
step 07-hand-pasted 2

# --- 4. analyses: a heatmap pattern, a failure what-if -----------------------------------------
open_design "$SAMPLES/dgx-h100-superpod-4su.cluster.yaml" '4 SU' 30
step 08-4su-reopened 3
keys alt+v h Down Down Return   # View > Utilization heatmap > Shift by one (ring)
step 09-heatmap-shift1 8
# Failure what-if: the heatmap off (its colours hide the selection's), Find a leaf (selected and
# zoomed onto), fail it in failure mode, the heatmap on again: every figure before -> after.
keys alt+v h Return                    # Off
xdotool key ctrl+f
sleep 0.5
xdotool type --delay 30 su01-leaf1
xdotool key Return
step 10-found-leaf 3
read -r lx ly < <(selected_centre "$OUT/10-found-leaf.png")
xdotool key Escape
keys alt+t f                           # Tools > Failure mode
click "$lx" "$((ly - 2))"               # its upper edge: the links leave from its lower one
keys alt+v h Down Down Return
step 11-failure-whatif 10
keys alt+t r                           # Tools > Restore all failed objects
keys alt+t f                           # failure mode off
xdotool key ctrl+0
step 12-restored-fit 4

# --- 5. scheduling: a trace on the 128-GPU pool, pooled against split --------------------------
open_design "$SAMPLES/h100-pool-128gpu.cluster.yaml" '128' 30
click $SCHEDULER_TAB
click 1770 103                          # Open trace…
file_dialog 'Open job trace' "$SAMPLES/pooling-128gpu.jobs.csv"
step 13-scheduler-trace 2
click 1586 269                          # Simulate
step 14-scheduler-run 10
click 1672 269                          # Compare…
dialog 'Compare two runs' 5 && xdotool key Return   # B: the same policy, one shared pool
step 15-scheduler-pooled-vs-split 15

# --- 6. cost with a EUR quote: import it, enter the rate, the BOM priced ------------------------
open_design "$SAMPLES/dgx-h100-superpod-4su.cluster.yaml" '4 SU' 30
click $METRICS_TAB
step 16-4su-unpriced 3
keys alt+f p                     # File > Import price list…
file_dialog 'Import price list' "$DATA/prices/dgx-h100-4su-quote.csv"
dialog 'Import price list' 10           # "the lines priced in EUR stay unknown until…"
step 17-quote-imported-eur-notice 1
xdotool key Return                      # Open: Design settings
dialog 'Design settings' 5
step 18-design-settings-rates 1
click 1028 728                          # New rate: 1 EUR =
xdotool key ctrl+a && xdotool type 1.08
click 989 786                           # Source
xdotool type "ECB reference, test rate"
step 19-eur-rate-typed 1
xdotool key Return
click $BOM_TAB
click 600 960
xdotool key ctrl+End
step 20-bom-priced-eur 3

# --- 7. the PDF report -------------------------------------------------------------------------
rm -f "$OUT/report.pdf"
xdotool key alt+f
sleep 0.4
click 99 340                            # Export report (PDF)…
file_dialog 'Export report' "$OUT/report.pdf"
for _ in $(seq 120); do [ -s "$OUT/report.pdf" ] && break; sleep 0.25; done
step 21-report-exported 2
if [ -s "$OUT/report.pdf" ]; then
    pages=$(pdfinfo "$OUT/report.pdf" 2>/dev/null | awk '/^Pages:/ { print $2 }')
    pdftotext -layout "$OUT/report.pdf" "$OUT/report.txt" 2>/dev/null
    echo "report: $(stat -c %s "$OUT/report.pdf") bytes, $pages pages; $(grep -c . "$OUT/report.txt") text lines" | tee -a "$OUT/steps.log"
else
    echo "report: not written" | tee -a "$OUT/steps.log"
fi

# --- 8. racks ----------------------------------------------------------------------------------
click $RACKS_TAB
step 22-racks-docked 1
drag 900 883 900 450                    # the bottom docks taller
click 74 484                            # Row: the next rows
xdotool key Down Down Return
step 23-racks-row-su02 2
drag 900 449 900 883                    # back

# --- 9. as-built: the EDR sample against its ibnetdiscover dump --------------------------------
open_design "$SAMPLES/edr-32gpu.cluster.yaml" '32-GPU EDR' 30
xdotool key alt+f
sleep 0.4
click 105 251                           # Compare with as-built…
file_dialog 'Compare with as-built' "$DATA/ibnetdiscover/edr-32gpu.ibnetdiscover"
step 24-asbuilt-compared 6

# --- 10. design explorer: the sweep it starts with (the open EDR design's alternatives) ----------
keys alt+t d
dialog 'Design explorer' 10
explorer=$(xdotool search --onlyvisible --name 'Design explorer' | head -1)
xdotool getwindowgeometry "$explorer" | tee -a "$OUT/steps.log"
step 25-explorer-opened 1
eval "$(xdotool getwindowgeometry --shell "$explorer")"   # X, Y: where it opened (on screen?)
click $((X + 195)) $((Y + 669))         # Run sweep, below the alternatives
step 26-explorer-swept 15
xdotool key alt+F4

# --- 11. Chinese -------------------------------------------------------------------------------
open_design "$SAMPLES/dgx-h100-superpod-4su.cluster.yaml" '4 SU' 30
keys alt+v l Down Down Return    # View > Language > 简体中文
step 27-chinese 4
keys alt+v l Down Return         # back to English
step 28-english-again 2

# --- 12. 102,400 GPUs: generate, open, Fit, Find, pan --------------------------------------------
big=$OUT/big.cluster.yaml
[ -s "$big" ] || "$CPLAN" generate fat-tree --servers 12800 --server dgx-b300 --switch q3400 --planes 8 -o "$big" >"$OUT/generate.log" 2>&1
xdotool key ctrl+o
discard_if_asked
dialog 'Open design' 10
xdotool type --delay 2 "$big"
begin
xdotool key Return
wait_title '12800' 120
step 29-big-title 0
step 30-big-opened 15
xdotool key ctrl+0
step 31-big-fit 3
xdotool key ctrl+f
sleep 0.5
xdotool type --delay 30 gpu06400
xdotool key Return
step 32-big-found 3
xdotool mousemove 900 500 mousedown 2
for _ in $(seq 12); do xdotool mousemove_relative 25 10; sleep 0.03; done
xdotool mouseup 2
step 33-big-panned 2
xdotool key ctrl+0
step 34-big-fit-again 3

# --- 13. recovery: unsaved edits, kill -9, restart, accept the offer -----------------------------
xdotool key ctrl+n
discard_if_asked
step 35-new-after-big 1
click 28 504                            # the Parts tab (Find raised the Overview)
drag 130 327 800 650
drag 140 193 950 350
rm -f "$RECOVERY"
for _ in $(seq 140); do [ -s "$RECOVERY" ] && break; sleep 0.5; done   # autosave: every 60 s
step 36-edited-autosaved 0
ls -la "$RECOVERY" >>"$OUT/steps.log" 2>&1
kill -9 "$APP_PID"
wait "$APP_PID" 2>/dev/null
start_app
dialog 'Recover unsaved work' 15
step 37-recovery-offered 1
xdotool key alt+y
step 38-recovered 3

# --- 14. help: F1, then Help > Manual ----------------------------------------------------------
xdotool key F1
dialog 'Cluster Planner help' 5
step 39-help-f1 1
xdotool key Escape
keys alt+h m
dialog 'Cluster Planner manual' 5
step 40-manual 2
xdotool key alt+F4
sleep 0.5
xdotool windowactivate --sync "$window"
xdotool key ctrl+q
discard_if_asked
sleep 3
kill -0 "$APP_PID" 2>/dev/null && { import -window root "$OUT/41-quit-refused.png"; echo "presales: the window did not quit"; }
wait "$APP_PID" 2>/dev/null

# --- the stalls, each against the step it fell in ------------------------------------------------
echo "--- GUI-thread stalls over 100 ms (run, seconds after the window started, step)"
for r in $(seq "$RUN"); do
    grep -h 'GUI thread' "$OUT/stalls-$r.log" | while read -r line; do
        at=$(echo "$line" | sed -n 's/.*ended \([0-9.]*\) s after start/\1/p')
        [ -z "$at" ] && { echo "run $r: $line"; continue; }
        in=$(awk -v r="$r" -v at="$at" '$3 == "run" && $4 == r && $1 + 0 >= at + 0 { print $5; exit }' "$OUT/steps.log")
        echo "run $r: $line  (step ${in:-after the last})"
    done
done | tee "$OUT/stalls.txt"
