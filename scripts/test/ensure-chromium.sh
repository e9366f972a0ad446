#!/usr/bin/env bash
# Makes sure Debian's Chromium is installed for Playwright and Lighthouse.
# We never download browsers through Playwright; only Debian packages are reachable.
set -euo pipefail

CHROMIUM="${CHROMIUM_PATH:-/usr/bin/chromium}"

if [ -x "$CHROMIUM" ]; then
  exit 0
fi

echo "ensure-chromium: $CHROMIUM not found; installing Debian's chromium package" >&2

if [ "$(id -u)" -eq 0 ]; then
  SUDO=()
elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
  SUDO=(sudo -n)
else
  echo "ensure-chromium: cannot install chromium: not root and no password-less sudo." >&2
  echo "ensure-chromium: install it yourself (apt-get install -y chromium) or set CHROMIUM_PATH." >&2
  exit 1
fi

if ! command -v apt-get >/dev/null 2>&1; then
  echo "ensure-chromium: apt-get is not available; install Chromium and set CHROMIUM_PATH." >&2
  exit 1
fi

export DEBIAN_FRONTEND=noninteractive
if ! "${SUDO[@]}" apt-get update; then
  echo "ensure-chromium: apt-get update failed." >&2
  exit 1
fi
if ! "${SUDO[@]}" apt-get install -y --no-install-recommends chromium; then
  echo "ensure-chromium: apt-get install chromium failed." >&2
  exit 1
fi

if [ ! -x "$CHROMIUM" ]; then
  echo "ensure-chromium: chromium installed, but $CHROMIUM is still missing; set CHROMIUM_PATH." >&2
  exit 1
fi
echo "ensure-chromium: $("$CHROMIUM" --version 2>/dev/null || echo chromium) ready" >&2
