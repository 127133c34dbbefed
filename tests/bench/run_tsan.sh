#!/usr/bin/env bash
# Issue 27: the widget tests under ThreadSanitizer, on demand (a TSan build of the engine and the
# widgets takes ~40 min on CI's two cores, more than its budget). Configures build-tsan with
# CPLAN_TSAN=ON (-fsanitize=thread -O1 -g1), builds the window's suites and runs them with the
# suppressions in tests/tsan.supp (Qt is not instrumented; each entry says why it is there).
# Any report fails the run (halt_on_error=0 + exitcode=66: every report is printed, then fails).
# Usage: tests/bench/run_tsan.sh [BUILD_DIR] [TEST_REGEX]
set -euo pipefail
here=$(cd "$(dirname "$0")/../.." && pwd)
build=${1:-$here/build-tsan}
regex=${2:-^(tst_enginejobs|tst_analysisrun|tst_prices|tst_gui_asbuilt|tst_explorer)$}
targets=(tst_enginejobs tst_analysisrun tst_prices tst_gui_asbuilt tst_explorer)
export CCACHE_DIR=${CCACHE_DIR:-/var/cache/ccache-cplan}
if [ ! -f "$build/build.ninja" ]; then
  cmake -S "$here" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Debug -DCPLAN_TSAN=ON -DCPLAN_BUILD_BENCH=OFF -DCPLAN_WERROR=ON
fi
# One build at a time on a shared machine (the same lock as the main build).
flock /tmp/cplan-build.lock cmake --build "$build" -j"${JOBS:-2}" --target "${targets[@]}"
# die_after_fork=0: tst_explorer's report test starts a program (QProcess forks, then execs it);
# TSan would kill the child for starting a thread before its exec, which is not a race of ours.
export TSAN_OPTIONS="suppressions=$here/tests/tsan.supp ignore_noninstrumented_modules=1 halt_on_error=0 exitcode=66 second_deadlock_stack=1 history_size=4 die_after_fork=0 ${TSAN_OPTIONS:-}"
export QT_QPA_PLATFORM=offscreen
ctest --test-dir "$build" -R "$regex" --output-on-failure --timeout 3600
