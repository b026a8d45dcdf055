export * from './auth.js';
export * from './profiles.js';
export * from './roles.js';
export * from './app.js';
export * from './media.js';
export * from './social.js';
export * from './mail.js';
