/**
 * The remembered grants of the signed-in user, under the provider's mount: `GET <mount>/grants`
 * lists them (a page in Latch's frame, or JSON when asked for `application/json`), and
 * `POST <mount>/grants/revoke` ends one (CSRF-protected) and every token issued under it.
 */
import { createHmac, randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { SignedInUser } from "@latch/core/plugins";
import { html, renderPage } from "@latch/core/page-frame";
import type Provider from "oidc-provider";
import type { AdapterPayload } from "oidc-provider";
import type { ServerState } from "./state.js";
import { scopeWords, sentencesFor } from "./consent.js";
import { formOf, sameSecret, sendPage } from "./node-http.js";

/** The path of the grants page under the mount. */
export const grantsSegment = "grants";

/** The models oidc-provider issues under a grant, each revoked with it. */
const grantModels = ["AccessToken", "AuthorizationCode", "RefreshToken", "DeviceCode", "BackchannelAuthenticationRequest"] as const;

/** One remembered grant as the page and its JSON show it. */
export interface RememberedGrant {
  readonly id: string;
  readonly clientId: string;
  readonly clientName: string;
  readonly scopes: readonly string[];
  /** When it was first given (ISO 8601). */
  readonly createdAt: string;
}

function csrfOf(state: ServerState, userId: string): string {
  return createHmac("sha256", state.bindingKey).update(`grants\n${userId}`).digest("base64url");
}

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { "Content-Type": "application/json", "Cache-Control": "no-store" });
  res.end(JSON.stringify(body));
}

function scopesOf(grant: AdapterPayload): string[] {
  const openid = (grant.openid as { scope?: string } | undefined)?.scope?.split(" ") ?? [];
  const resources = Object.values((grant.resources as Record<string, string> | undefined) ?? {}).flatMap((scope) => scope.split(" "));
  return [...new Set([...openid, ...resources])].filter(Boolean);
}

/** The remembered grants of `user`, newest first. */
async function grantsOf(state: ServerState, provider: Provider, user: SignedInUser): Promise<RememberedGrant[]> {
  const payloads = (await state.storage.grantsOf?.(user.userId)) ?? [];
  const grants = await Promise.all(
    payloads.map(async (grant) => {
      const clientId = String(grant.clientId);
      const client = await provider.Client.find(clientId);
      return { id: String(grant.jti), clientId, clientName: (client?.clientName as string | undefined) ?? clientId, scopes: scopesOf(grant), createdAt: new Date(Number(grant.iat ?? 0) * 1000).toISOString() };
    }),
  );
  return grants.sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

/** Ends the grant `id` of `user` and every token issued under it; `false` when it is not theirs (or gone). */
export async function revokeGrant(state: ServerState, provider: Provider, user: SignedInUser, id: string): Promise<boolean> {
  const grant = await provider.Grant.find(id);
  if (!grant || grant.accountId !== user.userId) return false;
  for (const model of grantModels) await new state.storage(model).revokeByGrantId(id);
  await grant.destroy();
  return true;
}

const extraCss = `ul.grants{list-style:none;padding:0}ul.grants li{display:flex;justify-content:space-between;gap:1rem;align-items:center;padding:.5rem 0;border-bottom:1px solid color-mix(in srgb,currentColor 20%,transparent)}ul.grants small{display:block;opacity:.75}`;

/** Answers `GET <mount>/grants` and `POST <mount>/grants/revoke`. */
export async function handleGrants(state: ServerState, provider: Provider, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const path = (req.url ?? "/").split("?")[0]!;
  const wantsJson = /application\/json/.test(req.headers.accept ?? "");
  const here = `${state.issuer}${state.mountPath}/${grantsSegment}`;
  const user = await state.signedIn(req);
  if (!user) {
    if (wantsJson || req.method !== "GET") return json(res, 401, { error: "unauthorized", error_description: "Sign in first." });
    res.writeHead(303, { Location: `${state.basePath}/signin?${new URLSearchParams({ callbackUrl: here })}`, "Cache-Control": "no-store" });
    res.end();
    return;
  }
  const csrfToken = csrfOf(state, user.userId);
  if (path === `/${grantsSegment}` && req.method === "GET") {
    const grants = await grantsOf(state, provider, user);
    if (wantsJson) return json(res, 200, { grants, csrfToken });
    const nonce = randomBytes(16).toString("base64url");
    const t = await sentencesFor(state.config, state.issuer, req);
    const items = grants.map(
      (grant) => html`<li data-grant="${grant.id}"><span><strong>${grant.clientName}</strong><small>${grant.scopes.map((scope) => scopeWords(scope, t, state.scopeWords)).join(" · ")}</small><small><time datetime="${grant.createdAt}">${grant.createdAt.slice(0, 10)}</time></small></span>
<form method="post" action="${here}/revoke"><input type="hidden" name="csrfToken" value="${csrfToken}"><input type="hidden" name="grantId" value="${grant.id}"><button type="submit">${t.text("revoke")}</button></form></li>`,
    );
    const body = grants.length ? html`<p>${t.text("grantsIntro")}</p><ul class="grants">${items}</ul>` : html`<p>${t.text("grantsNone")}</p>`;
    return sendPage(res, 200, renderPage({ title: t.text("grantsTitle"), body, theme: state.config.theme, nonce, extraCss, language: t.language }), nonce);
  }
  if (path !== `/${grantsSegment}/revoke` || req.method !== "POST") return json(res, 405, { error: "method_not_allowed" });
  let form: URLSearchParams;
  try {
    form = await formOf(req);
  } catch {
    return json(res, 413, { error: "invalid_request", error_description: "The form is too large." });
  }
  if (!sameSecret(form.get("csrfToken") ?? "", csrfToken)) return json(res, 403, { error: "invalid_csrf_token", error_description: "The form has expired; reload the page and try again." });
  const id = form.get("grantId") ?? "";
  if (!id || !(await revokeGrant(state, provider, user, id))) return json(res, 404, { error: "not_found", error_description: "No such grant of this account." });
  if (wantsJson) return json(res, 200, { revoked: id });
  res.writeHead(303, { Location: here, "Cache-Control": "no-store" });
  res.end();
}
