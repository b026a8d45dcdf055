import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { ErrorBody, ErrorCode } from '@bayclub/shared';

/** A failure the client caused or may see; anything else becomes a 500 without details. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}

/**
 * A refusal the page shows as an answer of its own (a door's "ticket already used", a place's "too far away"): not
 * an error of the request, so the one error handler sends `body` itself, with its status, instead of an error body.
 */
export class Refusal<Body extends { message: string } = { message: string }> extends Error {
  constructor(
    readonly statusCode: 409 | 422,
    readonly body: Body,
  ) {
    super(body.message);
  }
}

export const badRequest = (message: string, fields?: Record<string, string>) =>
  new AppError(400, fields ? 'VALIDATION_FAILED' : 'BAD_REQUEST', message, fields);
export const unauthenticated = (message = 'You need to sign in') => new AppError(401, 'UNAUTHENTICATED', message);
export const forbidden = (message = 'You do not have access to this') => new AppError(403, 'FORBIDDEN', message);
export const notFound = (message = 'Not found') => new AppError(404, 'NOT_FOUND', message);
export const conflict = (message: string, fields?: Record<string, string>) =>
  new AppError(409, 'CONFLICT', message, fields);

const STATUS_CODES: Record<number, ErrorCode> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
};

export function errorBody(code: ErrorCode | string, message: string, fields?: Record<string, string>): ErrorBody {
  return { error: fields ? { code, message, fields } : { code, message } };
}

/** Turn zod issues into one message per field (the first issue of each path wins). */
export function fieldsFromIssues(issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>) {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join('.') || '_';
    fields[key] ??= issue.message;
  }
  return fields;
}

/** The one error handler: { error: { code, message, fields? } }, never a stack trace. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError | AppError | Refusal, request, reply) => {
    if (err instanceof Refusal) return reply.status(err.statusCode).send(err.body);
    if (err instanceof AppError) {
      return reply.status(err.statusCode).send(errorBody(err.code, err.message, err.fields));
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const fields = fieldsFromIssues(
        err.validation.map((v) => ({
          path: (v.instancePath || '').split('/').filter(Boolean),
          message: v.message ?? 'Invalid value',
        })),
      );
      const first = Object.values(fields)[0] ?? 'Invalid input';
      return reply.status(400).send(errorBody('VALIDATION_FAILED', first, fields));
    }
    if (isResponseSerializationError(err)) {
      request.log.error({ err }, 'response serialization failed');
      return reply.status(500).send(errorBody('INTERNAL', 'Something went wrong'));
    }
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const code = STATUS_CODES[status] ?? 'BAD_REQUEST';
      const message =
        status === 413
          ? 'The request is too large'
          : status === 415
            ? 'Unsupported content type'
            : status === 429
              ? 'Too many requests. Please wait a moment and try again.'
              : err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
                ? 'The request body is not valid JSON'
                : status === 400
                  ? 'Invalid request'
                  : err.message;
      return reply.status(status).send(errorBody(code, message));
    }
    request.log.error({ err }, 'unhandled error');
    return reply.status(500).send(errorBody('INTERNAL', 'Something went wrong'));
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send(errorBody('NOT_FOUND', 'Not found'));
  });
}

/**
 * Fastify's router answers a malformed URL (400) or an over-long path parameter (414) before any
 * hook or the error handler runs; this keeps those answers in our error shape too (Fastify option frameworkErrors).
 */
export function frameworkErrors(err: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 400;
  const message = status === 414 ? 'The request URL is too long' : 'The request URL is not valid';
  return reply.status(status).send(errorBody('BAD_REQUEST', message));
}
