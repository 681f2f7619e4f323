import { describe, expect, test } from "vitest";
import { summarizeUserAgent } from "./user-agent.js";

describe("summarizeUserAgent", () => {
  test.each([
    ["Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0", "Firefox 128 on Linux"],
    ["Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36", "Chrome 120 on Windows"],
    ["Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 Edg/120.0.2210.91", "Edge 120 on Windows"],
    ["Mozilla/5.0 (Macintosh; Intel Mac OS X 14_1) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Safari/605.1.15", "Safari 17 on macOS"],
    ["Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1", "Safari 17 on iOS"],
    ["Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.6099.144 Mobile Safari/537.36", "Chrome 120 on Android"],
    ["Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36", "Headless Chrome 131 on Linux"],
  ])("%s → %s", (header, summary) => {
    expect(summarizeUserAgent(header)).toBe(summary);
  });

  test("an unknown agent keeps at most 64 printable characters; none gives null", () => {
    expect(summarizeUserAgent(`curl/8.5.0 ${"x".repeat(100)}`)).toBe(`curl/8.5.0 ${"x".repeat(53)}`);
    expect(summarizeUserAgent("a\u0000b\nc\u00e9")).toBe("abc");
    expect(summarizeUserAgent("")).toBeNull();
    expect(summarizeUserAgent(null)).toBeNull();
    expect(summarizeUserAgent("\u0001\u0002")).toBeNull();
  });
});
