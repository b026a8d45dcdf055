import type { MediaService } from '../media/index.js';
import type { Notifier } from '../notifications/index.js';

/** What the events routes need from the rest of the app (module.ts hands it to each). */
export interface EventsDeps {
  media: MediaService;
  notifier: Notifier;
}
