/**
 * The Chromium scenario of an example app's organization area, the same for every framework:
 * the owner makes an organization and invites the member with the built-in pages, the member
 * opens the mailed link in a browser of their own, accepts, and switches to the organization
 * with the framework's client; the example's owner-only page refuses the member and serves the
 * owner; the owner, a site administrator (`Admin()`), bans the member, whose browser is signed
 * out at its next request.
 */
import type { Browser, BrowserContext, Page } from "playwright-core";

/** Options of {@link organizationScenario}. */
export interface OrganizationScenarioOptions {
  /** The app's origin, such as `http://127.0.0.1:3000` (read when the first step runs: a getter may give it once the app started). */
  origin: string;
  /** Where the app serves Latch, such as `/auth`. */
  basePath: string;
  /** A credentials user who makes the organization; a site administrator of the app (`Admin({ adminUserIds })`). */
  owner: { email: string; password: string };
  /** Another credentials user, whose address is proven (accepting proves it otherwise, and ends the session that accepts). */
  member: { email: string; password: string };
  /**
   * The example's organization area: `[data-organization="<slug>"]` for each of the user's
   * organizations, `#active-organization` holding the active one's slug (`none` without one), and
   * a `button[data-switch="<slug>"]` that makes one active with the framework's client.
   */
  areaPath: string;
  /** The example's page for owners of the active organization: `#owner-area` for an owner; status 403 and `#owner-refused` for anyone else. */
  ownerPath: string;
  /** The mail the app sent to `to` (the testing SMTP server's `waitForMail`). */
  waitForMail(query: { to: string }): Promise<{ urls: string[] }>;
}

/** One step of {@link organizationScenario}. */
export interface OrganizationStep {
  readonly name: string;
  run(browser: Browser): Promise<void>;
}

function fail(message: string): never {
  throw new Error(message);
}

/**
 * The organization scenario as steps that run in order, each browser (owner, member) a context of
 * its own kept across the steps; `close` ends them.
 *
 * @example
 * ```ts
 * const scenario = organizationScenario({ origin, basePath: "/auth", owner, member, areaPath: "/organizations", ownerPath: "/organizations/owner", waitForMail: (q) => smtp.waitForMail(q) })
 * for (const step of scenario.steps) it(step.name, () => step.run(browser))
 * afterAll(() => scenario.close())
 * ```
 */
