// Why, and why a file of its own: docs/decisions/017-web-performance.md (zod, eval and the CSP).
globalThis.__zod_globalConfig = { ...globalThis.__zod_globalConfig, jitless: true };
