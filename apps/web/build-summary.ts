import zlib from 'node:zlib';
import type { Plugin, Rollup } from 'vite';

export interface ChunkFacts {
  fileName: string;
  /** Chunk name (the page or widget it holds), for the message. */
  name: string;
  bytes: number;
  /** Loaded by the first screen: the entry and what it imports statically. */
  initial: boolean;
  /** A page's own chunk, loaded when its route opens (the budget's "route chunk"). */
  page: boolean;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** The few lines `npm start` prints instead of one line per chunk (about 200 of them). */
export function summarize(chunks: readonly ChunkFacts[], brotli: (fileName: string) => number, seconds: number): string[] {
  const total = chunks.reduce((sum, c) => sum + c.bytes, 0);
  const initial = chunks.filter((c) => c.initial);
  const initialBrotli = initial.reduce((sum, c) => sum + brotli(c.fileName), 0);
  const largest = chunks.filter((c) => c.page).sort((a, b) => b.bytes - a.bytes)[0];
  const lines = [
    `Web app built in ${seconds.toFixed(1)} s: ${chunks.length} JavaScript chunks, ${kb(total)} in all.`,
    `  First screen: ${initial.length} chunks, ${kb(initialBrotli)} brotli.`,
  ];
  if (largest) lines.push(`  Largest page chunk: ${largest.name} (${kb(largest.bytes)}, ${kb(brotli(largest.fileName))} brotli).`);
  lines.push('  Every chunk: npm run build -w @bayclub/web -- --logLevel info');
  return lines;
}

/** What a bundle's JavaScript chunks are, for summarize(). */
export function chunkFacts(bundle: Rollup.OutputBundle): ChunkFacts[] {
  const chunks = Object.values(bundle).filter((f): f is Rollup.OutputChunk => f.type === 'chunk');
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const initial = new Set<string>();
  const visit = (fileName: string) => {
    if (initial.has(fileName)) return;
    initial.add(fileName);
    byFile.get(fileName)?.imports.forEach(visit);
  };
  chunks.filter((c) => c.isEntry).forEach((c) => visit(c.fileName));
  return chunks.map((c) => ({
    fileName: c.fileName,
    name: c.name,
    bytes: Buffer.byteLength(c.code),
    initial: initial.has(c.fileName),
    page: c.isDynamicEntry && !initial.has(c.fileName) && /-page\.tsx$/.test(c.facadeModuleId ?? ''),
  }));
}

/**
 * Prints summarize()'s lines once the bundle is written. The build itself runs at logLevel 'warn' (vite.config.ts),
 * so its per-chunk table is gone and its warnings still show.
 */
export function buildSummary(): Plugin {
  let started = 0;
  return {
    name: 'bayclub:build-summary',
    apply: 'build',
    buildStart() {
      started = performance.now();
    },
    writeBundle(_options, bundle) {
      const codeOf = new Map(
        Object.values(bundle).flatMap((f) => (f.type === 'chunk' ? [[f.fileName, f.code] as const] : [])),
      );
      const brotli = (fileName: string) => zlib.brotliCompressSync(codeOf.get(fileName) ?? '').length;
      console.log(summarize(chunkFacts(bundle), brotli, (performance.now() - started) / 1000).join('\n'));
    },
  };
}
