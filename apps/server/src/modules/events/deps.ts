import type { MediaService } from '../media/service.js';
import type { Notifier } from '../notifications/service.js';
import type { Hub } from '../realtime/hub.js';

/** What the events routes need from the rest of the app (module.ts hands it to each). */
export interface EventsDeps {
  media: MediaService;
  notifier: Notifier;
  hub: Hub;
}
