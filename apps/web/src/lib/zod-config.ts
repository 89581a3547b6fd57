import { z } from 'zod';

/**
 * zod compiles object parsers with `new Function` when it may; our CSP forbids eval (script-src 'self'),
 * so its probe only raised a CSP violation on every page (Lighthouse's Best Practices counts it) before
 * falling back. Say so up front: the same interpreted parsers, no probe, no violation.
 */
z.config({ jitless: true });
