#!/usr/bin/env bash
# Builds the DEB and TGZ from a configured build folder, installs the DEB with apt on this
# machine (root), and runs both programs from the installed paths. Removes the package again.
# Usage: installer/test-package.sh BUILD_DIR
set -euo pipefail
build=$(cd "${1:?usage: installer/test-package.sh BUILD_DIR}" && pwd)
cd "$build"
rm -f cluster-planner_*.deb cluster-planner-*.tar.gz
cpack -G "DEB;TGZ" >/dev/null
deb=$(ls cluster-planner_*.deb)
echo "package: $deb ($(du -h "$deb" | cut -f1)); depends: $(dpkg-deb -f "$deb" Depends)"
export DEBIAN_FRONTEND=noninteractive
apt-get install -y -qq "./$deb" >/dev/null
trap 'apt-get remove -y -qq cluster-planner >/dev/null 2>&1 || true' EXIT
test -x /usr/bin/cplan && test -x /usr/bin/cluster-planner
/usr/bin/cplan --version
# The installed catalog and samples are found next to the binary, not in the source tree.
CPLAN_STORE=$(mktemp -d)/store.sqlite /usr/bin/cplan validate /usr/share/cluster-planner/samples/dgx-h100-superpod-1su.cluster.yaml
shot=$(mktemp -d)/installed.png
QT_QPA_PLATFORM=offscreen CPLAN_STORE=$(dirname "$shot")/store.sqlite \
  /usr/bin/cluster-planner --screenshot "$shot" /usr/share/cluster-planner/samples/dgx-h100-superpod-1su.cluster.yaml
test -s "$shot"
file "$shot" | grep -q "PNG image data"
test -f /usr/share/applications/cluster-planner.desktop
test -f /usr/share/mime/packages/cluster-planner.xml
echo "installed package works: cplan, cluster-planner --screenshot ($shot)"
