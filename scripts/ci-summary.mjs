// Prints CI's closing lines over the Vitest and Playwright JSON reports: each failed and each flaky
// test by name with the first line of its error, then "N passed, N failed, N skipped". A report
// that is missing (its job did not get that far) is named, not fatal. Exit 1 when a test failed.
import { existsSync, readFileSync } from "node:fs";

let passed = 0;
let failed = 0;
let skipped = 0;
const lines = [];
const colour = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, "g");
const firstLine = (text) =>
  String(text ?? "")
    .replace(colour, "")
    .trim()
    .split("\n")[0]
    ?.slice(0, 300) ?? "";

/** Playwright's suites nest; each spec holds one test per project, each with its runs. */
function* playwrightTests(suites, path = []) {
  for (const suite of suites ?? []) {
    const here = suite.title ? [...path, suite.title] : path;
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests ?? []) yield { title: [...here, spec.title].join(" › "), test };
    yield* playwrightTests(suite.suites, here);
  }
}

for (const file of process.argv.slice(2)) {
  if (!existsSync(file)) {
    lines.push(`no report: ${file}`);
    continue;
  }
  const report = JSON.parse(readFileSync(file, "utf8"));
  if ("numPassedTests" in report) {
    passed += report.numPassedTests;
    failed += report.numFailedTests;
    skipped += report.numPendingTests + (report.numTodoTests ?? 0);
    for (const result of report.testResults ?? []) {
      for (const a of result.assertionResults ?? [])
        if (a.status === "failed")
          lines.push(`FAILED ${file}: ${a.fullName}: ${firstLine(a.failureMessages?.[0])}`);
      if (result.status === "failed" && !(result.assertionResults ?? []).some((a) => a.status === "failed"))
        lines.push(`FAILED ${file}: ${result.name}: ${firstLine(result.message)}`);
    }
  } else if (report.stats) {
    passed += report.stats.expected + (report.stats.flaky ?? 0);
    failed += report.stats.unexpected;
    skipped += report.stats.skipped;
    for (const { title, test } of playwrightTests(report.suites)) {
      if (test.status !== "unexpected" && test.status !== "flaky") continue;
      const error = test.results?.find((r) => r.error)?.error;
      lines.push(
        `${test.status === "flaky" ? "FLAKY" : "FAILED"} ${test.projectName}: ${title}: ${firstLine(error?.message)}`,
      );
    }
    for (const error of report.errors ?? []) lines.push(`ERROR ${file}: ${firstLine(error.message)}`);
  }
}
for (const line of lines) console.log(line);
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 ? 1 : 0);
