/**
 * Module augmentation of `Session`, `User`, `JWT` and `AdapterUser`, written as Auth.js apps write
 * it, reaches `getSession`, the `jwt`/`session` callbacks and the adapters (`@latch/typeorm`,
 * `@latch/pg`); code that breaks the augmented types does not compile. Each fixture is its own
 * TypeScript program, so that its augmentation reaches nothing else.
 */
import { describe, expect, test } from "vitest";
import { compile } from "./types/compile.js";
import { app, augmentation, refused } from "./types/fixtures.js";

describe("module augmentation", () => {
  test("an app using the augmented fields everywhere compiles", () => {
    expect(compile("augmented-app", `${augmentation}\n${app}`)).toEqual([]);
  }, 120_000);

  for (const fixture of refused) {
    test(`refused: ${fixture.why}`, () => {
      const diagnostics = compile(fixture.name, fixture.source);
      expect(diagnostics.length, JSON.stringify(diagnostics)).toBeGreaterThan(0);
      expect(diagnostics.some((d) => d.code === fixture.code && fixture.message.test(d.message)), JSON.stringify(diagnostics, null, 1)).toBe(true);
    }, 120_000);
  }
});
