import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from '../plugins/app-error';
import { registerErrorHandling } from '../plugins/errors';
import { errorResponses, registerOpenApi, responseSerializerCompiler } from '../plugins/openapi';
import { contractBreach } from './openapi-contract';

/** The contract check itself, on a small app of its own: each kind of breach it must catch, and what it lets by. */
let app: FastifyInstance;
const breaches: string[] = [];

beforeAll(async () => {
  app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler);
  registerErrorHandling(app);
  await registerOpenApi(app, { publicUrl: 'http://contract.test' });
  const Thing = z.object({ name: z.string() });
  // Untyped on purpose: the route answers out of its contract.
  app.get(
    '/api/things/:id',
    {
      schema: {
        summary: 'A thing',
        params: z.object({ id: z.string() }),
        querystring: z.object({ answer: z.string().optional() }),
        response: { 200: Thing, ...errorResponses('not_found') },
      },
    },
    async (request, typedReply) => {
      const reply = typedReply as FastifyReply;
      switch ((request.query as { answer?: string }).answer) {
        case 'teapot':
          return reply.code(418).send({ code: 'bad_request', message: 'Short and stout.' });
        case 'created':
          return reply.code(201).send({ name: 'new' });
        case 'wrong-type':
          return reply.type('application/json; charset=utf-8').send(JSON.stringify({ name: 42 }));
        case 'extra-field':
          return reply.type('application/json; charset=utf-8').send(JSON.stringify({ name: 'a', secret: 'leaked' }));
        case 'other-code':
          throw new AppError('forbidden', 'Not yours.');
        case 'wrong-404-code':
          return reply.code(404).send({ code: 'conflict', message: 'Not found, said wrongly.' });
        case 'error-extra':
          throw new AppError('not_found', 'Gone.', undefined, { reason: 'undocumented' });
        case 'missing':
          throw new AppError('not_found', 'No such thing.');
        case 'text':
          return reply.code(200).type('text/plain').send('plain words');
        default:
          return { name: (request.params as { id: string }).id };
      }
    },
  );
  app
    .withTypeProvider<ZodTypeProvider>()
    .post(
      '/api/things',
      { schema: { summary: 'Make a thing', body: Thing, response: { 201: Thing } } },
      async (request, reply) => reply.code(201).send(request.body),
    );
  app.get('/hidden', { schema: { hide: true } }, async (_request, reply) => reply.code(299).send({ any: 'thing' }));
  app.addHook('onSend', async (request, reply, payload) => {
    const breach = contractBreach(app, request, reply, payload);
    if (breach) breaches.push(breach);
    return payload;
  });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
});

async function breachOf(
  url: string,
  options: { method?: 'GET' | 'POST' | 'HEAD'; payload?: string; contentType?: string } = {},
) {
  breaches.length = 0;
  await app.inject({
    method: options.method ?? 'GET',
    url,
    ...(options.payload === undefined ? {} : { payload: options.payload }),
    headers: options.contentType ? { 'content-type': options.contentType } : {},
  });
  return breaches.join('\n');
}

describe('the OpenAPI contract check', () => {
  it('lets documented answers by', async () => {
    expect(await breachOf('/api/things/a')).toBe('');
    expect(await breachOf('/api/things/a?answer=missing')).toBe('');
    expect(
      await breachOf('/api/things', { method: 'POST', payload: '{"name":"b"}', contentType: 'application/json' }),
    ).toBe('');
  });

  it('lets by the answers every route of a kind documents: a 422, and a body parser refusal', async () => {
    expect(await breachOf('/api/things/a?answer=x&answer=y')).toBe('');
    expect(await breachOf('/api/things', { method: 'POST', payload: '{', contentType: 'application/json' })).toBe('');
    expect(await breachOf('/api/things', { method: 'POST', payload: 'x', contentType: 'text/csv' })).toBe('');
  });

  it('catches a status the operation does not document', async () => {
    expect(await breachOf('/api/things/a?answer=teapot')).toMatch(
      /status 418 is not documented for GET \/api\/things\/\{id\}/,
    );
    expect(await breachOf('/api/things/a?answer=created')).toMatch(/status 201 is not documented/);
    expect(await breachOf('/api/things/a?answer=other-code')).toMatch(/status 403 is not documented/);
  });

  it('catches a body out of its documented schema, or with a field the schema does not name', async () => {
    expect(await breachOf('/api/things/a?answer=wrong-type')).toMatch(
      /body out of its documented schema for 200 \(name: /,
    );
    expect(await breachOf('/api/things/a?answer=extra-field')).toMatch(
      /undocumented field\(s\) in the 200 body: secret/,
    );
    expect(await breachOf('/api/things/a?answer=wrong-404-code')).toMatch(
      /body out of its documented schema for 404 \(code: /,
    );
    expect(await breachOf('/api/things/a?answer=error-extra')).toMatch(
      /undocumented field\(s\) in the 404 body: reason/,
    );
  });

  it('leaves alone HEAD answers, bodies that are not JSON, hidden routes and requests no route matched', async () => {
    expect(await breachOf('/api/things/a?answer=teapot', { method: 'HEAD' })).toBe('');
    expect(await breachOf('/api/things/a?answer=text')).toBe('');
    expect(await breachOf('/hidden')).toBe('');
    expect(await breachOf('/api/nothing-here')).toBe('');
  });
});
