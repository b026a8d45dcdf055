// Face of the link-previews module: text-only previews of links in messages.
export { createLinkPreviewService } from './service.js';
