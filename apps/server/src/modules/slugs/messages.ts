import { serverMessages } from '../../platform/errors.js';

/** /{slug} lookups: error texts. */
export const SLUGS_ERRORS = serverMessages('slugs', {
  nothingHere: 'Nothing is here under that name',
});
