/** Runs the demo's curl lines as a terminal does: bash, curl, sed, each line once, in order. */
import { execFile } from "node:child_process";
import { promisify } from "node:util";

const run = promisify(execFile);
const assignment = /^([A-Z_]+)=\$\((.*)\)$/;

/**
 * Runs the lines in order in bash, each command on its own, the variables they assign kept for
 * the next (and left in `variables`): the outputs of the others, in order.
 */
export async function runLines(lines: string[], variables: Record<string, string> = {}): Promise<string[]> {
  const outputs: string[] = [];
  for (const line of lines.filter((text) => !text.startsWith("#"))) {
    const assigned = assignment.exec(line);
    const script = assigned ? `${line}\nprintf %s "$${assigned[1]}"` : line;
    const { stdout } = await run("bash", ["-euc", script], { env: { PATH: process.env.PATH, ...variables } });
    if (assigned) variables[assigned[1]!] = stdout;
    else outputs.push(stdout);
  }
  return outputs;
}
