import { DATA_EXPORT_MESSAGES } from '@bayclub/shared';
import { serverMessages } from '../../platform/errors.js';

export const DATA_EXPORT_ERRORS = serverMessages('data-export', {
  tooSoon: DATA_EXPORT_MESSAGES.tooSoon,
  notReady: DATA_EXPORT_MESSAGES.notReady,
});
