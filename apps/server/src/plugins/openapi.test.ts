import { createConfig, lintFromString, type NormalizedProblem } from '@redocly/openapi-core';
import type { OpenAPIV3_1 } from 'openapi-types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test-support/build-test-app';
import { operationIdOf } from './openapi';

let t: TestApp;
let source: string;
let document: OpenAPIV3_1.Document;
let problems: NormalizedProblem[];

beforeAll(async () => {
  t = await buildTestApp();
  const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(response.statusCode).toBe(200);
  source = response.body;
  document = response.json<OpenAPIV3_1.Document>();
  // Redocly's recommended rules, and every tag an operation names is one the document describes.
  const config = await createConfig({ extends: ['recommended'], rules: { 'operation-tag-defined': 'error' } });
  problems = await lintFromString({ source, absoluteRef: 'marquee-openapi.json', config });
});

afterAll(async () => {
  await t?.close();
});

const pointerOf = (problem: NormalizedProblem) => problem.location[0]?.pointer ?? '#/';
const show = (problem: NormalizedProblem) => `${problem.ruleId} at ${pointerOf(problem)}: ${problem.message}`;

/** The operation a problem's pointer (`#/paths/~1api~1banners/get/responses`) is in. */
function operationAt(pointer: string): OpenAPIV3_1.OperationObject {
  const [path = '', method = ''] = pointer
    .replace(/^#\/paths\//, '')
    .split('/')
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'));
  const operation = document.paths?.[path]?.[method as OpenAPIV3_1.HttpMethods];
  if (!operation) throw new Error(`No operation at ${pointer}`);
  return operation;
}

/**
 * The warnings the recommended rules give that the API earns, each with the reason it stays. Any other
 * warning fails: fix the document (or the server) instead.
 */
const ACCEPTED_WARNINGS: Record<string, (problem: NormalizedProblem) => boolean> = {
  // Marquee has no licence (package.json names none); naming one is the owner's decision, not the document's.
  'info-license': () => true,
  // An operation that takes no input (no parameters, no body) cannot be refused: documenting a 4xx would be
  // a lie. Its failures are the 500 and the shutdown 503 every operation documents.
  'operation-4xx-response': (problem) => {
    const operation = operationAt(pointerOf(problem));
    return (operation.parameters ?? []).length === 0 && operation.requestBody === undefined;
  },
  // An operation whose success is a redirect (the payment return address, better-auth's links and callbacks).
  'operation-2xx-response': (problem) => {
    const codes = Object.keys(operationAt(pointerOf(problem)).responses ?? {});
    return codes.some((code) => code.startsWith('3')) && !codes.some((code) => code.startsWith('2'));
  },
};

describe('the OpenAPI document', () => {
  it("passes Redocly's recommended rules with no errors", () => {
    const errors = problems.filter((problem) => problem.severity === 'error');
    expect(errors.map(show)).toEqual([]);
  });

  it('gives only the warnings the API earns (each kind with its reason above)', () => {
    const warnings = problems.filter((problem) => problem.severity === 'warn');
    const unearned = warnings.filter((problem) => !ACCEPTED_WARNINGS[problem.ruleId]?.(problem));
    expect(unearned.map(show)).toEqual([]);
  });

  it('is OpenAPI 3.1 with this server, its security schemes and a unique operationId per operation', () => {
    expect(document.openapi).toBe('3.1.0');
    expect(document.servers).toEqual([{ url: 'http://marquee.test', description: expect.any(String) }]);
    expect(Object.keys(document.components?.securitySchemes ?? {}).sort()).toEqual([
      'orderAccessToken',
      'organiserApiKey',
      'session',
      'staffToken',
      'xsrfToken',
    ]);
    const cancel = document.paths?.['/api/orders/{order_id}/cancel']?.post;
    expect(cancel?.operationId).toBe('postOrdersByOrderIdCancel');
    // The order's token and the CSRF token, together.
    expect(cancel?.security).toEqual([{ orderAccessToken: [], xsrfToken: [] }]);
    // Neither is asked of a provider's webhook (signed) or of a read.
    expect(document.paths?.['/api/payments/webhooks/{provider}']?.post?.security).toEqual([]);
    expect(document.paths?.['/api/events']?.get?.security).toEqual([]);
    // An organisation's route: the session with the CSRF token, or its API key alone (decisions/044).
    expect(document.paths?.['/api/organiser/{org}/orders/{orderId}/refunds']?.post?.security).toEqual([
      { session: [], xsrfToken: [] },
      { organiserApiKey: [] },
    ]);
    expect(operationIdOf('GET', '/api/events/{uid}/seat-map')).toBe('getEventsByUidSeatMap');
  });

  it('documents the answers every operation of a kind can give, in the error shape', () => {
    const codesOf = (operation: OpenAPIV3_1.OperationObject | undefined, status: string) => {
      const response = operation?.responses?.[status] as OpenAPIV3_1.ResponseObject | undefined;
      const schema = response?.content?.['application/json']?.schema as
        { properties?: { code?: { enum?: string[] } }; required?: string[] } | undefined;
      expect(schema?.required, `${status} body`).toEqual(['code', 'message']);
      return schema?.properties?.code?.enum;
    };
    const create = document.paths?.['/api/orders']?.post;
    expect(codesOf(create, '403')).toEqual(expect.arrayContaining(['csrf_failed', 'captcha_failed']));
    expect(codesOf(create, '400')).toEqual(expect.arrayContaining(['invalid_json']));
    expect(codesOf(create, '413')).toEqual(['payload_too_large']);
    expect(codesOf(create, '415')).toEqual(['unsupported_media_type']);
    expect(codesOf(create, '422')).toEqual(expect.arrayContaining(['validation_failed', 'idempotency_key_reused']));
    expect(codesOf(create, '500')).toEqual(['internal_error']);
    expect(codesOf(create, '503')).toEqual(['service_unavailable']);
    // A 429 tells when to try again.
    const lookup = document.paths?.['/api/bookings/lookup']?.post;
    expect(codesOf(lookup, '429')).toEqual(['rate_limited']);
    expect((lookup?.responses?.['429'] as OpenAPIV3_1.ResponseObject).headers).toHaveProperty('Retry-After');
    // A read with no input documents no 4xx; one with parameters documents their 422.
    expect(Object.keys(document.paths?.['/api/categories']?.get?.responses ?? {})).toEqual([
      '200',
      '304',
      '500',
      '503',
    ]);
    expect(codesOf(document.paths?.['/api/events/{uid}']?.get, '422')).toEqual(['validation_failed']);
    // The CSRF cookie call answers 204, no body.
    expect(document.paths?.['/sanctum/csrf-cookie']?.get?.responses).toEqual({
      204: { description: expect.any(String) },
      500: expect.anything(),
      503: expect.anything(),
    });
  });
});