export function organizationScenario(options: OrganizationScenarioOptions): { steps: OrganizationStep[]; close(): Promise<void> } {
  const { owner, member } = options;
  // Read when a step runs: an app's origin is often known only once it has started.
  let origin = "";
  let auth = "";
  const slug = `acme-${Math.random().toString(36).slice(2, 8)}`;
  const contexts = new Map<string, BrowserContext>();
  let owned: Page | undefined;
  let joined: Page | undefined;
  let organizationId = "";
  let inviteLink = "";

  /** A context of `who`'s own, signed in with the credentials provider (the form's POST, with the page's Origin as a browser sends it). */
  async function signedIn(browser: Browser, who: { email: string; password: string }): Promise<Page> {
    const context = await browser.newContext();
    contexts.set(who.email, context);
    const page = await context.newPage();
    const { csrfToken } = (await (await page.request.get(`${auth}/csrf`)).json()) as { csrfToken: string };
    await page.request.post(`${auth}/callback/credentials`, { form: { csrfToken, email: who.email, password: who.password, callbackUrl: `${origin}/` }, headers: { origin }, maxRedirects: 0 });
    const session = (await (await page.request.get(`${auth}/session`)).json()) as { user?: { email?: string } } | null;
    if (session?.user?.email !== who.email) fail(`${who.email} could not sign in: the session is ${JSON.stringify(session)}`);
    return page;
  }

  /**
   * Makes `slug` active with the example's own button (the framework's client), and waits for the
   * area to show it. A click that lands before the page's script is running does nothing, and
   * switching is idempotent, so the button is pressed again (at most three times) until it shows.
   */
  async function switchTo(page: Page): Promise<void> {
    await page.goto(`${origin}${options.areaPath}`);
    await page.locator(`[data-organization="${slug}"]`).waitFor({ timeout: 10_000 });
    const shown = () => page.waitForFunction((wanted) => document.querySelector("#active-organization")?.textContent?.trim() === wanted, slug, { timeout: 4_000 }).then(() => true, () => false);
    for (let press = 0; press < 3; press++) {
      await page.locator(`button[data-switch="${slug}"]`).click();
      if (await shown()) return;
    }
    fail(`the area never showed ${slug} as the active organization`);
  }

  const steps: OrganizationStep[] = [
    {
      name: "the owner makes an organization and invites the member with the built-in pages; the invitation is mailed",
      async run(browser) {
        origin = options.origin;
        auth = `${origin}${options.basePath}`;
        owned = await signedIn(browser, owner);
        await owned.goto(`${auth}/organizations`);
        await owned.locator("#organization-name").fill("Acme Labs");
        await owned.locator("#organization-slug").fill(slug);
        await owned.locator(`form[action$="/organizations/create"] button[type=submit]`).click();
        await owned.waitForURL(/[?&]done=created/, { timeout: 10_000 });
        const invitations = owned.locator(`[data-organization="${slug}"] a[href*="/organizations/invitations?"]`);
        organizationId = new URL((await invitations.getAttribute("href"))!, origin).searchParams.get("organizationId") ?? fail("the switcher links no invitations page");
        await invitations.click();
        await owned.locator("#invitation-email").fill(member.email);
        await owned.locator(`form[action$="/organizations/invitations/create"] button[type=submit]`).click();
        await owned.waitForURL(/[?&]done=invited/, { timeout: 10_000 });
        await owned.locator(`[data-invitation="${member.email}"]`).waitFor({ timeout: 10_000 });
        const mail = await options.waitForMail({ to: member.email });
        inviteLink = mail.urls.find((url) => url.includes("/organizations/invitations/accept")) ?? fail("the invitation mail holds no accept link");
        if (!inviteLink.startsWith(auth)) fail(`the accept link ${inviteLink} is not under ${auth}`);
      },
    },
    {
      name: "the member opens the mailed link in a browser of their own, accepts, and switches to the organization with the framework's client",
      async run(browser) {
        joined = await signedIn(browser, member);
        await joined.goto(inviteLink);
        await joined.locator(`form[action$="/organizations/invitations/accept"] button[type=submit]`).click();
        await joined.waitForURL(/[?&]done=joined/, { timeout: 10_000 });
        await switchTo(joined);
        const session = (await (await joined.request.get(`${auth}/session`)).json()) as { organization?: { id: string; role: string } | null };
        if (session.organization?.id !== organizationId || session.organization.role !== "member") fail(`the member's session carries ${JSON.stringify(session.organization)}`);
      },
    },
    {
      name: "the owner's page refuses the member and serves the owner",
      async run() {
        const refused = await joined!.goto(`${origin}${options.ownerPath}`);
        if (refused?.status() !== 403) fail(`the owner's page answered the member ${refused?.status()}`);
        await joined!.locator("#owner-refused").waitFor({ timeout: 10_000 });
        if (await joined!.locator("#owner-area").count()) fail("the owner's page showed its content to the member");
        await switchTo(owned!);
        const served = await owned!.goto(`${origin}${options.ownerPath}`);
        if (served?.status() !== 200) fail(`the owner's page answered the owner ${served?.status()}`);
        await owned!.locator("#owner-area").waitFor({ timeout: 10_000 });
      },
    },
    {
      name: "the administrator bans the member: the member's browser is signed out at its next request",
      async run() {
        const { members } = (await (await owned!.request.get(`${auth}/organizations/members?organizationId=${organizationId}`)).json()) as { members: { userId: string; email: string | null }[] };
        const target = members.find((m) => m.email === member.email) ?? fail("the member is not listed");
        const { csrfToken } = (await (await owned!.request.get(`${auth}/csrf`)).json()) as { csrfToken: string };
        const ban = await owned!.request.post(`${auth}/admin/ban`, { data: { csrfToken, userId: target.userId }, headers: { origin } });
        if (ban.status() !== 200) fail(`the ban answered ${ban.status()}: ${await ban.text()}`);
        await joined!.goto(`${origin}${options.areaPath}`);
        if (new URL(joined!.url()).pathname === options.areaPath) fail("the banned member still reaches the organization area");
        const session = await (await joined!.request.get(`${auth}/session`)).json();
        if (session && Object.keys(session as object).length) fail(`the banned member still has a session: ${JSON.stringify(session)}`);
        // The administrator's own session goes on.
        const still = (await (await owned!.request.get(`${auth}/session`)).json()) as { user?: { email?: string } } | null;
        if (still?.user?.email !== owner.email) fail("the ban ended the administrator's session too");
      },
    },
  ];
  return {
    steps,
    async close() {
      for (const context of contexts.values()) await context.close().catch(() => {});
    },
  };
}
