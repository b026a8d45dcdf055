/** A catalogue compiled at build time (catalogs.ts, decision 038). */
declare module '*.json?catalog' {
  import type { Messages } from '@lingui/core';
  const messages: Messages;
  export default messages;
}
