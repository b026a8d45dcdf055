import { CONNECTION_MESSAGES } from '@bayclub/shared';
import { serverMessages } from '../../platform/errors.js';

/** Say Hi, hellos and matches: error texts (the spec's). */
export const CONNECTIONS_ERRORS = serverMessages('connections', {
  unavailable: CONNECTION_MESSAGES.unavailable,
  helloNotFound: CONNECTION_MESSAGES.helloNotFound,
  ownProfile: CONNECTION_MESSAGES.ownProfile,
  alreadyConnected: CONNECTION_MESSAGES.alreadyConnected,
  alreadySaid: CONNECTION_MESSAGES.alreadySaid,
  dailyLimit: CONNECTION_MESSAGES.dailyLimit,
  unmatched: CONNECTION_MESSAGES.unmatched,
});
