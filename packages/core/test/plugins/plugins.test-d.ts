/**
 * Compile-only: `session.user` is typed from the config's `plugins` in core (`SessionOf`), in
 * Express's `getSession` and in `SvelteKitAuth`'s `auth(event)`; a field no plugin adds is an
 * error; a config without plugins keeps `Session` as it was (with its module augmentation).
 * Checked by `npm run typecheck` (`tsc -p tsconfig.json`). Next.js: packages/next/test/plugins.test-d.ts.
 */
import { expectTypeOf } from "vitest";
import type { AuthConfig, Session } from "@latch/core";
import { definePlugin, type SessionOf } from "@latch/core/plugins";
import Credentials from "@latch/core/providers/credentials";
import { getSession, type ExpressAuthConfig } from "@latch/express";
import type { Request } from "express";
import type { RequestEvent } from "@sveltejs/kit";
import type { SvelteKitAuth } from "@latch/sveltekit";
import { roles } from "./example-plugin.js";

const tenants = definePlugin({ id: "tenants", hooks: { session: () => ({ tenantId: 7 }) } });

const config = {
  providers: [Credentials({ authorize: () => null })],
  plugins: [roles({ admins: [] }), tenants],
} satisfies AuthConfig;

type AppSession = SessionOf<typeof config>;
declare const session: AppSession;
expectTypeOf(session.user!.role).toEqualTypeOf<"admin" | "member">();
expectTypeOf(session.user!.tenantId).toEqualTypeOf<number>();
expectTypeOf(session.user!.email).toEqualTypeOf<string | null | undefined>();
expectTypeOf(session.expires).toEqualTypeOf<string>();

// Without plugins (or with a config typed `AuthConfig`), the session is `Session` itself.
expectTypeOf<SessionOf<{ providers: [] }>>().toEqualTypeOf<Session>();
expectTypeOf<SessionOf<AuthConfig>>().toEqualTypeOf<Session>();
declare const plain: SessionOf<{ providers: []; plugins: [typeof tenants] }>;
// @ts-expect-error a field no configured plugin adds
void plain.user!.somethingElse;

// Express: getSession infers the config's plugins.
declare const req: Request;
const expressConfig = { providers: [], plugins: [tenants] } satisfies ExpressAuthConfig;
expectTypeOf(getSession(req, expressConfig)).resolves.toEqualTypeOf<SessionOf<typeof expressConfig> | null>();
void (async () => {
  const read = await getSession(req, expressConfig);
  expectTypeOf(read!.user!.tenantId).toEqualTypeOf<number>();
  const untyped = await getSession(req, { providers: [] } as ExpressAuthConfig);
  expectTypeOf(untyped).toEqualTypeOf<Session | null>();
});

// SvelteKit: the factory's auth(event) does too.
declare const svelteKitAuth: typeof SvelteKitAuth;
declare const event: RequestEvent;
void (async () => {
  const { auth } = svelteKitAuth({ providers: [], plugins: [tenants] });
  expectTypeOf((await auth(event))!.user!.tenantId).toEqualTypeOf<number>();
});
