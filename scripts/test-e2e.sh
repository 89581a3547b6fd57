#!/usr/bin/env bash
# End-to-end tests in real Chromium against the real server (built web app, migrated and seeded database).
source "$(dirname "$0")/lib.sh"
ensure_install
ensure_chromium
ensure_web_build
mkdir -p test-results
cd e2e
PLAYWRIGHT_JSON_OUTPUT_NAME=../test-results/playwright.json exec playwright test --reporter=list,json "$@"
