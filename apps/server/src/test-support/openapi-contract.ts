import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { OpenAPIV3_1 } from 'openapi-types';
import { z } from 'zod';

/**
 * The contract check of the API tests (docs/reliability.md): every answer a test app gives on a documented
 * route must have a status its OpenAPI operation documents, and a JSON body that its documented zod schema
 * for that status accepts, with no field the schema leaves out. Called from build-test-app's onSend hook;
 * each breach fails its test (fail-on-server-errors.ts), as a 5xx does.
 *
 * Not checked: HEAD answers (no body on the wire), routes hidden from the document (pages, the hosted
 * sandbox pages, the mail viewer, the document's own UI), requests no route matched (the not-found answer,
 * an undecodable address), and bodies that are not JSON or not in memory (PDFs, streams).
 */
export function contractBreach(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
): string | null {
  if (request.method === 'HEAD' || request.is404) return null;
  const url = request.routeOptions.url;
  if (url === undefined || request.routeOptions.schema?.hide) return null;
  const path = documentPath(url);
  const operation = documentOf(app).paths?.[path]?.[request.method.toLowerCase() as OpenAPIV3_1.HttpMethods];
  if (!operation) return url.startsWith('/api/') ? `${request.method} ${path} is not in the OpenAPI document` : null;

  const status = reply.statusCode;
  const responses = operation.responses ?? {};
  const key = [String(status), `${String(status)[0]}XX`, 'default'].find((each) => each in responses);
  if (key === undefined) {
    return `status ${status} is not documented for ${request.method} ${path} (documented: ${Object.keys(responses).join(', ')})`;
  }

  const contentType = String(reply.getHeader('content-type') ?? '');
  if (!contentType.includes('application/json')) return null;
  const text = bodyText(payload, String(reply.getHeader('content-encoding') ?? ''));
  if (text === null || text === '') return null;
  const documented = responses[key] as OpenAPIV3_1.ResponseObject;
  if (!documented.content?.['application/json']) {
    return `a JSON body for ${status}, which ${request.method} ${path} documents without one`;
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return `a body that is not JSON: ${text.slice(0, 100)}`;
  }
  const schema = zodSchemaFor(request.routeOptions.schema?.response, key);
  if (!schema) return `no zod schema for ${status} in the route's schema (documented as ${key})`;
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    const issues = parsed.error.issues
      .slice(0, 3)
      .map((issue) => `${issue.path.join('.') || '(body)'}: ${issue.message}`);
    return `body out of its documented schema for ${status} (${issues.join('; ')}): ${text.slice(0, 200)}`;
  }
  const extra = undocumentedFields(body, parsed.data);
  if (extra.length > 0) return `undocumented field(s) in the ${status} body: ${extra.slice(0, 5).join(', ')}`;
  return null;
}

const documents = new WeakMap<FastifyInstance, OpenAPIV3_1.Document>();

/** The app's OpenAPI document, as /api/docs/json serves it (made once per app). */
function documentOf(app: FastifyInstance): OpenAPIV3_1.Document {
  let document = documents.get(app);
  if (!document) {
    document = app.swagger() as OpenAPIV3_1.Document;
    documents.set(app, document);
  }
  return document;
}

/** `/api/orders/:order_id/cancel` → `/api/orders/{order_id}/cancel`, as @fastify/swagger writes paths. */
function documentPath(url: string): string {
  return url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

function bodyText(payload: unknown, encoding: string): string | null {
  const raw = typeof payload === 'string' ? Buffer.from(payload) : Buffer.isBuffer(payload) ? payload : null;
  if (raw === null) return null; // a stream: a compressed answer, a file
  const decoded =
    encoding === 'br'
      ? brotliDecompressSync(raw)
      : encoding === 'gzip'
        ? gunzipSync(raw)
        : encoding === 'deflate'
          ? inflateSync(raw)
          : raw;
  return decoded.toString('utf8');
}

/** The zod schema a route declares for a documented status (`200`, `4XX`, `default`), directly or per content type. */
function zodSchemaFor(response: unknown, key: string): z.ZodType | null {
  if (typeof response !== 'object' || response === null) return null;
  const entry = Object.entries(response).find(([status]) => status.toUpperCase() === key.toUpperCase())?.[1];
  if (entry instanceof z.ZodType) return entry;
  if (typeof entry === 'object' && entry !== null && 'content' in entry) {
    const content = (entry as { content: Record<string, { schema?: unknown }> }).content;
    const schema = content['application/json']?.schema;
    return schema instanceof z.ZodType ? schema : null;
  }
  return null;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Fields of the sent body that the schema's parse dropped: present on the wire, absent from the document. */
function undocumentedFields(sent: unknown, kept: unknown, path = ''): string[] {
  if (Array.isArray(sent) && Array.isArray(kept)) {
    return sent.flatMap((item, index) => undocumentedFields(item, kept[index], `${path}[${index}]`));
  }
  if (!isRecord(sent) || !isRecord(kept)) return [];
  return Object.keys(sent).flatMap((name) => {
    const at = path ? `${path}.${name}` : name;
    return name in kept ? undocumentedFields(sent[name], kept[name], at) : [at];
  });
}
