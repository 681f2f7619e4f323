/**
 * Writes the tests that passed only on a retry to the JSON file named by `LATCH_RETRIED_JSON`, so
 * that `.ci/run` can print them at the end of its output, next to the totals: a retry lets a run
 * through, and this keeps the test that needed it in sight.
 */
import { writeFileSync } from "node:fs";
import { relative } from "node:path";
import type { Reporter, TestCase } from "vitest/node";

/** One test that failed, then passed when run again. */
interface RetriedTest {
  file: string;
  name: string;
  retries: number;
}

export default class RetriesReporter implements Reporter {
  private readonly retried: RetriedTest[] = [];

  onTestCaseResult(testCase: TestCase): void {
    const diagnostic = testCase.diagnostic();
    if (!diagnostic?.flaky) return;
    this.retried.push({
      file: relative(process.cwd(), testCase.module.moduleId),
      name: testCase.fullName,
      retries: diagnostic.retryCount,
    });
  }

  onTestRunEnd(): void {
    const file = process.env.LATCH_RETRIED_JSON;
    if (file) writeFileSync(file, JSON.stringify(this.retried));
  }
}
