// Face of the posts module: the feed, posts, comments and reports; the readers' rule in SQL (search).
export { registerPosts } from './module.js';
export { readablePostsFilter, type Reader } from './repository.js';
export { readerOf } from './service.js';
