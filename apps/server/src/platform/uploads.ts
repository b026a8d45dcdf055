import type { FastifyRequest } from 'fastify';
import type { Multipart, MultipartFile } from '@fastify/multipart';
import { AppError, badRequest, PLATFORM_ERRORS, type ServerMessage } from './errors.js';
import { hasUnstorableText } from './input-guard.js';
import { MAX_JSON_DEPTH, nestsDeeperThan } from './json-body.js';

/** The client's file name, for messages and logs only (never a storage path): printable, at most 100 characters. */
export function displayName(name: string | undefined): string {
  const clean = (name ?? '')
    .replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g, '')
    .replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '')
    .replace(/^.*[\\/]/, '')
    .trim();
  return (clean || 'file').slice(0, 100);
}

export interface ReadFile {
  fieldName: string;
  fileName: string;
  data: Buffer;
}

export const payloadTooLarge = (message: ServerMessage, field = 'file') =>
  new AppError(413, 'PAYLOAD_TOO_LARGE', message, { [field]: message });

/**
 * What the client hears when the multipart stream itself fails: a malformed body, a part cut short or a
 * connection closed mid-file. Busboy reports those as plain errors, which would otherwise become 500s.
 * Limits of @fastify/multipart (too many files, parts or fields) keep their 413.
 */
export function uploadReadError(err: unknown): AppError {
  if (err instanceof AppError) return err;
  const status = (err as { statusCode?: unknown } | null)?.statusCode;
  if (status === 413) return new AppError(413, 'PAYLOAD_TOO_LARGE', PLATFORM_ERRORS.uploadTooManyParts);
  return badRequest(PLATFORM_ERRORS.uploadUnreadable);
}

/**
 * Read one file part into memory, refusing it when it passes `maxBytes`: busboy stops at the limit
 * (`fileSize` below), discards the rest and flags the stream truncated, so a file one byte over is a 413
 * and never a stored partial file. An aborted request rejects here (the stream errors), before anything
 * is written anywhere.
 */
export async function readFilePart(part: MultipartFile, maxBytes: number, tooLarge: (name: string) => ServerMessage): Promise<ReadFile> {
  const fileName = displayName(part.filename);
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of part.file) {
      const buf = chunk as Buffer;
      size += buf.length;
      // Never hold more than the limit, whatever the parser does.
      if (size <= maxBytes) chunks.push(buf);
    }
  } catch (err) {
    throw uploadReadError(err);
  }
  if (size > maxBytes || part.file.truncated) throw payloadTooLarge(tooLarge(fileName));
  return { fieldName: part.fieldname, fileName, data: Buffer.concat(chunks, size) };
}

/**
 * Read one file part whose limit depends on what the file is (chat: 10 MB for images, 25 MB for videos).
 * `classify` sees the first `headBytes` bytes (the whole file when it is shorter) as soon as they have
 * arrived and answers the type with its limit, or null for a type we refuse. From then on at most that limit
 * is held in memory; a refused file holds nothing and the rest of the part is drained, so the client hears
 * the 400 instead of a reset connection. multipartParts' `maxFileBytes` must be the largest of the limits:
 * busboy stops there and flags the part truncated, which is a 413 for every type.
 */
export async function readTypedFilePart<T>(
  part: MultipartFile,
  opts: {
    headBytes: number;
    classify: (head: Buffer) => { type: T; maxBytes: number } | null;
    refused: (name: string) => AppError;
    tooLarge: (name: string, type: T) => AppError;
  },
): Promise<ReadFile & { type: T }> {
  const fileName = displayName(part.filename);
  let chunks: Buffer[] = [];
  let size = 0;
  // undefined until the head has arrived; null once the file is known to be refused.
  let decided: { type: T; maxBytes: number } | null | undefined;
  const decide = () => {
    const all = Buffer.concat(chunks);
    decided = opts.classify(all.subarray(0, opts.headBytes));
    chunks = decided ? [all] : [];
  };
  try {
    for await (const chunk of part.file) {
      const buf = chunk as Buffer;
      size += buf.length;
      if (decided === null) continue;
      if (decided === undefined) {
        chunks.push(buf);
        if (size >= opts.headBytes) decide();
        continue;
      }
      // Never hold more than the type's limit, whatever the parser does.
      if (size <= decided.maxBytes) chunks.push(buf);
    }
  } catch (err) {
    throw uploadReadError(err);
  }
  if (decided === undefined) decide();
  if (!decided) throw opts.refused(fileName);
  if (size > decided.maxBytes || part.file.truncated) throw opts.tooLarge(fileName, decided.type);
  return { fieldName: part.fieldname, fileName, data: Buffer.concat(chunks, size), type: decided.type };
}

