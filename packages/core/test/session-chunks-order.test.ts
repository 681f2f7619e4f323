/**
 * Reading and rewriting a chunked JWT session cookie through `Auth()` when the browser sends the
 * chunks in another order, more than ten of them, beside unrelated cookies whose names end in a
 * number: the session still reads, and a rewrite expires only the session's own chunks.
 */
import { describe, expect, it } from "vitest";
import { Client, alice, baseConfig, parseSetCookies } from "./client.js";

const cookieName = "authjs.session-token";
const big = "y".repeat(45_000);
const config = () =>
  baseConfig({
    session: { updateAge: 0 },
    callbacks: {
      jwt: ({ token, user }) => (user ? { ...token, big } : token),
      session: ({ session, token }) => ({ ...session, bigLength: String(token?.big ?? "").length }),
    },
  });

/** Signs in and returns the client with the chunk cookies, in the order the server wrote them. */
async function signedIn() {
  const client = new Client(config());
  await client.signIn();
  const chunks = [...client.jar].filter(([name]) => name.startsWith(`${cookieName}.`));
  return { client, chunks };
}

async function sessionWith(client: Client, cookie: string) {
  const response = await client.fetch("/auth/session", { headers: { cookie } });
  return { response, body: (await response.json()) as { user?: { email?: string }; bigLength?: number } | null };
}

describe("chunked session cookie, as browsers may send it", () => {
  it("more than ten chunks sent in reverse order still read as the session", async () => {
    const { client, chunks } = await signedIn();
    expect(chunks.length).toBeGreaterThan(10);
    const reversed = [...chunks].reverse().map(([n, v]) => `${n}=${v}`).join("; ");
    const { body } = await sessionWith(client, reversed);
    expect(body).toMatchObject({ user: { email: alice.email }, bigLength: big.length });
  });

  it("chunks shuffled among unrelated cookies whose names end in a number still read", async () => {
    const { client, chunks } = await signedIn();
    const shuffled = [chunks[3]!, chunks[0]!, ["theme.1", "dark"], ...chunks.slice(4), ["x.0", "junk"], chunks[2]!, chunks[1]!];
    const { body } = await sessionWith(client, shuffled.map(([n, v]) => `${n}=${v}`).join("; "));
    expect(body).toMatchObject({ user: { email: alice.email }, bigLength: big.length });
  });

  it("a rewrite of the session cookie expires none of the other cookies the request carried", async () => {
    const { client, chunks } = await signedIn();
    const header = [["theme.1", "dark"], ["authjs.csrf-token", "abc%7Cdef"], ["other", "1"], ...chunks].map(([n, v]) => `${n}=${v}`).join("; ");
    const { response, body } = await sessionWith(client, header);
    expect(body).toMatchObject({ user: { email: alice.email } });
    const written = parseSetCookies(response).map((c) => c.name);
    expect(written.length).toBeGreaterThan(0);
    for (const name of written) expect(name.startsWith(cookieName)).toBe(true);
  });
});
