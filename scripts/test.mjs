// The one test command: type check and lint, Vitest (shared, server API, web components), then Playwright
// (browser journeys).
// Set TEST_DATABASE_URL to run every database test on a PostgreSQL server instead of PGlite.
// Prints a closing line "N passed, N failed" summed over both runners.
// --no-e2e skips the browser journeys. --database-only runs only what depends on the database engine (the server
// suite and the browser journeys): CI's second pass, on PostgreSQL, after a full pass on PGlite has run the type
// check, lint and the shared and web suites, which no engine changes.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const out = path.resolve('.test-output');
fs.mkdirSync(out, { recursive: true });
const skipE2e = process.argv.includes('--no-e2e');
const databaseOnly = process.argv.includes('--database-only');

function run(cmd, args, env = {}) {
  const res = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  return res.status ?? 1;
}

const totals = { passed: 0, failed: 0 };

// Static checks first: a type error or lint error fails the run like a failing test.
let checksCode = 0;
for (const script of databaseOnly ? [] : ['typecheck', 'lint']) {
  const code = run('npm', ['run', script, '--silent']);
  if (code === 0) totals.passed += 1;
  else {
    totals.failed += 1;
    checksCode = code;
  }
}

const vitestJson = path.join(out, 'vitest.json');
fs.rmSync(vitestJson, { force: true });
const vitestCode = run('npx', [
  'vitest',
  'run',
  ...(databaseOnly ? ['--project=server'] : []),
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestJson}`,
]);
if (fs.existsSync(vitestJson)) {
  const r = JSON.parse(fs.readFileSync(vitestJson, 'utf8'));
  totals.passed += r.numPassedTests;
  totals.failed += r.numFailedTests;
}
if (vitestCode !== 0 && !fs.existsSync(vitestJson)) totals.failed += 1;

let e2eCode = 0;
if (!skipE2e) {
  const pwJson = path.join(out, 'playwright.json');
  fs.rmSync(pwJson, { force: true });
  run('npm', ['run', 'build', '--silent']);
  e2eCode = run('npx', ['playwright', 'test'], { PLAYWRIGHT_JSON_OUTPUT_NAME: pwJson });
  if (fs.existsSync(pwJson)) {
    const s = JSON.parse(fs.readFileSync(pwJson, 'utf8')).stats;
    totals.passed += s.expected + (s.flaky ?? 0);
    totals.failed += s.unexpected;
  }
  if (e2eCode !== 0 && !fs.existsSync(pwJson)) totals.failed += 1;
}

const failed = checksCode !== 0 || vitestCode !== 0 || e2eCode !== 0;
if (failed && totals.failed === 0) totals.failed = 1;
console.log(`\n${totals.passed} passed, ${totals.failed} failed`);
process.exit(failed ? 1 : 0);
