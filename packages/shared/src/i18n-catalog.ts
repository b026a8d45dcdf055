import { compileMessageOrThrow, type CompiledMessage } from '@lingui/message-utils/compileMessage';

/**
 * Catalogues at build and start-up time, never in the browser (decision 038): a catalogue is a JSON file of
 * `id -> ICU MessageFormat text`; Lingui's compiler turns each text into the form its runtime interprets, so no
 * ICU parser ships to the page. Not exported from the package's index (the web bundle must not reach it).
 */
export type SourceCatalog = Readonly<Record<string, string>>;
export type CompiledCatalog = Record<string, CompiledMessage>;

/** Compile every message; a malformed one throws with its id (a build or start-up error, never a blank text). */
export function compileCatalog(source: SourceCatalog, origin = 'catalogue'): CompiledCatalog {
  const compiled: CompiledCatalog = {};
  for (const [id, message] of Object.entries(source)) {
    if (typeof message !== 'string') throw new Error(`${origin}: "${id}" is not a text`);
    try {
      compiled[id] = compileMessageOrThrow(message);
    } catch (err) {
      throw new Error(`${origin}: "${id}" is not valid ICU MessageFormat: ${(err as Error).message}`);
    }
  }
  return compiled;
}

/** The argument names a message uses (`{count, plural, ...}`, `{name}`, and tags `<0>...</0>` as `<0>`), sorted. */
export function argumentsOf(message: string): string[] {
  const names = new Set<string>();
  const walk = (tokens: CompiledMessage) => {
    for (const token of tokens) {
      if (typeof token === 'string') continue;
      const [name, , format] = token;
      if (name !== '#') names.add(name);
      if (format && typeof format === 'object' && !Array.isArray(format)) {
        for (const [key, choice] of Object.entries(format)) if (key !== 'offset' && Array.isArray(choice)) walk(choice as CompiledMessage);
      } else if (Array.isArray(format)) walk(format as CompiledMessage);
    }
  };
  walk(compileMessageOrThrow(message));
  for (const match of message.matchAll(/<(\/?)([\w-]+)\s*(\/?)>/g)) if (!match[1]) names.add(`<${match[2]}>`);
  return [...names].sort();
}
