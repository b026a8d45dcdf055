// Face of the posts module: the feed, posts, comments and reports; the readers' rule in SQL (search).
export { registerPosts } from './module.js';
export { readablePostsFilter, type Reader } from './repository.js';
export { readerOf } from './service.js';
// Issue 23: the reports queue removes posts and comments through these.
export { clearPostReports, deleteCommentForModeration, hidePostForModeration } from './moderation-port.js';
