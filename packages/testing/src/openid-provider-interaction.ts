/**
 * Completes the provider's user interactions without a human: the login prompt signs in a
 * configured account, the consent prompt grants everything the client asked for.
 */
import type Provider from "oidc-provider";
import type { InteractionResults } from "oidc-provider";

/** Koa middleware as the provider accepts it. */
type Middleware = Parameters<Provider["use"]>[0];

/** Where the provider sends the browser when it needs the end-user; `:uid` is the interaction id. */
export const interactionPath = "/interaction/";

/** What the automatic end-user does for one authorization request; `amr`, the methods the sign-in used (RFC 8176). */
export type InteractionDecision = { accountId: string; amr?: string[] } | { deny: true };

/** Chooses the decision from the authorization request parameters (`login_hint`, `client_id`…). */
export type DecideInteraction = (params: Record<string, unknown>) => InteractionDecision;

interface ConsentDetails {
  missingOIDCScope?: string[];
  missingOIDCClaims?: string[];
  missingResourceScopes?: Record<string, string[]>;
}

/**
 * Koa middleware answering `GET /interaction/<uid>`: it records the login or consent result and
 * redirects back to the provider, which resumes the authorization request.
 */
export function automaticInteractions(
  provider: Provider,
  decide: DecideInteraction,
  endSession: (sessionId: string) => Promise<void>,
): Middleware {
  return async (ctx, next) => {
    if (ctx.method !== "GET" || !ctx.path.startsWith(interactionPath)) return next();
    const details = await provider.interactionDetails(ctx.req, ctx.res);
    const params = details.params as Record<string, unknown>;
    const decision = decide(params);
    let result: InteractionResults;
    if ("deny" in decision) {
      result = { error: "access_denied", error_description: "The end-user refused the request." };
    } else if (details.prompt.name === "login") {
      if (details.session?.accountId && details.session.accountId !== decision.accountId) {
        // Switching accounts: oidc-provider would first have the browser confirm a sign-out with an
        // auto-submitting form, which a cookie-jar client cannot run. End the old session here instead,
        // and detach the interaction from it so that resuming starts from a fresh session.
        const sessionId = ctx.cookies.get(provider.cookieName("session"));
        if (sessionId) await endSession(sessionId);
        delete (details.session as { uid?: string }).uid;
        await details.save(details.exp - Math.floor(Date.now() / 1000));
      }
      result = { login: { accountId: decision.accountId, ...(decision.amr && { amr: decision.amr }) } };
    } else if (details.prompt.name === "consent") {
      result = { consent: { grantId: await grantAll(provider, details, params) } };
    } else {
      result = { error: "interaction_required", error_description: `Unsupported prompt ${details.prompt.name}.` };
    }
    const returnTo = await provider.interactionResult(ctx.req, ctx.res, result, { mergeWithLastSubmission: true });
    ctx.status = 303;
    ctx.redirect(returnTo);
  };
}

/** Saves a grant covering every scope and claim the consent prompt reports as missing. */
async function grantAll(
  provider: Provider,
  details: Awaited<ReturnType<Provider["interactionDetails"]>>,
  params: Record<string, unknown>,
): Promise<string> {
  const accountId = details.session?.accountId;
  if (!accountId) throw new Error("consent prompt without a signed-in account");
  const existing = details.grantId ? await provider.Grant.find(details.grantId) : undefined;
  const grant = existing ?? new provider.Grant({ accountId, clientId: String(params.client_id) });
  const missing = details.prompt.details as ConsentDetails;
  if (missing.missingOIDCScope?.length) grant.addOIDCScope(missing.missingOIDCScope.join(" "));
  if (missing.missingOIDCClaims?.length) grant.addOIDCClaims(missing.missingOIDCClaims);
  for (const [resource, scopes] of Object.entries(missing.missingResourceScopes ?? {})) {
    grant.addResourceScope(resource, scopes.join(" "));
  }
  return grant.save();
}
