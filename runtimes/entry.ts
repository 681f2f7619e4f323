// Entry for runtimes with a process (Node, Bun, Deno): prints the check lines.
import { report } from "./report.js";

await report((line) => console.log(line));
