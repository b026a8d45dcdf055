// A Vitest reporter that only writes down the tests that passed on a retry (CI retries a failed test once, as it
// does a failed journey), one per line, so scripts/test.mjs can name them at the end of the run: a test that needed
// a retry is a flake to mend, not a pass to forget.
import fs from 'node:fs';
import path from 'node:path';

export default class FlakyReporter {
  constructor(options = {}) {
    this.outputFile = options.outputFile ?? '.test-output/vitest-flaky.txt';
    this.lines = [];
  }

  onTestCaseResult(testCase) {
    const diagnostic = testCase.diagnostic();
    if (!diagnostic?.flaky) return;
    const where = path.relative(process.cwd(), testCase.module.moduleId);
    this.lines.push(`flaky   ${where} › ${testCase.fullName} (passed on retry ${diagnostic.retryCount})`);
  }

  onTestRunEnd() {
    fs.mkdirSync(path.dirname(this.outputFile), { recursive: true });
    fs.writeFileSync(this.outputFile, this.lines.map((l) => `${l}\n`).join(''));
  }
}
