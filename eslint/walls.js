// The floors and doors of the house (docs/ARCHITECTURE.md, decision 019), held by ESLint's built-in
// no-restricted-imports: no new dependency. Arrows run only downward:
//   server: packages/shared <- db <- platform (and app-context.ts) <- modules/access <- feature modules <- modules/index.ts,
//           app.ts, main.ts, cli/; a module uses another module only through its face, modules/<x>/index.ts.
//   web:    packages/shared <- lib <- components <- features <- app; a feature uses another feature only through
//           its face: its api.ts (server state) and its index.ts (the widgets it exports for others to compose).
// Tests, fixtures and test harnesses build and inspect internals on purpose: the floor rules hold for them, the
// face rules do not. Files in the allowlists (eslint/walls-allowlist.js) may still reach past a face; the lists
// may only shrink.
import { readdirSync } from 'node:fs';
import { floorAllowlist, serverFaceAllowlist, webFaceAllowlist } from './walls-allowlist.js';

const SERVER = 'apps/server/src';
const WEB = 'apps/web/src';
const TESTS = ['**/*.test.ts', '**/*.test.tsx', '**/test/**', '**/*-fixtures.ts', '**/*-fixtures.tsx', '**/*-test-harness.tsx'];

const dirsOf = (path) =>
  readdirSync(new URL(`../${path}`, import.meta.url), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);

const rule = (patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });
const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

// Server floors.
const serverNoModules = {
  regex: '(^|/)modules/',
  message: 'platform, db and app-context.ts stand below the modules: declare an interface here and let a module implement it.',
};
const serverNoTop = {
  regex: '^(\\.\\./)+((app|main)\\.js$|cli/)',
  message: 'app.ts, main.ts and cli/ stand on top of the house: nothing below imports them.',
};
const serverNoRegistry = { regex: '^\\.\\./index\\.js$', message: 'modules/index.ts registers the modules: a module never imports it.' };
const moduleFace = (name) => ({
  // '../<other module>/<anything but index.js>': another module's internals.
  regex: `^\\.\\./(?!${escape(name)}/)[^/.]+/(?!index\\.js$)`,
  message: 'Use another module only through its face, modules/<x>/index.ts (add the name there if it is part of its face).',
});
const topFace = {
  regex: '(^|/)modules/[^/]+/(?!index\\.js$)',
  message: 'Use a module only through its face, modules/<x>/index.ts.',
};

// Web floors.
const webNoApp = { regex: '^#/app(/|$)', message: 'features, components and lib stand below app/: move what they need down to lib/ or components/.' };
const webNoFeatures = { regex: '^#/features(/|$)', message: 'components and lib stand below the features: move the piece down, or compose it in the feature.' };
const webNoRelativeOut = { regex: '^\\.\\./', message: 'Import across folders with #/ paths.' };
const featureFace = (name) => ({
  regex: `^#/features/(?!${escape(name)}/)[^/]+/(?!(api|index)$)`,
  message: "Use another feature only through its face: its api.ts, or the widgets its index.ts exports.",
});

const modules = dirsOf(`${SERVER}/modules`);
const features = dirsOf(`${WEB}/features`);

export const walls = [
  // Server
  {
    files: [`${SERVER}/platform/**/*.ts`, `${SERVER}/db/**/*.ts`, `${SERVER}/app-context.ts`],
    ignores: TESTS,
    rules: rule([serverNoModules, serverNoTop]),
  },
  ...modules.map((name) => ({
    files: [`${SERVER}/modules/${name}/*.ts`],
    ignores: [...TESTS, ...serverFaceAllowlist],
    rules: rule([serverNoTop, serverNoRegistry, moduleFace(name)]),
  })),
  { files: [`${SERVER}/app.ts`, `${SERVER}/main.ts`, `${SERVER}/cli/*.ts`], ignores: TESTS, rules: rule([topFace]) },

  // Web
  { files: [`${WEB}/lib/**/*.{ts,tsx}`, `${WEB}/components/**/*.{ts,tsx}`], ignores: TESTS, rules: rule([webNoApp, webNoFeatures]) },
  ...features.map((name) => ({
    files: [`${WEB}/features/${name}/*.{ts,tsx}`],
    ignores: [...TESTS, ...webFaceAllowlist],
    rules: rule([webNoApp, webNoRelativeOut, featureFace(name)]),
  })),
  ...(webFaceAllowlist.length ? [{ files: webFaceAllowlist, ignores: TESTS, rules: rule([webNoApp, webNoRelativeOut]) }] : []),
  // Tests may compose the whole app (its providers) and reach into other features: they stand beside app/.
  { files: TESTS.map((t) => `${WEB}/features/${t}`), rules: rule([webNoRelativeOut]) },
  // Files that may still reach past a face (the floor rules still hold for them).
  ...(serverFaceAllowlist.length ? [{ files: serverFaceAllowlist, ignores: TESTS, rules: rule([serverNoRegistry]) }] : []),
  // Arrows that still run up a floor, until they are mended.
  ...(floorAllowlist.length ? [{ files: floorAllowlist, rules: { 'no-restricted-imports': 'off' } }] : []),
];
