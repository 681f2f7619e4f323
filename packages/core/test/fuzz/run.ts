/**
 * One fuzzing run: `numRuns` generated requests sent one at a time (so that each database change
 * and adapter write belongs to one request), each checked by `findingsOf`. Unhandled rejections
 * during the run are findings too. Returns the counts and the first example of each finding.
 */
import fc from "fast-check";
import { fuzzRequest, type FuzzRequest } from "./arbitraries.js";
import { findingsOf, isRefusal, type Answer, type FuzzTarget } from "./target.js";

export interface FuzzReport {
  via: "core" | "express";
  sent: number;
  /** Generated requests that could not be written (invalid header bytes and the like). */
  unsendable: number;
  refused: number;
  byStatus: Record<string, number>;
  /** Finding → the first request that showed it. */
  findings: Map<string, { req: FuzzRequest; status: number; body: string }>;
  unhandledRejections: string[];
  /** Requests that hit a known, reported bug (see {@link KnownBug}), by its name. */
  known: Record<string, number>;
}

/** A bug already reported elsewhere: its findings are counted under `name`, not as new findings. */
export interface KnownBug {
  name: string;
  matches(req: FuzzRequest, answer: Answer): boolean;
}

export async function fuzz(target: FuzzTarget, via: "core" | "express", numRuns: number, options: { seed?: number; known?: KnownBug[] } = {}): Promise<FuzzReport> {
  const report: FuzzReport = { via, sent: 0, unsendable: 0, refused: 0, byStatus: {}, findings: new Map(), unhandledRejections: [], known: {} };
  const onRejection = (reason: unknown) => report.unhandledRejections.push(String((reason as Error)?.message ?? reason));
  process.on("unhandledRejection", onRejection);
  try {
    await fc.assert(
      fc.asyncProperty(fuzzRequest(target.seeds, target.origin), async (req) => {
        const before = await target.rows();
        target.probe.reset();
        const answer = await (via === "core" ? target.core(req) : target.express(req));
        if (!answer) {
          report.unsendable++;
          return;
        }
        report.sent++;
        const refused = isRefusal(answer);
        if (refused) report.refused++;
        report.byStatus[answer.status] = (report.byStatus[answer.status] ?? 0) + 1;
        const writes = target.probe.writes().map((call) => call.method);
        const bug = options.known?.find((known) => known.matches(req, answer));
        if (bug) {
          report.known[bug.name] = (report.known[bug.name] ?? 0) + 1;
          return;
        }
        for (const finding of findingsOf(req, answer, before, await target.rows(), writes)) {
          const key = `${finding} [${req.method} ${req.target.replace(/\?.*/, "")} → ${answer.status}]`;
          if (!report.findings.has(key)) report.findings.set(key, { req, status: answer.status, body: answer.body.slice(0, 300) });
        }
      }),
      { numRuns, seed: options.seed, endOnFailure: false },
    );
    // Rejections surface on a later tick.
    await new Promise((resolve) => setTimeout(resolve, 50));
  } finally {
    process.off("unhandledRejection", onRejection);
  }
  return report;
}

/** A few lines for a person: counts by status, refusals, and each finding with its request. */
export function describeReport(report: FuzzReport): string {
  const lines = [
    `${report.via}: ${report.sent} requests (${report.unsendable} not sendable), ${report.refused} refused, by status ${JSON.stringify(report.byStatus)}`,
    `${report.via}: ${report.findings.size} findings, ${report.unhandledRejections.length} unhandled rejections`,
  ];
  for (const [name, n] of Object.entries(report.known)) lines.push(`  known bug, ${n} requests: ${name}`);
  for (const [finding, { req, body }] of report.findings) lines.push(`  ${finding}\n    request: ${JSON.stringify(req).slice(0, 600)}\n    answer: ${JSON.stringify(body)}`);
  for (const reason of report.unhandledRejections.slice(0, 5)) lines.push(`  unhandled rejection: ${reason}`);
  return lines.join("\n");
}
