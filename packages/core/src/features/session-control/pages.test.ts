import { describe, expect, test } from "vitest";
import { renderSessionsPage } from "./pages.js";

const props = {
  csrfToken: "a".repeat(64),
  action: "https://app.example/auth/sessions/revoke",
  callbackUrl: "https://app.example/",
  theme: {},
};

describe("renderSessionsPage", () => {
  test("lists each session; the current one has no end button; others and all have their forms", () => {
    const { status, html } = renderSessionsPage({
      ...props,
      sessions: [
        { id: "1", userAgent: "Firefox 128 on Linux", createdAt: new Date("2026-11-23T10:00:00Z"), lastSeenAt: null, ip: null, current: true },
        { id: "2", userAgent: "Safari 17 on iOS", createdAt: null, lastSeenAt: new Date("2026-11-23T11:30:00Z"), ip: "203.0.113.9", current: false },
      ],
    });
    expect(status).toBe(200);
    expect(html).toContain("Firefox 128 on Linux</strong> (this browser)");
    // The pages' one date format: Intl in the page's language, in UTC.
    expect(html).toContain("Signed in November 23, 2026 at 10:00 AM UTC");
    expect(html).toContain("last active November 23, 2026 at 11:30 AM UTC · 203.0.113.9");
    expect(html.match(/name="id" value="([^"]+)"/g)).toEqual(['name="id" value="2"']);
    expect(html).toContain('name="others" value="true"');
    expect(html).toContain('name="all" value="true"');
    expect(html.match(/name="csrfToken" value="a{64}"/g)).toHaveLength(3);
  });

  test("dates follow the page's language", async () => {
    const { pageLanguage } = await import("../../pages/language.js");
    const de = (await import("../languages/de.js")).default;
    const { html } = renderSessionsPage({
      ...props,
      language: pageLanguage(de),
      sessions: [{ id: "1", userAgent: null, createdAt: new Date("2026-11-23T10:00:00Z"), lastSeenAt: null, ip: null, current: true }],
    });
    expect(html).toContain("23. November 2026 um 10:00 UTC");
  });

  test("a user agent or id with markup is escaped", () => {
    const { html } = renderSessionsPage({
      ...props,
      sessions: [{ id: '"><script>x()</script>', userAgent: "<img src=x onerror=alert(1)>", createdAt: null, lastSeenAt: null, ip: null, current: false }],
    });
    expect(html).not.toContain("<script>x()");
    expect(html).not.toContain("<img src=x");
    expect(html).toContain("&lt;img src=x onerror=alert(1)&gt;");
  });

  test("the plugins' pages of the account are linked after the buttons, escaped; none, no list", () => {
    const session = { id: "1", userAgent: null, createdAt: null, lastSeenAt: null, ip: null, current: true };
    const { html } = renderSessionsPage({ ...props, sessions: [session], accountPages: [{ href: "/auth/oauth2/grants", label: "Apps <with> access" }] });
    expect(html).toMatch(/name="all" value="true"[\s\S]*<ul class="account-pages">\n<li><a href="\/auth\/oauth2\/grants">Apps &lt;with&gt; access<\/a><\/li>/);
    expect(renderSessionsPage({ ...props, sessions: [session] }).html).not.toContain('class="account-pages"');
  });
});
