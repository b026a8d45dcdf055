// The app's built-in name and description, in a module of their own without zod: the web app's first screen
// needs them, and a bundler keeps every schema of a module it includes (zod's builders are not marked pure).
export const DEFAULT_APP_NAME = 'Bay Club';
export const DEFAULT_APP_DESCRIPTION =
  'A members-only social community for the Tampa Bay area. Meet people, join groups and go to events.';
