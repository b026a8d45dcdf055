import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { PICTURE_MESSAGES, type ErrorBody, type ErrorCode } from '@bayclub/shared';
import { requestLocale, translateMessage, translateShared } from './i18n.js';

/** The values a text was filled with (a file name, a size in MB): a translation fills its own text with the same. */
export type MessageParams = Readonly<Record<string, string | number>>;

/**
 * A text the server answers with, under a stable code: `posts.restoreModeratorsOnly`, `<module>.<key>`. The code
 * never changes once it has shipped (the Spanish issue keys its translations on it); the text is the English, the
 * spec's exact wording where the spec has one. A parametrised text also keeps its parameters.
 */
export interface ServerMessage<Code extends string = string> {
  readonly code: Code;
  readonly text: string;
  readonly params?: MessageParams;
}

/** A catalogue entry: a fixed text, or a text built from named parameters (`({ name }) => \`File ${name} ...\``). */
type Entry = string | ((params: never) => string);

/** A parametrised entry: call it with its parameters; its code is readable without them (the catalogue test). */
export type ServerMessageTemplate<Code extends string, Params extends MessageParams> = ((params: Params) => ServerMessage<Code>) & {
  readonly code: Code;
};

export type ServerMessages<Prefix extends string, Entries extends Record<string, Entry>> = {
  readonly [Key in keyof Entries & string]: Entries[Key] extends (params: infer Params extends MessageParams) => string
    ? ServerMessageTemplate<`${Prefix}.${Key}`, Params>
    : ServerMessage<`${Prefix}.${Key}`>;
};

/** Every catalogue declared in this process, in order: the catalogue tests read it. */
const catalogues: { prefix: string; codes: string[]; params: Map<string, readonly string[]> }[] = [];

/**
 * The catalogues declared so far (each module's messages.ts declares one when it is first imported), with the
 * parameter names of each parametrised text (a translation may use those and no other).
 */
export function serverMessageCatalogues(): ReadonlyArray<{
  readonly prefix: string;
  readonly codes: readonly string[];
  readonly params: ReadonlyMap<string, readonly string[]>;
}> {
  return catalogues;
}

/** The names a template reads from its parameters: it is called once with a recorder (texts only read them). */
function parameterNames(fill: (params: MessageParams) => string): string[] {
  const names = new Set<string>();
  try {
    fill(new Proxy({}, { get: (_target, name) => (typeof name === 'string' && names.add(name), String(name)) }) as MessageParams);
  } catch {
    // A template that computes with a value (not only shows it) still named what it read before failing.
  }
  return [...names].sort();
}

/**
 * Declare a module's catalogue: each key becomes `{ code: '<prefix>.<key>', text }`. The prefix is the module's folder
 * name (`posts`, `chat-media`; `platform` for platform's own texts), so a code says where its text lives.
 */
export function serverMessages<const Prefix extends string, const Entries extends Record<string, Entry>>(
  prefix: Prefix,
  entries: Entries,
): ServerMessages<Prefix, Entries> {
  const catalogue: Record<string, unknown> = {};
  const params = new Map<string, readonly string[]>();
  for (const [key, entry] of Object.entries(entries) as [string, Entry][]) {
    const code = `${prefix}.${key}`;
    if (typeof entry === 'string') {
      catalogue[key] = Object.freeze({ code, text: entry });
    } else {
      const fill = entry as (params: MessageParams) => string;
      catalogue[key] = Object.assign((params: MessageParams) => Object.freeze({ code, text: fill(params), params }), { code });
      params.set(code, parameterNames(fill));
    }
  }
  catalogues.push({ prefix, codes: Object.keys(catalogue).map((key) => `${prefix}.${key}`), params });
  return Object.freeze(catalogue) as ServerMessages<Prefix, Entries>;
}

/**
 * Platform's own texts: the helpers' defaults, the one error handler's answers (framework errors included), the
 * input guard, the JSON body parser, cursors, uploads, the rate limits and the Origin check.
 */
