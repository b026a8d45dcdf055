import { serverMessages } from '../../platform/errors.js';

/** Push subscriptions: error texts. */
export const PUSH_ERRORS = serverMessages('push', {
  endpointHttps: 'Push endpoints must use https',
  endpointForbidden: 'This push endpoint is not allowed',
});
