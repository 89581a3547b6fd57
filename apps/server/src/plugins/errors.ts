import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ACCOUNT_MESSAGES } from '@marquee/domain/accounts';
import { errorCodeForStatus, type ErrorBody, type ErrorCode } from '@marquee/domain/errors';
import { AppError } from './app-error';

/** The code of the error body each request was answered with (read by the rate limits, which count by code). */
const sentCodes = new WeakMap<FastifyRequest, ErrorCode>();

/**
 * Sends an error body in the documented shape with `status`, recording its code for the request first, so
 * that whatever runs before the answer leaves (the rate limits' onSend) knows which error it is. Every
 * error body a limited route can answer goes through here: the error handler's, better-auth's rewritten.
 */
export function sendErrorBody(
  reply: FastifyReply,
  status: number,
  body: ErrorBody & Record<string, unknown>,
): FastifyReply {
  sentCodes.set(reply.request, body.code);
  return reply.code(status).send(body);
}

/** The code of the error body the request was answered with; undefined: none was sent (a success). */
export function sentErrorCode(request: FastifyRequest): ErrorCode | undefined {
  return sentCodes.get(request);
}

/**
 * Maps every error to the documented shape, `{ code, message, errors? }` with a code from the domain's
 * union. Validation: 422 `validation_failed` with `errors: { field: [..] }`; Fastify's own client errors:
 * their 4xx and a code for them; anything unexpected: a 500 `internal_error` that reveals nothing.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      return sendErrorBody(reply, error.statusCode, {
        ...error.details,
        code: error.code,
        message: error.message,
        ...(error.errors ? { errors: error.errors } : {}),
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: Record<string, string[]> = {};
      for (const issue of error.validation) {
        const field = (issue.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.') || '_';
        (errors[field] ??= []).push(issue.message ?? 'This value is invalid.');
      }
      const first = Object.values(errors)[0]?.[0] ?? 'The request is invalid.';
      return sendErrorBody(reply, 422, { code: 'validation_failed', message: first, errors });
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      return sendErrorBody(reply, status, {
        code: clientErrorCode(error, status),
        message: clientErrorMessage(error, status),
      });
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendErrorBody(reply, 500, {
      code: 'internal_error',
      message: 'Something went wrong on our side. Please try again.',
    });
  });

  app.setNotFoundHandler((request, reply) => {
    sendErrorBody(reply, 404, {
      code: 'not_found',
      message: `No route ${request.method} ${request.url.split('?')[0]}.`,
    });
  });
}

/** Fastify's own client errors (bad JSON, huge bodies, wrong content type, CSRF): their code. */
function clientErrorCode(error: FastifyError, status: number): ErrorCode {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'invalid_json';
    case 'FST_CSRF_MISSING_SECRET':
    case 'FST_CSRF_INVALID_TOKEN':
      return 'csrf_failed';
    default:
      return errorCodeForStatus(status);
  }
}

/** Fastify's own client errors (bad JSON, huge bodies, wrong content type) in words a client can act on. */
function clientErrorMessage(error: FastifyError, status: number): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'The request body is not valid JSON.';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'The request body is too large.';
    case 'FST_CSRF_MISSING_SECRET':
    case 'FST_CSRF_INVALID_TOKEN':
      return ACCOUNT_MESSAGES.csrf;
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'This content type is not accepted; send application/json.';
    default:
      return status === 404 ? 'Not found.' : error.message || 'The request is invalid.';
  }
}
