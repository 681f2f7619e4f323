/**
 * What the site-administration suites share: the people of their database, and a browser of each
 * (a cookie jar) talking to Latch over HTTP: the CSRF token, a credentials sign-in, a JSON POST.
 */
import type { Engine, LatchServer } from "../../access-tokens/test/harness.js";
import { Jar } from "../../access-tokens/test/harness.js";

/** A person of the suites' database: id, address, name; their password is "pw". */
export interface Person {
  readonly id: string;
  readonly email: string;
  readonly name: string;
}

/** The people of the suites: root, the configured administrator, and three users. */
export const people = {
  root: { id: "admin-1", email: "root@example.com", name: "Root" },
  bob: { id: "user-bob", email: "bob@example.com", name: "Bob" },
  carol: { id: "user-carol", email: "carol@example.com", name: "Carol" },
  dave: { id: "user-dave", email: "dave@example.com", name: "Dave" },
} as const satisfies Record<string, Person>;

/** The browsers of `people` on `latch`: one jar per person, made at their sign-in. */
export class Browsers<Name extends string> {
  readonly jars = new Map<Name, Jar>();
  constructor(
    private readonly latch: () => LatchServer,
    readonly people: Readonly<Record<Name, Person>>,
  ) {}

  /** `<origin>/auth/<path>`. */
  url(path: string): string {
    return `${this.latch().origin}/auth/${path}`;
  }

  /** The jar of `who` (an empty one before their sign-in). */
  jarOf(who: Name): Jar {
    return this.jars.get(who) ?? new Jar();
  }

  /** The CSRF token, its cookie kept in `jar`. */
  async csrfToken(jar: Jar): Promise<string> {
    const response = await fetch(this.url("csrf"), { headers: { cookie: jar.header() } });
    jar.keep(response);
    return ((await response.json()) as { csrfToken: string }).csrfToken;
  }

  /** Signs `who` in with credentials in a fresh jar; the answer (`json`: as a script asking for JSON). */
  async signInAnswer(who: Name, json = false): Promise<Response> {
    const jar = new Jar();
    this.jars.set(who, jar);
    const token = await this.csrfToken(jar);
    const response = await fetch(this.url("callback/credentials"), {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", cookie: jar.header(), ...(json && { "x-auth-return-redirect": "1" }) },
      body: new URLSearchParams({ csrfToken: token, email: this.people[who].email, password: "pw" }),
    });
    jar.keep(response);
    return response;
  }

  /** A JSON POST as `who` (`null`: nobody), with the CSRF token unless `withToken` is false. */
  async post(who: Name | null, path: string, body: Record<string, unknown>, init: { withToken?: boolean; accept?: string; json?: boolean } = {}): Promise<Response> {
    const jar = who ? this.jarOf(who) : new Jar();
    const token = init.withToken === false ? {} : { csrfToken: await this.csrfToken(jar) };
    return fetch(this.url(path), {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/json", cookie: jar.header(), ...(init.accept && { accept: init.accept }), ...(init.json && { "x-auth-return-redirect": "1" }) },
      body: JSON.stringify({ ...token, ...body }),
    });
  }

  /** Every user gone, then the people stored again; every jar forgotten. */
  async reset(engine: Engine): Promise<void> {
    await engine.db.query(`DELETE FROM users`);
    for (const { id, email, name } of Object.values<Person>(this.people)) await engine.db.query(`INSERT INTO users (id, email, name) VALUES ($1, $2, $3)`, [id, email, name]);
    this.jars.clear();
  }
}
