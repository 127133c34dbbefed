#!/usr/bin/env bash
# Installs every Debian 12 package that Cluster Planner needs to build, test and run.
# Usage: installer/setup-debian.sh [--with-tools]   (run as root, or with sudo available)
#   --with-tools  also what makes every test run (tests/README.md; without them those tests show
#                 as skipped): ibsim-utils, opensm, infiniband-diags (the ibsim harness),
#                 graphviz, poppler-utils, libreoffice-calc-nogui, zbar-tools, slurmctld +
#                 slurm-client (a real Slurm controller for tst_slurmctld; no slurmd, no munged);
#                 and what benchmarks, fuzzing and CI's package check use: libsimgrid-dev, python3 (compare_simgrid.sh),
#                 clang-14 + libclang-rt-14-dev (libFuzzer), dpkg-dev, file; openbox, xdotool and
#                 imagemagick (tests/bench/xsession.sh: a session on the real window under Xvfb)
# ccache is a build package: the build compiles through it when installed (CMakeLists.txt).
set -euo pipefail

packages=(
  build-essential cmake ninja-build pkg-config git ccache
  qt6-base-dev qt6-base-dev-tools qt6-charts-dev qt6-svg-dev qt6-tools-dev qt6-tools-dev-tools qt6-l10n-tools
  libqt6svg6 libqt6charts6 libqt6opengl6-dev libxkbcommon-dev libgl-dev
  libboost-graph-dev libyaml-cpp-dev libyaml-dev libsqlite3-dev libcli11-dev nlohmann-json3-dev libxlsxwriter-dev
  libqrencode-dev libminizip-dev libexpat1-dev libutfcpp-dev
  xvfb xauth fonts-dejavu-core fonts-noto-cjk qt6-translations-l10n
)
tools=(
  ibsim-utils opensm infiniband-diags graphviz poppler-utils libreoffice-calc-nogui zbar-tools
  slurmctld slurm-client slurmd munge
  libsimgrid-dev python3 clang-14 libclang-rt-14-dev dpkg-dev file openbox xdotool imagemagick
)

want=("${packages[@]}")
if [[ "${1:-}" == "--with-tools" ]]; then
  want+=("${tools[@]}")
fi

missing=()
for p in "${want[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]} == 0)); then
  echo "setup: all ${#want[@]} packages are installed"
  exit 0
fi

SUDO=""
if [[ $(id -u) -ne 0 ]]; then
  SUDO="sudo"
fi
echo "setup: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
