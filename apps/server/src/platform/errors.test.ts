import { describe, expect, it } from 'vitest';
import { AppError, badRequest, errorBody, forbidden, PLATFORM_ERRORS, serverMessages } from './errors.js';

const SAMPLE = serverMessages('sample', {
  fixed: 'A fixed text',
  named: ({ name }: { name: string }) => `File ${name} is too large`,
});

describe('serverMessages', () => {
  it('gives each entry its code and English text', () => {
    expect(SAMPLE.fixed).toEqual({ code: 'sample.fixed', text: 'A fixed text' });
  });

  it('a parametrised entry fills its text and keeps the parameters, under a code known before it is called', () => {
    expect(SAMPLE.named.code).toBe('sample.named');
    expect(SAMPLE.named({ name: 'a.png' })).toEqual({ code: 'sample.named', text: 'File a.png is too large', params: { name: 'a.png' } });
  });
});

describe('AppError', () => {
  it('keeps the message code for the translation to come; the body is text only, as before', () => {
    const err = badRequest(SAMPLE.fixed, { file: SAMPLE.named({ name: 'a.png' }) });
    expect(err).toBeInstanceOf(AppError);
    expect(err.message).toBe('A fixed text');
    expect(err.messageCode).toBe('sample.fixed');
    expect(errorBody(err.code, SAMPLE.fixed, err.fields)).toEqual({
      error: { code: 'VALIDATION_FAILED', message: 'A fixed text', fields: { file: 'File a.png is too large' } },
    });
  });

  it('the helpers’ defaults are platform’s entries', () => {
    const err = forbidden();
    expect([err.messageCode, err.message]).toEqual([PLATFORM_ERRORS.noAccess.code, 'You do not have access to this']);
  });
});
