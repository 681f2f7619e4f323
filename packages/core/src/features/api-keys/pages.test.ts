import { describe, expect, test } from "vitest";
import { pageLanguage } from "../../pages/language.js";
import de from "../languages/de.js";
import { renderApiKeysPage } from "./pages.js";

const key = {
  id: "0123456789abcdef",
  name: "Deploy bot",
  owner: { type: "user" as const, id: "u1" },
  scopes: ["deploy", "orders:read"],
  createdAt: new Date("2026-11-23T10:00:00Z"),
  expires: null,
  lastUsedAt: null,
};
const props = { keys: [key], prefix: "acme", csrfToken: "a".repeat(64), action: "https://app.example/auth/api-keys", callbackUrl: "https://app.example/", theme: {} };

describe("renderApiKeysPage", () => {
  test("lists each key by name and public part with its revoke form; the create form; every form with the CSRF token", () => {
    const { status, html } = renderApiKeysPage(props);
    expect(status).toBe(200);
    expect(html).toContain("<strong>Deploy bot</strong>");
    expect(html).toContain("acme_0123456789abcdef_…");
    expect(html).toContain("Scopes: deploy, orders:read");
    expect(html).toContain("Created November 23, 2026 at 10:00 AM UTC · does not expire · not used yet");
    expect(html).toContain('action="https://app.example/auth/api-keys/revoke"');
    expect(html).toContain('name="id" value="0123456789abcdef"');
    expect(html).toContain('action="https://app.example/auth/api-keys/create"');
    expect(html.match(/name="csrfToken" value="a{64}"/g)).toHaveLength(2);
    expect(html).toContain('<input id="api-key-scopes" name="scopes"');
    // With keys listed the create form is folded; without any it is open.
    expect(html).toContain('<details class="create"><summary>');
    expect(renderApiKeysPage({ ...props, keys: [] }).html).toContain('<details class="create" open>');
  });

  test("configured scopes are checkboxes, one field name each", () => {
    const { html } = renderApiKeysPage({ ...props, scopes: ["deploy", "orders:read"] });
    expect(html).toContain('name="scope.0" value="deploy"');
    expect(html).toContain('name="scope.1" value="orders:read"');
    expect(html).not.toContain('name="scopes"');
  });

  test("a new key is shown with the copy-it-now notice; a refusal and a revocation have theirs", () => {
    const made = renderApiKeysPage({ ...props, notice: { created: "acme_0123456789abcdef_secret" } }).html;
    expect(made).toContain("Copy your new key now");
    expect(made).toContain('<code id="new-api-key" dir="ltr">acme_0123456789abcdef_secret</code>');
    expect(renderApiKeysPage(props).html).not.toContain("new-api-key");
    expect(renderApiKeysPage({ ...props, notice: { invalid: true } }).html).toContain('role="alert"');
    expect(renderApiKeysPage({ ...props, notice: { revoked: true } }).html).toContain("The key was revoked");
  });

  test("speaks the page's language, dates included", () => {
    const { html } = renderApiKeysPage({ ...props, language: pageLanguage(de) });
    expect(html).toContain("<h1>API-Schlüssel</h1>");
    expect(html).toContain("Erstellt 23. November 2026 um 10:00 UTC");
  });

  test("a name or scope with markup is escaped", () => {
    const { html } = renderApiKeysPage({ ...props, keys: [{ ...key, name: "<img src=x onerror=alert(1)>", scopes: ['"><script>x()</script>'] }] });
    expect(html).not.toContain("<img src=x");
    expect(html).not.toContain("<script>x()");
    expect(html).toContain("&lt;img src=x onerror=alert(1)&gt;");
  });
});
