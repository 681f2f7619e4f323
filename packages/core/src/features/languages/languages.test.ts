/**
 * The shipped catalogues, checked at run time (the types check them at compile time, see
 * languages.test-d.ts): every language has exactly English's keys, each sentence is non-empty
 * text with the same placeholders as English, the index lists every language file, and the
 * table of the site's languages guide (docs/site/guides/languages.md) is this list.
 */
import { readFileSync, readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import en from "./en.js";
import { languages } from "./index.js";

const placeholders = (sentence: string) => [...sentence.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
const englishKeys = Object.keys(en.messages).sort();
const dir = fileURLToPath(new URL(".", import.meta.url));

describe("the shipped languages", () => {
  it("are at least twelve besides English, one of them right to left, each tag once", () => {
    const codes = languages.map((l) => l.code);
    expect(new Set(codes).size).toBe(codes.length);
    expect(codes.filter((c) => c !== "en").length).toBeGreaterThanOrEqual(12);
    expect(languages.filter((l) => l.dir === "rtl").map((l) => l.code)).toEqual(expect.arrayContaining(["ar", "he"]));
  });

  it("are every file of this folder, each named by its tag", () => {
    const files = readdirSync(dir).filter((f) => /^[a-z]{2,3}(-[A-Za-z0-9]+)*\.ts$/.test(f)).map((f) => f.replace(/\.ts$/, ""));
    expect(languages.map((l) => l.code).sort()).toEqual(files.sort());
  });

  describe.each(languages.map((l) => [l.code, l] as const))("%s", (_code, language) => {
    it("has every key English has, and no other", () => {
      expect(Object.keys(language.messages).sort()).toEqual(englishKeys);
    });

    it("has a non-empty sentence for each key, without markup, with English's placeholders", () => {
      for (const key of englishKeys) {
        const sentence = (language.messages as unknown as Record<string, unknown>)[key];
        expect(typeof sentence, key).toBe("string");
        expect((sentence as string).trim(), key).not.toBe("");
        expect(sentence, key).not.toMatch(/[<>]/);
        expect(placeholders(sentence as string), key).toEqual(placeholders((en.messages as unknown as Record<string, string>)[key]!));
      }
    });

    it("is a translation: its sentences are not English's", () => {
      if (language.code === "en") return;
      const same = englishKeys.filter((key) => (language.messages as unknown as Record<string, string>)[key] === (en.messages as unknown as Record<string, string>)[key]);
      // Placeholder addresses (you@example.com) may stay as they are; sentences may not.
      expect(same.filter((key) => key !== "signInEmailPlaceholder")).toEqual([]);
    });

    it("names itself and declares its direction", () => {
      expect(language.name).not.toBe("");
      expect(["ltr", "rtl"]).toContain(language.dir);
    });
  });
});

describe("the languages guide's table", () => {
  it("is the list of shipped languages: tag, name and direction, in the same order", () => {
    const guide = readFileSync(fileURLToPath(new URL("../../../../../docs/site/guides/languages.md", import.meta.url)), "utf8");
    const start = guide.indexOf("\n## Shipped languages\n");
    expect(start).toBeGreaterThan(-1);
    const next = guide.indexOf("\n## ", start + 1);
    const section = guide.slice(start, next === -1 ? undefined : next);
    const rows = [...section.matchAll(/^\| `([^`]+)` \| ([^|]+) \| (ltr|rtl) \|$/gm)].map((m) => [m[1], m[2]!.trim(), m[3]]);
    expect(rows).toEqual(languages.map((l) => [l.code, l.name, l.dir]));
  });
});
