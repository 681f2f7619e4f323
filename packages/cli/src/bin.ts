#!/usr/bin/env node
import { writer } from "./output.js";
import { run } from "./run.js";

// A reader that stops early (`latch migrate plan | head`) closes the pipe: that is the end of the
// output, not an error to report.
for (const stream of [process.stdout, process.stderr]) {
  stream.on("error", (error: NodeJS.ErrnoException) => {
    if (error.code === "EPIPE") process.exit(0);
    throw error;
  });
}

const code = await run(process.argv.slice(2), { out: writer(process.stdout), err: writer(process.stderr), env: process.env, cwd: process.cwd() });
// Exit once the output is written, also when the app's config module left something open
// (a database pool, a timer) that would keep the process alive.
process.stdout.write("", () => process.stderr.write("", () => process.exit(code)));
