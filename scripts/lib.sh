# Shared by the Quick start scripts: install what Marquee needs, from a fresh clone or an old one.
# shellcheck shell=bash
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

log() { printf '\033[1;35m[marquee]\033[0m %s\n' "$*"; }

# npm dependencies, including the pinned Node 24 LTS (the `node` package) that every script runs on.
ensure_install() {
  if [ ! -x node_modules/.bin/node ] || [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
    log "Installing dependencies…"
    # npm install, not npm ci: with this machine's omit-lockfile-registry-resolved setting, npm ci
    # rejects lockfiles that lack other platforms' optional packages. The lockfile still pins versions.
    npm install --no-audit --no-fund --loglevel=error
  fi
  export PATH="$ROOT/node_modules/.bin:$PATH"
  log "Node $(node --version)"
}

# The web app, built when missing or older than its sources.
ensure_web_build() {
  local stamp=apps/web/dist/index.html
  if [ ! -f "$stamp" ] || [ -n "$(find apps/web/src apps/web/public apps/web/scripts apps/web/index.html apps/web/vite.config.ts packages/domain/src -newer "$stamp" -print -quit 2>/dev/null)" ]; then
    log "Building the web app…"
    npm run build --silent -w @marquee/web
  fi
}

# Chromium for the end-to-end tests: CHROME_PATH, else Debian's chromium-headless-shell (installed when
# missing, as root). The headless shell is Chromium without the browser UI: on a 2-core machine it ran the
# same specs on half the CPU of the full `chromium` (decisions/026). The benchmarks use the full browser.
ensure_chromium() {
  if [ -n "${CHROME_PATH:-}" ] && [ -x "$CHROME_PATH" ]; then export CHROME_PATH; return; fi
  if [ -x /usr/bin/chromium-headless-shell ]; then export CHROME_PATH=/usr/bin/chromium-headless-shell; return; fi
  if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
    log "Installing Debian's chromium-headless-shell (apt-get)…"
    DEBIAN_FRONTEND=noninteractive apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium-headless-shell >/dev/null
    export CHROME_PATH=/usr/bin/chromium-headless-shell
    return
  fi
  for candidate in /usr/bin/chromium /usr/bin/chromium-browser /usr/bin/google-chrome; do
    if [ -x "$candidate" ]; then
      log "No chromium-headless-shell and no root to install it: using $candidate (slower)."
      export CHROME_PATH="$candidate"
      return
    fi
  done
  echo "Chromium is needed for the end-to-end tests: install it (apt-get install chromium-headless-shell) or set CHROME_PATH." >&2
  exit 1
}
