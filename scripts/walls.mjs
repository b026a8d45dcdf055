#!/usr/bin/env node
// npm run walls: the figures of the house's walls, read from the source's own imports (tests, fixtures and test
// helpers left out): imports from one server module into another (and how many reach past its face, index.ts),
// server modules and web features that import each other in a loop, imports between web features (and past their
// faces), and arrows that run up a floor. `--list` prints every such import. The ESLint rules hold the plan; this
// prints how far the code is from it, so a change can quote the figures before and after (issue 20).
import { readFileSync, readdirSync, statSync, existsSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const root = resolve(dirname(new URL(import.meta.url).pathname), '..');
const list = process.argv.includes('--list');

function walk(dir, out = []) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      if (name === 'node_modules' || name === 'dist' || name === 'migrations') continue;
      walk(path, out);
    } else if (/\.(ts|tsx)$/.test(name) && !/\.d\.ts$/.test(name)) out.push(path);
  }
  return out;
}

const isTest = (rel) =>
  /\.test\.tsx?$/.test(rel) || /\/test\//.test(rel) || /fixtures?\.tsx?$/.test(rel) || /-test-harness\.tsx$/.test(rel) || /\/e2e\//.test(rel);

const importRe = /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

function resolveImport(fromFile, spec) {
  let base;
  if (spec.startsWith('#/')) base = join(root, 'apps/web/src', spec.slice(2));
  else if (spec.startsWith('.')) base = resolve(dirname(fromFile), spec);
  else return null;
  base = base.replace(/\.js$/, '');
  for (const candidate of [base + '.ts', base + '.tsx', join(base, 'index.ts'), join(base, 'index.tsx'), base]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

function graphOf(srcRoot) {
  const edges = [];
  for (const file of walk(join(root, srcRoot))) {
    const rel = relative(root, file);
    if (isTest(rel)) continue;
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(importRe)) {
      const target = resolveImport(file, m[1] ?? m[2]);
      if (!target) continue;
      const targetRel = relative(root, target);
      if (isTest(targetRel)) continue;
      edges.push([rel, targetRel]);
    }
  }
  return edges;
}

/** Strongly connected components of a graph given as Map<node, Set<node>> (Tarjan), those of 2+ nodes. */
function loops(adjacency) {
  let index = 0;
  const stack = [];
  const state = new Map();
  const result = [];
  const strong = (v) => {
    state.set(v, { index, low: index, onStack: true });
    index += 1;
    stack.push(v);
    for (const w of adjacency.get(v) ?? []) {
      if (!state.has(w)) {
        strong(w);
        state.get(v).low = Math.min(state.get(v).low, state.get(w).low);
      } else if (state.get(w).onStack) state.get(v).low = Math.min(state.get(v).low, state.get(w).index);
    }
    if (state.get(v).low === state.get(v).index) {
      const component = [];
      let w;
      do {
        w = stack.pop();
        state.get(w).onStack = false;
        component.push(w);
      } while (w !== v);
      if (component.length > 1) result.push(component.sort());
    }
  };
  for (const v of adjacency.keys()) if (!state.has(v)) strong(v);
  return result;
}

function roomGraph(edges, roomOf) {
  const adjacency = new Map();
  for (const [from, to] of edges) {
    const a = roomOf(from);
    const b = roomOf(to);
    if (!a || !b || a === b) continue;
    if (!adjacency.has(a)) adjacency.set(a, new Set());
    if (!adjacency.has(b)) adjacency.set(b, new Set());
    adjacency.get(a).add(b);
  }
  return adjacency;
}

const print = (label, value) => console.log(`${label.padEnd(62)} ${value}`);
const show = (title, pairs) => {
  if (!list || pairs.length === 0) return;
  console.log(`  ${title}:`);
  for (const [from, to] of pairs) console.log(`    ${from} -> ${to}`);
};

// Server
const server = graphOf('apps/server/src');
const moduleOf = (p) => p.match(/^apps\/server\/src\/modules\/([^/]+)\//)?.[1];
const crossModule = server.filter(([a, b]) => moduleOf(a) && moduleOf(b) && moduleOf(a) !== moduleOf(b));
const pastFace = crossModule.filter(([, b]) => !/\/modules\/[^/]+\/index\.ts$/.test(b));
const intoRepository = crossModule.filter(([, b]) => /repository\.ts$/.test(b));
// app-context.ts and config.ts are the platform floor's own: the context modules are built from.
const floorOf = (p) =>
  /^apps\/server\/src\/(platform\/|db\/|app-context\.ts$|config\.ts$)/.test(p) ? (p.includes('/db/') ? 1 : 2) : moduleOf(p) ? 3 : 4;
const serverUp = server.filter(([a, b]) => floorOf(b) > floorOf(a));
const serverLoops = loops(roomGraph(server, moduleOf));

console.log('server (apps/server/src, tests left out)');
print('imports from one module into another module', crossModule.length);
print('  of which past its face (not modules/<x>/index.ts)', pastFace.length);
print('  of which into a repository.ts', intoRepository.length);
show('past a face', pastFace);
print('modules in an import loop', serverLoops.map((l) => l.length).reduce((a, b) => a + b, 0));
for (const loop of serverLoops) console.log(`  loop: ${loop.join(', ')}`);
print('upward arrows (db -> platform -> modules -> app.ts, main.ts, cli/)', serverUp.length);
show('upward', serverUp);

// Web
const web = graphOf('apps/web/src');
const featureOf = (p) => p.match(/^apps\/web\/src\/features\/([^/]+)\//)?.[1];
const crossFeature = web.filter(([a, b]) => featureOf(a) && featureOf(b) && featureOf(a) !== featureOf(b));
const isFace = (p) => /\/features\/[^/]+\/(api|index)\.tsx?$/.test(p);
const featurePastFace = crossFeature.filter(([, b]) => !isFace(b));
const webUp = web.filter(
  ([a, b]) =>
    (/^apps\/web\/src\/(features|components|lib)\//.test(a) && /^apps\/web\/src\/app\//.test(b)) ||
    (/^apps\/web\/src\/(components|lib)\//.test(a) && /^apps\/web\/src\/features\//.test(b)),
);
const webLoops = loops(roomGraph(web, featureOf));
const features = new Set(web.flatMap(([a, b]) => [featureOf(a), featureOf(b)]).filter(Boolean));

console.log('\nweb (apps/web/src, tests left out)');
print('imports from one feature into another feature', crossFeature.length);
print('  of which not into its api.ts or index.ts', featurePastFace.length);
show('between features', crossFeature);
print(
  'features in an import loop',
  `${webLoops.map((l) => l.length).reduce((a, b) => a + b, 0)} of ${features.size}`,
);
for (const loop of webLoops) console.log(`  loop: ${loop.join(', ')}`);
print('upward arrows (features/components/lib -> app, components/lib -> features)', webUp.length);
show('upward', webUp);
