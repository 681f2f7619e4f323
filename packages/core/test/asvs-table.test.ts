/**
 * docs/security/asvs.md answers every requirement of ASVS 5.0 chapters V6, V7, V9 and V10 with
 * the tests that prove it, a document, or a reason. This test keeps that page honest: every id
 * of docs/security/asvs-requirements.json (taken from the standard's release file) has exactly
 * one row with the standard's level, every test a row names exists in the file it names, and
 * every link of the table leads to an existing heading.
 */
import { existsSync, readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, test } from "vitest";

const repoRoot = fileURLToPath(new URL("../../../", import.meta.url));
const tablePath = resolve(repoRoot, "docs/security/asvs.md");
const requirementsPath = resolve(repoRoot, "docs/security/asvs-requirements.json");

const statuses = ["test", "documented", "n/a", "gap"] as const;
type Status = (typeof statuses)[number];

interface Requirement { id: string; level: number }
interface Row { id: string; level: string; status: string; proof: string }
interface TestRef { file: string; title: string }

/** Reads the rows of every table whose first cell is a requirement id (`6.2.12`). */
export function tableRows(markdown: string): Row[] {
  const rows: Row[] = [];
  for (const line of markdown.split("\n")) {
    if (!/^\|\s*\d+\.\d+\.\d+\s*\|/.test(line)) continue;
    // A cell ends at a `|` that is not escaped; the outer pipes leave an empty first and last cell.
    const cells = line.split(/(?<!\\)\|/).slice(1, -1).map((cell) => cell.trim());
    const [id = "", level = "", , status = "", proof = ""] = cells;
    rows.push({ id, level, status, proof });
  }
  return rows;
}

/** The tests a cell names, each as `` `path/to/file.test.ts::title` ``. */
export function testRefs(cell: string): TestRef[] {
  return [...cell.matchAll(/`([^`\s]+\.test\.ts)::([^`]+)`/g)].map((m) => ({ file: m[1]!, title: m[2]! }));
}

function calleeRoot(expression: ts.Expression): string | undefined {
  if (ts.isIdentifier(expression)) return expression.text;
  if (ts.isPropertyAccessExpression(expression) || ts.isCallExpression(expression)) return calleeRoot(expression.expression);
  return undefined;
}

/**
 * The titles of a test file as written: the literal first argument of every `test`, `it` and
 * `describe` call, with modifiers and `.each(…)` (a template keeps its `${…}` as in the source).
 */
export function testTitles(source: string, fileName = "file.test.ts"): Set<string> {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const titles = new Set<string>();
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && ["test", "it", "describe"].includes(calleeRoot(node.expression) ?? "")) {
      const first = node.arguments[0];
      if (first && (ts.isStringLiteral(first) || ts.isNoSubstitutionTemplateLiteral(first))) titles.add(first.text);
      else if (first && ts.isTemplateExpression(first)) titles.add(first.getText(file).slice(1, -1));
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return titles;
}

/** GitHub's anchors for the headings of a Markdown document. */
export function headingAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  for (const match of markdown.matchAll(/^#{1,6}\s+(.+?)\s*$/gm)) {
    anchors.add(match[1]!.toLowerCase().replace(/[^\p{L}\p{N} _-]/gu, "").replace(/ /g, "-"));
  }
  return anchors;
}

/** What can be read from disk, passed in so that the checks can be tried on made-up tables. */
export interface Files { exists(path: string): boolean; read(path: string): string }

const disk: Files = { exists: existsSync, read: (path) => readFileSync(path, "utf8") };

/** Every problem of the table, as sentences naming the row; none means the page is sound. */
export function tableProblems(markdown: string, requirements: readonly Requirement[], files: Files = disk, tableFile = tablePath): string[] {
  const problems: string[] = [];
  const rows = tableRows(markdown);
  const byId = new Map(requirements.map((r) => [r.id, r]));
  const seen = new Map<string, number>();
  const titlesOf = new Map<string, Set<string>>();

  for (const row of rows) {
    seen.set(row.id, (seen.get(row.id) ?? 0) + 1);
    const requirement = byId.get(row.id);
    if (!requirement) problems.push(`${row.id}: not a requirement of these chapters`);
    else if (row.level !== String(requirement.level)) problems.push(`${row.id}: level ${row.level}, the standard says ${requirement.level}`);
    if (!statuses.includes(row.status as Status)) problems.push(`${row.id}: unknown status "${row.status}"`);

    const refs = testRefs(row.proof);
    if (row.status === "test" && refs.length === 0) problems.push(`${row.id}: status test names no test`);
    if ((row.status === "n/a" || row.status === "gap") && row.proof.length < 10) problems.push(`${row.id}: ${row.status} without a reason`);
    for (const { file, title } of refs) {
      const path = resolve(repoRoot, file);
      if (!files.exists(path)) {
        problems.push(`${row.id}: ${file} does not exist`);
        continue;
      }
      if (!titlesOf.has(path)) titlesOf.set(path, testTitles(files.read(path), path));
      if (!titlesOf.get(path)!.has(title)) problems.push(`${row.id}: ${file} has no test titled "${title}"`);
    }

    const links = [...row.proof.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]!).filter((href) => !/^[a-z]+:/i.test(href));
    if (row.status === "documented" && links.length === 0) problems.push(`${row.id}: documented without a link`);
    for (const href of links) {
      const [target = "", anchor] = href.split("#");
      const path = target ? resolve(dirname(tableFile), target) : tableFile;
      const text = target ? (files.exists(path) ? files.read(path) : undefined) : markdown;
      if (text === undefined) problems.push(`${row.id}: link ${href} leads to no file`);
      else if (anchor && !headingAnchors(text).has(anchor)) problems.push(`${row.id}: link ${href} leads to no heading`);
    }
  }
  for (const requirement of requirements) {
    const count = seen.get(requirement.id) ?? 0;
    if (count !== 1) problems.push(`${requirement.id}: ${count} rows`);
  }
  return problems;
}