/**
 * A text field the database could not store (NUL, a lone surrogate, also inside a JSON field the parser already
 * decoded) is a 400 for every upload route, as the input guard answers for JSON bodies, instead of a 500 from the
 * query that would store it.
 */
function refuseUnstorableField(part: Multipart) {
  if (part.type !== 'field') return;
  if (hasUnstorableText(part.fieldname)) throw badRequest(PLATFORM_ERRORS.unstorableText);
  if (hasUnstorableText(part.value)) throw badRequest(PLATFORM_ERRORS.unstorableText, { [part.fieldname]: PLATFORM_ERRORS.unstorableText });
}

/**
 * The value of a JSON text field (the gallery's captions): @fastify/multipart has already parsed a field sent as
 * application/json, a plain field is parsed here, with the limits JSON bodies have (nesting depth, text the database
 * can store). Text that is not JSON is a 400 with `invalid` as the field's message.
 */
export function readJsonField(part: Extract<Multipart, { type: 'field' }>, invalid: ServerMessage): unknown {
  if (typeof part.value !== 'string') return part.value;
  if (nestsDeeperThan(part.value, MAX_JSON_DEPTH)) throw badRequest(invalid, { [part.fieldname]: invalid });
  let value: unknown;
  try {
    value = JSON.parse(part.value);
  } catch {
    throw badRequest(invalid, { [part.fieldname]: invalid });
  }
  if (hasUnstorableText(value)) throw badRequest(PLATFORM_ERRORS.unstorableText, { [part.fieldname]: PLATFORM_ERRORS.unstorableText });
  return value;
}

/**
 * Iterate a multipart request's parts with limits; callers read file parts with readFilePart (or skip them).
 * Errors of the multipart stream come out as 400/413 (uploadReadError), never as 500s; unstorable text fields as 400.
 */
export function multipartParts(
  request: FastifyRequest,
  limits: { maxFileBytes: number; maxFiles: number; maxFields?: number; maxFieldBytes?: number },
): AsyncGenerator<Multipart> {
  if (!request.isMultipart()) throw badRequest(PLATFORM_ERRORS.notMultipart, { file: PLATFORM_ERRORS.noFile });
  const maxFields = limits.maxFields ?? 4;
  const source = request.parts({
    limits: {
      // busboy passes at most this many bytes of a file on and flags the rest as truncated (readFilePart).
      fileSize: limits.maxFileBytes,
      files: limits.maxFiles,
      fields: maxFields,
      fieldSize: limits.maxFieldBytes ?? 16 * 1024,
      parts: limits.maxFiles + maxFields,
      headerPairs: 100,
    },
  });
  return (async function* guarded() {
    try {
      for (;;) {
        let next: IteratorResult<Multipart>;
        try {
          next = await source.next();
        } catch (err) {
          throw uploadReadError(err);
        }
        if (next.done) return;
        refuseUnstorableField(next.value);
        yield next.value;
      }
    } finally {
      await source.return?.(undefined).catch(() => undefined);
    }
  })();
}

/** Drain a part nobody wants (a file beyond the free slots) so the next one can be read. */
export async function skipPart(part: MultipartFile): Promise<void> {
  try {
    for await (const _ of part.file) {
      // discard
    }
  } catch (err) {
    throw uploadReadError(err);
  }
}
