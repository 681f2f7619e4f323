#!/usr/bin/env node
import { writer } from "./output.js";
import { run } from "./run.js";

process.exitCode = await run(process.argv.slice(2), { out: writer(process.stdout), err: writer(process.stderr), env: process.env, cwd: process.cwd() });
