#!/usr/bin/env bash
# Development: the API with reload on :3000 and Vite with hot reload on :5173 (it proxies /api).
source "$(dirname "$0")/lib.sh"
ensure_install
trap 'kill 0' EXIT
npm run dev -w @marquee/server &
npm run dev -w @marquee/web &
wait