export const PLATFORM_ERRORS = serverMessages('platform', {
  signInRequired: 'You need to sign in',
  noAccess: 'You do not have access to this',
  notFound: 'Not found',
  invalidRequest: 'Invalid request',
  invalidInput: 'Invalid input',
  invalidValue: 'Invalid value',
  invalidJson: 'The request body is not valid JSON',
  nestedTooDeeply: 'The request body is nested too deeply',
  tooLarge: 'The request is too large',
  unsupportedType: 'Unsupported content type',
  urlTooLong: 'The request URL is too long',
  urlInvalid: 'The request URL is not valid',
  tooManyRequests: 'Too many requests. Please wait a moment and try again.',
  somethingWentWrong: 'Something went wrong',
  unstorableText: 'The request contains characters that are not allowed',
  // Said to whoever opened the app at an address the server does not know (127.0.0.1, a LAN address): the public
  // address and the setting to change, nothing more (both are the operator's own; the sender's Origin is not echoed).
  originNotAllowed: ({ publicUrl }: { publicUrl: string }) =>
    `This address is not allowed. Open the app at ${publicUrl}, or add this address to TRUSTED_ORIGINS.`,
  invalidCursor: 'Invalid cursor',
  notMultipart: 'Send the file as multipart/form-data',
  noFile: PICTURE_MESSAGES.noFile,
  uploadUnreadable: 'The upload could not be read. Please try again.',
  uploadTooManyParts: 'The upload has too many files or fields',
  // A contract schema checked inside a service (a changed username, gallery captions): its text is the schema's own
  // (zod's where the schema names none), passed through as the route schemas' texts are: the contract owns them.
  schemaMessage: ({ message }: { message: string }) => message,
});

/** Field name -> its message, as the error body's `fields` (the first problem of each field). */
export type FieldMessages = Readonly<Record<string, ServerMessage>>;

