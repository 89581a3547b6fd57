#!/usr/bin/env bash
# Quick start: install what the tests need and run every test. PGlite by default; PostgreSQL when DATABASE_URL is set.
source "$(dirname "$0")/lib.sh"
ensure_install
ensure_chromium
mkdir -p test-results
log "Database: ${DATABASE_URL:+PostgreSQL}${DATABASE_URL:-PGlite (embedded)}"

log "Type-checking…"
npm run typecheck --silent
log "Linting…"
npm run lint --silent

log "Unit, component and API tests (Vitest)…"
vitest_status=0
vitest run --reporter=default --reporter=json --outputFile.json=test-results/vitest.json || vitest_status=$?

log "End-to-end tests (Playwright, Chromium at $CHROME_PATH)…"
e2e_status=0
bash scripts/test-e2e.sh || e2e_status=$?

node scripts/summarize-tests.mjs test-results/vitest.json test-results/playwright.json
if [ "$vitest_status" -ne 0 ] || [ "$e2e_status" -ne 0 ]; then exit 1; fi
