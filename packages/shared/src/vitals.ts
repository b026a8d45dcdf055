import { z } from 'zod';
import { DEVICE_CLASSES, ROUTE_PATTERN_RE, VITAL_RATINGS, VITALS_LIMITS, WEB_VITAL_NAMES } from './vitals-limits.js';

/**
 * Real-user performance (issue 24 part 5, decision 031): the batch a browser sends and the admin view's query. The
 * constants and answer types live in vitals-limits.ts, without zod, so the web vitals reporter's chunk stays small.
 */
export const routePatternSchema = z
  .string({ error: 'Give the route pattern' })
  .max(120, { error: 'The route pattern is too long' })
  .regex(ROUTE_PATTERN_RE, { error: 'Give a route pattern such as /events/:eventId' });

export const webVitalEntrySchema = z.strictObject({
  name: z.enum(WEB_VITAL_NAMES, { error: 'Unknown metric: LCP, INP, CLS, FCP or TTFB' }),
  value: z
    .number({ error: 'The value must be a number' })
    .finite()
    .min(0, { error: 'The value cannot be negative' })
    .max(3_600_000, { error: 'The value is too large' }),
  rating: z.enum(VITAL_RATINGS, { error: 'The rating is good, needs-improvement or poor' }),
  route: routePatternSchema,
  deviceClass: z.enum(DEVICE_CLASSES, { error: 'The device class is phone or desktop' }),
});
export type WebVitalEntry = z.infer<typeof webVitalEntrySchema>;

export const webVitalsBatchSchema = z.strictObject({
  metrics: z
    .array(webVitalEntrySchema)
    .min(1, { error: 'Send at least one metric' })
    .max(VITALS_LIMITS.maxBatch, { error: `Send at most ${VITALS_LIMITS.maxBatch} metrics at once` }),
});
export type WebVitalsBatch = z.infer<typeof webVitalsBatchSchema>;

export const adminVitalsQuerySchema = z.object({
  days: z.coerce
    .number({ error: 'days is 7 or 28' })
    .pipe(z.union([z.literal(7), z.literal(28)], { error: 'days is 7 or 28' }))
    .optional()
    .default(7),
});
