import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './test-support/build-test-app';
import { parseEnv } from './config';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});

afterAll(async () => {
  await t?.close();
});

describe('the app without a web build (API only)', () => {
  it('tells the operator to build the web app', async () => {
    const json = await t.app.inject({ method: 'GET', url: '/concerts' });
    expect(json.statusCode).toBe(404);
    expect(json.json<{ message: string }>().message).toMatch(/npm run build/);

    const html = await t.app.inject({
      method: 'GET',
      url: '/',
      headers: { accept: 'text/html,application/xhtml+xml' },
    });
    expect(html.statusCode).toBe(404);
    expect(html.headers['content-type']).toMatch(/^text\/html/);
    expect(html.body).toMatch(/npm run build/);
  });

  it('answers unknown API routes with the JSON error shape', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/does-not-exist?x=1' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ code: 'not_found', message: 'No route GET /api/does-not-exist.' });
  });

  it("serves JSON with the OWASP REST header set and pages with helmet's", async () => {
    const api = await t.app.inject({ method: 'GET', url: '/api/categories' });
    expect(api.statusCode).toBe(200);
    expect(api.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(api.headers['x-content-type-options']).toBe('nosniff');
    expect(api.headers['strict-transport-security']).toMatch(/max-age=\d+/);

    const page = await t.app.inject({ method: 'GET', url: '/about-us', headers: { accept: 'text/html' } });
    expect(page.headers['content-security-policy']).toContain("default-src 'self'");
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    // Served over plain http in tests: no upgrade-insecure-requests, or assets would move to https.
    expect(page.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
  });

  it('serves the OpenAPI document and its UI', async () => {
    const json = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(json.statusCode).toBe(200);
    const doc = json.json<{ openapi: string; paths: Record<string, unknown> }>();
    expect(doc.openapi).toMatch(/^3\./);
    for (const path of ['/api/events/{uid}', '/api/events/{uid}/seats', '/api/orders', '/api/orders/{order_id}/cancel', '/api/promotions/check']) {
      expect(doc.paths).toHaveProperty([path]);
    }
    const ui = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect([200, 302]).toContain(ui.statusCode);
  });
});

describe('the environment', () => {
  it('reads an empty variable as unset, and refuses a malformed one', () => {
    expect(parseEnv({ REDIS_URL: '' }).REDIS_URL).toBeUndefined();
    expect(parseEnv({ REDIS_URL: 'redis://127.0.0.1:6379' }).REDIS_URL).toBe('redis://127.0.0.1:6379');
    expect(() => parseEnv({ REDIS_URL: 'http://127.0.0.1' })).toThrow(/REDIS_URL must be a redis/);
    expect(parseEnv({ CAPTCHA: 'off' }).CAPTCHA).toBe(false);
  });
});
