import { describe, expect, it } from 'vitest';
import type { Rollup } from 'vite';
import { chunkFacts, summarize } from './build-summary.ts';

const chunk = (fileName: string, bytes: number, extra: Partial<Rollup.OutputChunk> = {}) =>
  ({ type: 'chunk', fileName, name: fileName.replace(/-\w+\.js$/, ''), code: 'x'.repeat(bytes), imports: [], isEntry: false, isDynamicEntry: false, facadeModuleId: null, ...extra }) as unknown as Rollup.OutputChunk;

describe('the build summary npm start prints', () => {
  const bundle: Rollup.OutputBundle = {
    'index-a.js': chunk('index-a.js', 4000, { isEntry: true, imports: ['app-b.js'] }),
    'app-b.js': chunk('app-b.js', 2000, { imports: ['shared-c.js'] }),
    'shared-c.js': chunk('shared-c.js', 1000),
    'events-page-d.js': chunk('events-page-d.js', 3000, { isDynamicEntry: true, facadeModuleId: '/src/features/events/events-page.tsx' }),
    'jsQR-e.js': chunk('jsQR-e.js', 9000, { isDynamicEntry: true, facadeModuleId: '/node_modules/jsqr/dist/jsQR.js' }),
    'index.html': { type: 'asset', fileName: 'index.html', source: '<html>' } as unknown as Rollup.OutputAsset,
  };

  it('is a few lines: chunk count and size, the first screen in brotli, the largest page chunk', () => {
    const facts = chunkFacts(bundle);
    expect(facts.filter((c) => c.initial).map((c) => c.fileName).sort()).toEqual(['app-b.js', 'index-a.js', 'shared-c.js']);
    const lines = summarize(facts, (fileName) => (fileName === 'events-page-d.js' ? 512 : 1024), 1.23);
    expect(lines).toEqual([
      'Web app built in 1.2 s: 5 JavaScript chunks, 18.6 KB in all.',
      '  First screen: 3 chunks, 3.0 KB brotli.',
      // A library loaded on demand (the QR scanner's) is not a page: the budget is per page.
      '  Largest page chunk: events-page (2.9 KB, 0.5 KB brotli).',
      '  Every chunk: npm run build -w @bayclub/web -- --logLevel info',
    ]);
  });
});
