import { describe, expect, it } from 'vitest';
import { FormBodyError, parseFormBody } from './form-body.js';

describe('parseFormBody', () => {
  it('reads the bracket notation the SDK writes into nested objects and arrays of strings', () => {
    const body =
      'mode=payment&line_items[0][quantity]=2&line_items[0][price_data][unit_amount]=2500' +
      '&line_items[0][price_data][product_data][name]=Sunset+Sail%20%26+more&line_items[1][quantity]=1' +
      '&metadata[paymentId]=x&expand[]=a&expand[]=b&capabilities[transfers][requested]=true';
    expect(parseFormBody(body)).toEqual({
      mode: 'payment',
      line_items: [{ quantity: '2', price_data: { unit_amount: '2500', product_data: { name: 'Sunset Sail & more' } } }, { quantity: '1' }],
      metadata: { paymentId: 'x' },
      expand: ['a', 'b'],
      capabilities: { transfers: { requested: 'true' } },
    });
  });

  it('reads the encoded brackets the SDK actually sends, and empty values', () => {
    expect(parseFormBody('metadata%5Bk%5D=v&email=')).toEqual({ metadata: { k: 'v' }, email: '' });
  });

  it('keeps a hash a hash unless its keys are exactly 0..n-1', () => {
    expect(parseFormBody('a[0]=x&a[2]=y')).toEqual({ a: { 0: 'x', 2: 'y' } });
    expect(parseFormBody('0=top')).toEqual({ 0: 'top' });
  });

  it('refuses names that could reach Object.prototype, conflicts, repeats and runaway nesting', () => {
    for (const body of ['__proto__[x]=1', 'a[constructor][prototype]=1', 'a=1&a[b]=2', 'a[b]=1&a=2', 'a=1&a=2', 'a[=1', `a${'[b]'.repeat(9)}=1`]) {
      expect(() => parseFormBody(body), body).toThrow(FormBodyError);
    }
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });
});