/** A failure the client caused or may see; anything else becomes a 500 without details. */
export class AppError extends Error {
  /** The message's stable code, kept for the translation to come; the body sends its text, as it always has. */
  readonly messageCode: string;
  readonly messageParams?: MessageParams;

  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: ServerMessage,
    readonly fields?: FieldMessages,
  ) {
    super(message.text);
    this.messageCode = message.code;
    this.messageParams = message.params;
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

export const badRequest = (message: ServerMessage, fields?: FieldMessages) =>
  new AppError(400, fields ? 'VALIDATION_FAILED' : 'BAD_REQUEST', message, fields);
export const unauthenticated = (message: ServerMessage = PLATFORM_ERRORS.signInRequired) =>
  new AppError(401, 'UNAUTHENTICATED', message);
export const forbidden = (message: ServerMessage = PLATFORM_ERRORS.noAccess) => new AppError(403, 'FORBIDDEN', message);
export const notFound = (message: ServerMessage = PLATFORM_ERRORS.notFound) => new AppError(404, 'NOT_FOUND', message);
export const conflict = (message: ServerMessage, fields?: FieldMessages) => new AppError(409, 'CONFLICT', message, fields);

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

/** The catalogue entries an error body was written from, so it can be sent in the reader's language. */
const bodySources = new WeakMap<object, { message: ServerMessage; fields?: FieldMessages }>();

/**
 * An error body with a catalogue's message (and field messages): what the one error handler sends for an AppError.
 * Its texts are English here; the answer is translated into the reader's language as it is sent (registerErrorHandler).
 */
export function errorBody(code: ErrorCode | string, message: ServerMessage, fields?: FieldMessages): ErrorBody {
  const body = bodyOf(code, message.text, fields && textsOf(fields));
  bodySources.set(body, { message, fields });
  return body;
}

const textsOf = (fields: FieldMessages, text: (message: ServerMessage) => string = (m) => m.text): Record<string, string> =>
  Object.fromEntries(Object.entries(fields).map(([field, message]) => [field, text(message)]));

// Texts the server does not write itself pass through as they are: the contract schemas' validation messages and
// Fastify's own 4xx messages.
function bodyOf(code: ErrorCode | string, message: string, fields?: Record<string, string>): ErrorBody {
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

/**
 * A result's own sentence (a check-in's "You’re checked in", its refusal "You already checked in here…", the account
 * deletion's goodbye): a top-level `message` that is a text of the shared package, in the reader's language. Anything
 * else named `message` is not one of those texts and goes out as it is.
 */
function resultTextTranslated(request: FastifyRequest, payload: object): object {
  const message = (payload as { message?: unknown }).message;
  if (typeof message !== 'string') return payload;
  const translated = translateShared(requestLocale(request), message);
  return translated === message ? payload : { ...payload, message: translated };
}

/** The one error handler: { error: { code, message, fields? } }, never a stack trace. */
export function registerErrorHandler(app: FastifyInstance) {
  // Every error body written from the catalogues goes out in the reader's language (issue 26): the member's saved
  // language, else the request's Accept-Language. Texts we do not write (schema messages) pass through.
  app.addHook('preSerialization', async (request, _reply, payload: unknown) => {
    if (typeof payload !== 'object' || payload === null) return payload;
    const source = bodySources.get(payload);
    if (!source) return resultTextTranslated(request, payload);
    const locale = requestLocale(request);
    if (locale === 'en') return payload;
    const text = (message: ServerMessage) => translateMessage(locale, message);
    const { code } = (payload as ErrorBody).error;
    return bodyOf(code, text(source.message), source.fields && textsOf(source.fields, text));
  });
  app.setErrorHandler((err: FastifyError | AppError | Refusal, request, reply) => {
    if (err instanceof Refusal) return reply.status(err.statusCode).send(err.body);
    if (err instanceof AppError) {
      const message = { code: err.messageCode, text: err.message, params: err.messageParams };
      return reply.status(err.statusCode).send(errorBody(err.code, message, err.fields));
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      // The contract's messages, in the reader's language (their id is the English text, as on the page).
      const locale = requestLocale(request);
      const fields = fieldsFromIssues(
        err.validation.map((v) => ({
          path: (v.instancePath || '').split('/').filter(Boolean),
          message: v.message ? translateShared(locale, v.message) : translateMessage(locale, PLATFORM_ERRORS.invalidValue),
        })),
      );
      const first = Object.values(fields)[0] ?? translateMessage(locale, PLATFORM_ERRORS.invalidInput);
      return reply.status(400).send(bodyOf('VALIDATION_FAILED', first, fields));
    }
    if (isResponseSerializationError(err)) {
      request.log.error({ err }, 'response serialization failed');
      return reply.status(500).send(errorBody('INTERNAL', PLATFORM_ERRORS.somethingWentWrong));
    }
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const code = STATUS_CODES[status] ?? 'BAD_REQUEST';
      const message =
        status === 413
          ? PLATFORM_ERRORS.tooLarge
          : status === 415
            ? PLATFORM_ERRORS.unsupportedType
            : status === 429
              ? PLATFORM_ERRORS.tooManyRequests
              : err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
                ? PLATFORM_ERRORS.invalidJson
                : status === 400
                  ? PLATFORM_ERRORS.invalidRequest
                  : null;
      return reply.status(status).send(message ? errorBody(code, message) : bodyOf(code, err.message));
    }
    request.log.error({ err }, 'unhandled error');
    return reply.status(500).send(errorBody('INTERNAL', PLATFORM_ERRORS.somethingWentWrong));
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send(errorBody('NOT_FOUND', PLATFORM_ERRORS.notFound));
  });
}

/**
 * Fastify's router answers a malformed URL (400) or an over-long path parameter (414) before any
 * hook or the error handler runs; this keeps those answers in our error shape too (Fastify option frameworkErrors).
 */
export function frameworkErrors(err: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 400;
  const message = status === 414 ? PLATFORM_ERRORS.urlTooLong : PLATFORM_ERRORS.urlInvalid;
  return reply.status(status).send(errorBody('BAD_REQUEST', message));
}
