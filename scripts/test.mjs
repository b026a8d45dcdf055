// The one test command: type check and lint, Vitest (shared, server API, web components), then Playwright
// (browser journeys).
// Set TEST_DATABASE_URL to run every database test on a PostgreSQL server instead of PGlite.
// Prints a closing line "N passed, N failed" summed over both runners.
//
// Options (CI's .ci/run uses them to run each part once, and the two engines' journeys side by side):
//   --no-e2e         skip the browser journeys
//   --database-only  only what the database engine changes: the server suite and the browser journeys (the type
//                    check, lint and the shared and web suites are the same on every engine)
//   --e2e-only       only the browser journeys
//   --no-build       the journeys use the web app already built in apps/web/dist
// E2E_PORT picks the journeys' server port (3100), so two runs (one per engine) can share the machine.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const has = (option) => process.argv.includes(option);
const e2eOnly = has('--e2e-only');
const databaseOnly = has('--database-only');
const runChecks = !e2eOnly && !databaseOnly;
const runVitest = !e2eOnly;
const runE2e = !has('--no-e2e');

const out = path.resolve('.test-output');
fs.mkdirSync(out, { recursive: true });

function run(cmd, args, env = {}) {
  const res = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  return res.status ?? 1;
}

const totals = { passed: 0, failed: 0 };
// Every failed test (and journey that passed only on retry) by name, printed just above the closing line, so the
// tail of a long CI log says what broke.
const failures = [];
let failedRun = false;

// Static checks first: a type error or lint error fails the run like a failing test.
if (runChecks) {
  for (const script of ['typecheck', 'lint']) {
    const code = run('npm', ['run', script, '--silent']);
    if (code === 0) totals.passed += 1;
    else {
      totals.failed += 1;
      failedRun = true;
    }
  }
}

if (runVitest) {
  const vitestJson = path.join(out, 'vitest.json');
  const vitestFlaky = path.join(out, 'vitest-flaky.txt');
  fs.rmSync(vitestJson, { force: true });
  fs.rmSync(vitestFlaky, { force: true });
  const code = run('npx', [
    'vitest',
    'run',
    ...(databaseOnly ? ['--project=server', '--project=server-isolated'] : []),
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${vitestJson}`,
    '--reporter=./scripts/vitest-flaky-reporter.mjs',
  ]);
  if (fs.existsSync(vitestFlaky)) failures.push(...fs.readFileSync(vitestFlaky, 'utf8').split('\n').filter(Boolean));
  if (fs.existsSync(vitestJson)) {
    const r = JSON.parse(fs.readFileSync(vitestJson, 'utf8'));
    totals.passed += r.numPassedTests;
    totals.failed += r.numFailedTests;
    for (const file of r.testResults ?? []) {
      const where = path.relative(process.cwd(), file.name);
      const failedTests = (file.assertionResults ?? []).filter((t) => t.status === 'failed');
      for (const t of failedTests) failures.push(`vitest  ${where} › ${t.fullName}`);
      // A file that failed before any test ran (an import error, a hook) has no failed test to name.
      if (file.status === 'failed' && failedTests.length === 0) failures.push(`vitest  ${where} (the file itself)`);
    }
  } else if (code !== 0) totals.failed += 1;
  if (code !== 0) failedRun = true;
}

if (runE2e) {
  const port = process.env.E2E_PORT ?? '3100';
  const pwJson = path.join(out, `playwright-${port}.json`);
  fs.rmSync(pwJson, { force: true });
  if (!has('--no-build')) run('npm', ['run', 'build', '--silent']);
  const code = run('npx', ['playwright', 'test'], { PLAYWRIGHT_JSON_OUTPUT_NAME: pwJson });
  if (fs.existsSync(pwJson)) {
    const s = JSON.parse(fs.readFileSync(pwJson, 'utf8')).stats;
    totals.passed += s.expected + (s.flaky ?? 0);
    totals.failed += s.unexpected;
    const walk = (suite) => {
      for (const spec of suite.specs ?? []) {
        for (const test of spec.tests ?? []) {
          if (test.status === 'unexpected' || test.status === 'flaky') {
            failures.push(`${test.status === 'flaky' ? 'flaky ' : 'journey'} ${spec.file}:${spec.line} › ${spec.title}`);
          }
        }
      }
      for (const child of suite.suites ?? []) walk(child);
    };
    for (const suite of JSON.parse(fs.readFileSync(pwJson, 'utf8')).suites ?? []) walk(suite);
  } else if (code !== 0) totals.failed += 1;
  if (code !== 0) failedRun = true;
}

if (failedRun && totals.failed === 0) totals.failed = 1;
if (failures.length > 0) console.log(`\nFailed or flaky:\n${failures.map((f) => `  ${f}`).join('\n')}`);
console.log(`\n${totals.passed} passed, ${totals.failed} failed`);
process.exit(failedRun ? 1 : 0);
