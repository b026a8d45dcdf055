/** Lets one test expect console.error (e.g. React reporting an error caught by a boundary). */
let allowed = false;

export function allowConsoleErrors() {
  allowed = true;
}

export function consumeConsoleErrorAllowance(): boolean {
  const was = allowed;
  allowed = false;
  return was;
}
