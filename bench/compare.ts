/**
 * Latch against Auth.js on the same inputs: each section measures operations of every
 * implementation in the same interleaved rounds and reports the ratio Latch ÷ Auth.js.
 */
import type { Contender } from "./contender.js";
import { sharedInputs, type Endpoint, type Inputs } from "./agreement.js";
import { claims, maxAge, secret, sessionCookie } from "./fixtures.js";
import { hotPaths } from "./hot-paths.js";
import type { HotPath, SummaryRow } from "./summary.js";
import { measure, rate } from "./measure.js";

interface Operation {
  /** What is measured, as shown in the summary. */
  what: string;
  run: (c: Contender) => () => Promise<unknown>;
  /** The endpoint whose Set-Cookie to show, for HTTP operations. */
  endpoint?: Endpoint;
}

const caseName = (op: Operation, c: Contender) => `${op.what}: ${c.name}`;

async function section(title: string, ops: Operation[], contenders: Contender[], inputs: Inputs): Promise<SummaryRow[]> {
  const results = await measure(ops.flatMap((op) => contenders.map((c) => ({ name: caseName(op, c), run: op.run(c) }))));
  console.log(`\n${title}`);
  const rows: SummaryRow[] = [];
  for (const op of ops) {
    console.log(`  ${op.what}`);
    const sets = (c: Contender) => (op.endpoint ? inputs.setCookies.get(c.name)![op.endpoint].join(", ") || "none" : undefined);
    for (const c of contenders) {
      const cookies = sets(c);
      console.log(`    ${c.name.padEnd(8)} ${rate(results.get(caseName(op, c))!)}${cookies ? `  Set-Cookie: ${cookies}` : ""}`);
    }
    const [latch, authjs] = contenders;
    if (!latch || !authjs) continue;
    const row: SummaryRow = { what: op.what, latch: results.get(caseName(op, latch))!, authjs: results.get(caseName(op, authjs))! };
    if (op.endpoint) row.setCookies = `${sets(latch)} | ${sets(authjs)}`;
    console.log(`    Latch ÷ Auth.js = ${(row.latch / row.authjs).toFixed(2)}x`);
    rows.push(row);
  }
  return rows;
}

/** What {@link compare} measured, and the session cookie it measured with. */
export interface Comparison {
  rows: SummaryRow[];
  /** Every hot path next to its floor. */
  hot: HotPath[];
  /** `authjs.session-token=<token>` of a browser Latch signed in. */
  session: string;
  /** The session token alone. */
  token: string;
}

/** Measures Latch and, when given, Auth.js; returns the rows of the final summary. */
export async function compare(contenders: Contender[]): Promise<Comparison> {
  const inputs = await sharedInputs(contenders);
  console.log(
    `\nSame inputs for ${contenders.map((c) => c.name).join(" and ")}: the cookies of a browser signed in by Latch` +
      (contenders.length > 1 ? "; both read them and return the same user and CSRF token (checked)." : "."),
  );
  const rows: SummaryRow[] = [];
  const hot = await hotPaths(contenders, inputs);
  rows.push(...hot.rows);
  console.log(`  Set-Cookie of GET /session, GET /csrf, sign-in (Latch | Auth.js): ${contenders.map((c) => Object.values(inputs.setCookies.get(c.name)!).map((names) => names.join(", ") || "none").join(" / ")).join(" | ")}`);
  rows.push(...(await section("Session token (jwt module)", [
    { what: "encode a session token", run: (c) => () => c.encode({ token: claims, secret, salt: sessionCookie, maxAge }) },
    { what: "decode a session token", run: (c) => () => c.decode({ token: inputs.token, secret, salt: sessionCookie }) },
  ], contenders, inputs)));
  return { rows, hot: hot.paths, session: inputs.session, token: inputs.token };
}