function requirementsOf(json: string): Requirement[] {
  const parsed = JSON.parse(json) as { chapters: { requirements: Requirement[] }[] };
  return parsed.chapters.flatMap((chapter) => chapter.requirements);
}

describe("docs/security/asvs.md", () => {
  const requirements = requirementsOf(readFileSync(requirementsPath, "utf8"));

  test("the requirement list holds chapters V6, V7, V9 and V10 of ASVS 5.0.0 (109 requirements)", () => {
    expect(requirements).toHaveLength(109);
    expect(new Set(requirements.map((r) => r.id.split(".")[0]))).toEqual(new Set(["6", "7", "9", "10"]));
  });

  test("every requirement has one row with its level, and every named test and link exists", () => {
    expect(tableProblems(readFileSync(tablePath, "utf8"), requirements)).toEqual([]);
  });
});

describe("the table's checks", () => {
  const requirements: Requirement[] = [{ id: "6.2.1", level: 1 }, { id: "6.2.2", level: 1 }];
  const here = fileURLToPath(import.meta.url);
  const self = "packages/core/test/asvs-table.test.ts";
  const row = (id: string, level: string, status: string, proof: string) => `| ${id} | ${level} | asks | ${status} | ${proof} |`;
  const check = (...rows: string[]) => tableProblems(rows.join("\n"), requirements, disk, here);
  const real = `\`${self}::the table's checks\``;

  test("a sound table passes", () => {
    expect(check(row("6.2.1", "1", "test", real), row("6.2.2", "1", "n/a", "Latch has nothing of the kind."))).toEqual([]);
  });

  test("a missing, repeated or unknown id, or a wrong level, is reported", () => {
    expect(check(row("6.2.1", "2", "test", real), row("6.2.1", "1", "test", real), row("6.9.9", "1", "gap", "nothing yet here"))).toEqual([
      "6.2.1: level 2, the standard says 1",
      "6.9.9: not a requirement of these chapters",
      "6.2.1: 2 rows",
      "6.2.2: 0 rows",
    ]);
  });

  test("a test file that does not exist, or a title it does not have, is reported", () => {
    expect(check(row("6.2.1", "1", "test", "`packages/core/test/no-such-file.test.ts::anything`"), row("6.2.2", "1", "test", `\`${self}::a title nobody wrote\``))).toEqual([
      "6.2.1: packages/core/test/no-such-file.test.ts does not exist",
      `6.2.2: ${self} has no test titled "a title nobody wrote"`,
    ]);
  });

  test("a test row without a test, a gap without a reason, an unknown status and a dead link are reported", () => {
    expect(check(row("6.2.1", "1", "test", "see the README"), row("6.2.2", "1", "gap", ""))).toEqual(["6.2.1: status test names no test", "6.2.2: gap without a reason"]);
    expect(check(row("6.2.1", "1", "done", real), row("6.2.2", "1", "documented", "[here](#no-such-heading), [there](missing.md)"))).toEqual([
      '6.2.1: unknown status "done"',
      "6.2.2: link #no-such-heading leads to no heading",
      "6.2.2: link missing.md leads to no file",
    ]);
  });

  test("titles are read as written: modifiers, .each, templates and describe blocks", () => {
    const source = [
      'test("plain", () => {});',
      "it.skip('single quotes', () => {});",
      'test.each([[1], [2]])("%s is refused", () => {});',
      "describe.each([\"jwt\"])(\"with %s sessions\", () => { it(`a ${kind} case`, () => {}); });",
      'expect("not a title").toBe("x");',
      "testTitles(\"not one either\");",
    ].join("\n");
    expect(testTitles(source)).toEqual(new Set(["plain", "single quotes", "%s is refused", "with %s sessions", "a ${kind} case"]));
  });
});
