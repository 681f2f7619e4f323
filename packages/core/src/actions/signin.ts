import type { AuthContext } from "../config/context.js";
import type { InternalProvider } from "../config/providers.js";
import { carriedFlow, flowOf, type Flow } from "../flows/index.js";
import type { AuthRequest } from "../http/request.js";
import type { PageLanguage, PageProvider, SignInPageProps } from "../pages/index.js";
import type { CredentialsConfig, WebAuthnConfig } from "../types/providers.js";
import type { ResponseInternal } from "../types/response.js";
import { providerOf } from "./callback.js";
import { callbackUrlOf } from "../security/request-checks.js";
import { csrfOf } from "../security/request-checks.js";
import { withCookies } from "../http/respond.js";
import { pageUrl, signInPageUrl } from "../http/urls.js";
import { pluginCodeOf } from "../config/plugin-code.js";

function pageProvider(p: InternalProvider): PageProvider {
  const { id, name, type, signinUrl, callbackUrl } = p;
  const style = (p as { style?: PageProvider["style"] }).style;
  const credentials = p.type === "credentials" ? (p as CredentialsConfig).credentials : p.type === "webauthn" ? (p as WebAuthnConfig).formFields : undefined;
  return { id, name, type, signinUrl, callbackUrl, style, credentials };
}

/** The scripts the flows of the configured providers add to the sign-in page (the passkey client). */
function flowScripts(ctx: Pick<AuthContext, "baseUrl" | "providers">): string[] | undefined {
  const byFlow = new Map<Flow, InternalProvider[]>();
  for (const provider of ctx.providers) {
    const flow = carriedFlow(provider);
    if (flow?.signInPageScript) byFlow.set(flow, [...(byFlow.get(flow) ?? []), provider]);
  }
  if (!byFlow.size) return undefined;
  return [...byFlow].map(([flow, providers]) => flow.signInPageScript!({ baseUrl: ctx.baseUrl, providers }));
}

/** `GET /signin`: the built-in page (or a redirect to `pages.signIn`). */
export async function signInPageAction(ctx: AuthContext, req: AuthRequest): Promise<ResponseInternal> {
  const { callbackUrl, cookies } = await callbackUrlOf(ctx, req);
  const { error, code } = req.query;
  if (ctx.pages.signIn) {
    return { redirect: pageUrl(ctx, ctx.pages.signIn, { callbackUrl, error, code }), cookies };
  }
  const csrf = await csrfOf(ctx, req);
  const { renderSignInPage, chooseLanguage } = await import("../pages/index.js");
  let props: SignInPageProps & { language: PageLanguage } = {
    providers: ctx.providers.map(pageProvider),
    csrfToken: csrf.token,
    callbackUrl,
    error,
    code,
    email: req.query.email,
    theme: ctx.theme,
    scripts: flowScripts(ctx),
    language: await chooseLanguage(ctx, req.request),
  };
  // The features' parts of the page (`Password()`: the links under its form), from their own code.
  for (const feature of ctx.features) if (feature.signInPage) props = { ...props, ...(await feature.signInPage(ctx, req, props)) };
  // The plugins' forms (`signInForm`), from the code that runs plugins: nothing here without them.
  const page = renderSignInPage({ ...props, ...(await pluginCodeOf(ctx.plugins)?.signInPage(ctx, props)) });
  return withCookies({ status: page.status, body: page.html }, [...cookies, csrf.cookie]);
}

/**
 * `POST /signin/<id>` (CSRF-checked): starts the provider's flow (OAuth redirect, email link).
 * Types without a start step (credentials, webauthn) and a POST without a provider go to the sign-in page.
 */
export async function signInAction(ctx: AuthContext, req: AuthRequest): Promise<ResponseInternal> {
  if (!req.providerId) return { redirect: signInPageUrl(ctx) };
  const provider = providerOf(ctx, req);
  const flow = await flowOf(provider, ctx.plainObjectFlows);
  if (!flow?.begin) return { redirect: signInPageUrl(ctx) };
  const { callbackUrl, cookies } = await callbackUrlOf(ctx, req);
  return withCookies(await flow.begin({ ctx, req, provider, callbackUrl }), cookies);
}
