#!/usr/bin/env bash
# The backup and restore test (src/server/backup-restore.test.ts) runs pg_dump and pg_restore of the
# PostgreSQL major version the tests use. Installs Debian's client package when they are missing;
# needs root or sudo. Without them the test is skipped and says why.
set -euo pipefail
if command -v pg_dump >/dev/null && command -v pg_restore >/dev/null; then
  exit 0
fi
SUDO=""
if [ "$(id -u)" != "0" ]; then SUDO="sudo"; fi
echo "Installing postgresql-client-15 (pg_dump, pg_restore) for the backup and restore test…"
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq postgresql-client-15 >/dev/null
