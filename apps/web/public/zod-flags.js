// zod compiles object parsers with `new Function` when it may; the CSP forbids eval (script-src 'self'),
// so its probe raised a CSP violation on every page (Lighthouse's Best Practices counts it). zod reads
// this global when its core module first runs; a module script runs before the next one (the app), so
// every schema is made interpreted, with no probe. (Set from inside the app bundle it came too late:
// the bundler evaluates the chunk holding zod and the schemas before the entry's own modules.)
globalThis.__zod_globalConfig = { ...globalThis.__zod_globalConfig, jitless: true };
