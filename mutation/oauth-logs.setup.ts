/**
 * Set up before each OAuth suite when the mutation run narrows to them: the suites share the
 * harness's `logs` (one worker keeps modules between files), and some assert that a sign-in
 * logged nothing, so the lines another file left are dropped before each test.
 */
import { beforeEach } from "vitest";
import { logs } from "../packages/core/test/oauth/harness.js";

beforeEach(() => {
  logs.length = 0;
});
