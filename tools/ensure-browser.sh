#!/usr/bin/env bash
# Browser tests use Debian's Chromium (no test tool may download its own browser here) and a CJK font
# so Chinese text renders in screenshots. Installs both when missing; needs root or sudo.
set -euo pipefail
if [ -x /usr/bin/chromium ] && fc-list 2>/dev/null | grep -qi 'wenquanyi\|wqy'; then
  exit 0
fi
SUDO=""
if [ "$(id -u)" != "0" ]; then SUDO="sudo"; fi
echo "Installing Chromium and fonts-wqy-microhei for the browser tests…"
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium fonts-wqy-microhei >/dev/null
