/**
 * The provider's interactions, answered by Latch: a login is the browser's Latch session (or a
 * redirect to Latch's sign-in page and back), a consent is the page of consent.ts (skipped for
 * first-party clients).
 */
import { createHmac, randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { SignedInUser } from "@latch/core/plugins";
import type Provider from "oidc-provider";
import type { ServerState } from "./state.js";
import { consentPage, scopeWords, sentencesFor } from "./consent.js";
import { formOf, sameSecret, sendPage } from "./node-http.js";

/** The path segment of the interactions under the mount: `<basePath>/oauth2/interaction/<uid>`. */
export const interactionSegment = "interaction";

type Details = Awaited<ReturnType<Provider["interactionDetails"]>>;

function csrfOf(state: ServerState, uid: string, userId: string): string {
  return createHmac("sha256", state.bindingKey).update(`consent\n${uid}\n${userId}`).digest("base64url");
}

function redirect(res: ServerResponse, location: string, cookie?: string): void {
  res.writeHead(303, { Location: location, "Cache-Control": "no-store", ...(cookie && { "Set-Cookie": cookie }) });
  res.end();
}

/** The login result for `user`: Latch's user id as the account, with when and how the session was earned. */
function loginOf(user: SignedInUser) {
  const now = Math.floor(Date.now() / 1000);
  return { accountId: user.userId, ...(user.amr?.length && { amr: [...user.amr] }), ts: Math.min(user.authTime ?? now, now), remember: true };
}

/** Grants what the consent prompt asks for, to the client of `details`, for `accountId`. */
async function grantAll(provider: Provider, details: Details, accountId: string): Promise<string> {
  const grant = details.grantId ? await provider.Grant.find(details.grantId) : new provider.Grant({ accountId, clientId: details.params.client_id as string });
  if (!grant) throw new Error("The grant of this interaction is gone.");
  const asked = details.prompt.details as { missingOIDCScope?: string[]; missingOIDCClaims?: string[]; missingResourceScopes?: Record<string, string[]> };
  if (asked.missingOIDCScope) grant.addOIDCScope(asked.missingOIDCScope.join(" "));
  if (asked.missingOIDCClaims) grant.addOIDCClaims(asked.missingOIDCClaims);
  for (const [indicator, scopes] of Object.entries(asked.missingResourceScopes ?? {})) grant.addResourceScope(indicator, scopes.join(" "));
  return grant.save();
}

/** Answers `GET <mount>/interaction/<uid>` and the consent form's `POST …/<uid>/confirm` and `…/<uid>/abort`. */
export async function handleInteraction(state: ServerState, provider: Provider, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const [, , uid, step] = (req.url ?? "").split("?")[0]!.split("/");
  let details: Details;
  try {
    details = await provider.interactionDetails(req, res);
  } catch {
    // No interaction cookie (another site's request, an expired or finished interaction).
    return sendPage(res, 400, "<!DOCTYPE html><title>Sign-in expired</title><p>This authorization request has expired or was not started in this browser. Go back to the app and try again.</p>");
  }
  if (!uid || details.uid !== uid) return sendPage(res, 400, "<!DOCTYPE html><title>Bad request</title><p>This is not the authorization request of this browser.</p>");
  const here = `${state.issuer}${state.mountPath}/${interactionSegment}/${uid}`;
  const user = await state.signedIn(req);
  if (!user) {
    if (req.method !== "GET") return sendPage(res, 403, "<!DOCTYPE html><title>Not signed in</title><p>Sign in first.</p>");
    return redirect(res, `${state.basePath}/signin?${new URLSearchParams({ callbackUrl: here })}`);
  }
  const { prompt } = details;
  if (prompt.name === "login") {
    if (req.method !== "GET") return sendPage(res, 405, "<!DOCTYPE html><title>Method not allowed</title>");
    res.setHeader("Set-Cookie", state.bindingCookie(user));
    return provider.interactionFinished(req, res, { login: loginOf(user) }, { mergeWithLastSubmission: false });
  }
  if (prompt.name !== "consent") return provider.interactionFinished(req, res, { error: "interaction_required", error_description: `unsupported prompt ${prompt.name}` });
  // The provider's session belongs to another account than the Latch session ("Not you?" signed
  // someone else in): the provider's login is done again with the Latch session, and consent asked of them.
  if (details.session?.accountId !== user.userId) {
    if (req.method !== "GET") return sendPage(res, 403, "<!DOCTYPE html><title>Forbidden</title><p>The signed-in account changed; go back and try again.</p>");
    res.setHeader("Set-Cookie", state.bindingCookie(user));
    return provider.interactionFinished(req, res, { login: loginOf(user) }, { mergeWithLastSubmission: false });
  }
  const clientId = details.params.client_id as string;
  if (state.clients.get(clientId)?.firstParty) {
    const grantId = await grantAll(provider, details, user.userId);
    return provider.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
  }
  const csrf = csrfOf(state, uid, user.userId);
  if (req.method === "GET" && step === undefined) {
    const client = await provider.Client.find(clientId);
    const claims = await state.config.adapter?.getUser?.(user.userId);
    const asked = prompt.details as { missingOIDCScope?: string[]; missingResourceScopes?: Record<string, string[]> };
    const scopes = [...(asked.missingOIDCScope ?? []), ...Object.values(asked.missingResourceScopes ?? {}).flat()];
    const nonce = randomBytes(16).toString("base64url");
    const sentences = await sentencesFor(state.config, state.issuer, req);
    return sendPage(
      res,
      200,
      consentPage({
        theme: state.config.theme,
        nonce,
        sentences,
        clientName: (client?.clientName as string | undefined) ?? clientId,
        ...((client as { clientIdMetadataDocument?: boolean } | undefined)?.clientIdMetadataDocument && { clientHost: new URL(clientId).host }),
        scopes: [...new Set(scopes)].filter((scope) => scope !== "openid" || scopes.length === 1).map((scope) => ({ scope, words: scopeWords(scope, sentences, state.scopeWords) })),
        account: claims?.email ?? claims?.name ?? user.userId,
        confirm: `${here}/confirm`,
        abort: `${here}/abort`,
        notYou: `${state.basePath}/signout?${new URLSearchParams({ callbackUrl: here })}`,
        csrfToken: csrf,
      }),
      nonce,
    );
  }
  if (req.method !== "POST" || (step !== "confirm" && step !== "abort")) return sendPage(res, 405, "<!DOCTYPE html><title>Method not allowed</title>");
  let form: URLSearchParams;
  try {
    form = await formOf(req);
  } catch {
    return sendPage(res, 413, "<!DOCTYPE html><title>Too large</title>");
  }
  if (!sameSecret(form.get("csrfToken") ?? "", csrf)) return sendPage(res, 403, "<!DOCTYPE html><title>Forbidden</title><p>The form has expired; go back and try again.</p>");
  if (step === "abort") return provider.interactionFinished(req, res, { error: "access_denied", error_description: "the user refused" }, { mergeWithLastSubmission: false });
  const grantId = await grantAll(provider, details, user.userId);
  return provider.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
}
