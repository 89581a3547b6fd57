#!/usr/bin/env bash
# Quick start: install, build and serve Marquee at http://localhost:3000 on the embedded database with demo data.
source "$(dirname "$0")/lib.sh"
ensure_install
ensure_web_build
export NODE_ENV="${NODE_ENV:-production}"
log "Starting Marquee…"
exec tsx apps/server/src/main.ts
