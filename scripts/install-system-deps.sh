#!/usr/bin/env bash
# Installs the system packages the test suite needs beyond Node.js: Debian's Chromium, which
# the docs test drives headless (never a downloaded browser build). Idempotent.
set -euo pipefail
if command -v chromium >/dev/null 2>&1; then
  exit 0
fi
if [ "$(id -u)" -ne 0 ]; then
  echo "chromium is missing: run 'sudo apt-get install -y chromium' (needed by the docs test)" >&2
  exit 1
fi
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
