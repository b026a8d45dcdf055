import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Metric } from 'web-vitals';
import { routePatternOf } from '#/app/routes';
import { startWebVitals, VITALS_URL } from './web-vitals-reporter';

type Record = (m: Pick<Metric, 'name' | 'value' | 'rating'>) => void;

let record: Record;
let stop: () => void;
const fetchMock = vi.fn(async () => new Response(null, { status: 204 }));
const beacon = vi.fn((_url: string, _body: Blob) => true);
const sent = () => fetchMock.mock.calls.map((c) => JSON.parse((c as unknown as [string, RequestInit])[1].body as string).metrics);

beforeEach(() => {
  vi.useFakeTimers();
  fetchMock.mockClear();
  beacon.mockClear();
  vi.stubGlobal('fetch', fetchMock);
  Object.defineProperty(navigator, 'sendBeacon', { value: beacon, configurable: true });
});
afterEach(() => {
  stop?.();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const start = (route = '/events/:eventId') => {
  stop = startWebVitals({ route, observe: (r) => (record = r) });
};

describe('the web vitals reporter', () => {
  it('sends nothing before 5 s, a batch at 5 s, the next at 65 s, and the rest by beacon on pagehide', async () => {
    start();
    record({ name: 'TTFB', value: 120.44, rating: 'good' });
    record({ name: 'FCP', value: 900, rating: 'good' });
    await vi.advanceTimersByTimeAsync(4_999);
    expect(fetchMock).not.toHaveBeenCalled();

    await vi.advanceTimersByTimeAsync(1);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe(VITALS_URL);
    expect(init).toMatchObject({ method: 'POST', credentials: 'include', keepalive: true });
    const deviceClass = sent()[0][0].deviceClass;
    expect(['phone', 'desktop']).toContain(deviceClass);
    expect(sent()[0]).toEqual([
      { name: 'TTFB', value: 120.4, rating: 'good', route: '/events/:eventId', deviceClass },
      { name: 'FCP', value: 900, rating: 'good', route: '/events/:eventId', deviceClass },
    ]);

    record({ name: 'LCP', value: 2600, rating: 'needs-improvement' });
    await vi.advanceTimersByTimeAsync(59_999);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(sent()[1]).toEqual([{ name: 'LCP', value: 2600, rating: 'needs-improvement', route: '/events/:eventId', deviceClass }]);

    // Nothing new: nothing sent at 125 s.
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetchMock).toHaveBeenCalledTimes(2);

    record({ name: 'CLS', value: 0.123456, rating: 'needs-improvement' });
    record({ name: 'INP', value: 80, rating: 'good' });
    window.dispatchEvent(new Event('pagehide'));
    expect(beacon).toHaveBeenCalledTimes(1);
    const [beaconUrl, blob] = beacon.mock.calls[0]!;
    expect(beaconUrl).toBe(VITALS_URL);
    expect(blob.type).toBe('application/json');
    expect(JSON.parse(await blob.text()).metrics.map((m: { name: string; value: number }) => [m.name, m.value])).toEqual([
      ['CLS', 0.1235],
      ['INP', 80],
    ]);
    // Each report leaves once.
    window.dispatchEvent(new Event('pagehide'));
    expect(beacon).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('splits more than 20 reports into batches, falls back to fetch when the beacon is refused', async () => {
    start('/');
    for (let i = 0; i < 25; i++) record({ name: 'INP', value: i, rating: 'good' });
    beacon.mockReturnValueOnce(false);
    window.dispatchEvent(new Event('pagehide'));
    expect(beacon).toHaveBeenCalledTimes(2);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(sent()[0]).toHaveLength(20);
    expect(JSON.parse(await beacon.mock.calls[1]![1].text()).metrics).toHaveLength(5);
  });

  it('reports a route that is not a pattern as (other)', async () => {
    start('/events/4b1e?x=1');
    record({ name: 'FCP', value: 1, rating: 'good' });
    await vi.advanceTimersByTimeAsync(5_000);
    expect(sent()[0][0].route).toBe('(other)');
  });
});

describe('routePatternOf', () => {
  it('names the route, never the ids', () => {
    expect(routePatternOf('/')).toBe('/');
    expect(routePatternOf('/events/4b1e2c3d-1111-2222-3333-444455556666')).toBe('/events/:eventId');
    expect(routePatternOf('/chat/abc')).toBe('/chat/:conversationId');
    expect(routePatternOf('/admin')).toBe('/admin');
    expect(routePatternOf('/alice')).toBe('/:slug');
    expect(routePatternOf('/locations/x/door')).toBe('/locations/:locationId/door');
    expect(routePatternOf('/a/b/c/d')).toBe('(other)');
  });
});
