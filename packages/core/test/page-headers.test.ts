/**
 * Every page Latch renders carries the page security headers, and its Content-Security-Policy
 * allows exactly the inline scripts and styles the page holds (hashes computed here with
 * node:crypto, independently of Latch).
 */
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { Client, baseConfig } from "./client.js";

function inlineHashes(html: string, tag: "script" | "style"): string[] {
  const texts = [...html.matchAll(new RegExp(`<${tag}\\b[^>]*>([\\s\\S]*?)</${tag}>`, "gi"))].map((m) => m[1]!);
  return texts.map((text) => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`);
}

function directive(policy: string, name: string): string[] {
  const found = policy.split(";").map((d) => d.trim().split(/\s+/)).find(([n]) => n === name);
  return found ? found.slice(1) : [];
}

async function expectSecuredPage(response: Response): Promise<string> {
  expect(response.headers.get("content-type")).toMatch(/text\/html/);
  const html = await response.text();
  const policy = response.headers.get("content-security-policy") ?? "";
  expect(directive(policy, "default-src")).toEqual(["'none'"]);
  expect(directive(policy, "frame-ancestors")).toEqual(["'none'"]);
  expect(directive(policy, "base-uri")).toEqual(["'none'"]);
  const scripts = inlineHashes(html, "script");
  expect(directive(policy, "script-src").sort()).toEqual(scripts.length ? [...new Set(scripts)].sort() : ["'none'"]);
  expect(directive(policy, "style-src").sort()).toEqual([...new Set(inlineHashes(html, "style"))].sort());
  expect(policy).not.toMatch(/unsafe-inline|unsafe-eval/);
  expect(response.headers.get("x-frame-options")).toBe("DENY");
  expect(response.headers.get("referrer-policy")).toBe("same-origin");
  expect(response.headers.get("x-content-type-options")).toBe("nosniff");
  return html;
}

describe("page security headers", () => {
  const client = () => new Client(baseConfig());

  for (const path of ["/auth/signin", "/auth/signout", "/auth/error?error=AccessDenied", "/auth/error?error=Configuration", "/auth/verify-request?provider=x&type=email"]) {
    it(`GET ${path}`, async () => {
      await expectSecuredPage(await client().fetch(path));
    });
  }

  it("the configuration error page", async () => {
    const response = await new Client(baseConfig({ secret: undefined })).fetch("/auth/signin");
    expect(response.status).toBe(500);
    await expectSecuredPage(response);
  });

  it("JSON answers are not pages and carry no CSP", async () => {
    const response = await client().fetch("/auth/providers");
    expect(response.headers.get("content-security-policy")).toBeNull();
  });
});
