/**
 * Templated issuers. Microsoft Entra ID's multi-tenant endpoints (`common`, `organizations`,
 * `consumers`) publish `"issuer": "https://login.microsoftonline.com/{tenantid}/v2.0"` in their
 * discovery document, while each ID token names the user's own tenant in `iss` and `tid`. OpenID
 * Connect Discovery 1.0 section 4.3 and Core 1.0 section 3.1.3.7 step 2 ask for exact issuer
 * matches; these helpers allow exactly one relaxation: the placeholder stands for a tenant id
 * (a GUID), and the ID token's own `tid` says which one, while its signature is still checked
 * against the issuer's JWKS.
 */

/** The placeholder in a templated issuer. */
const placeholder = "{tenantid}";

/** The tenant names of Microsoft's multi-tenant endpoints, whose discovery publishes the template. */
const multiTenantNames = ["common", "organizations", "consumers"] as const;

/** A tenant id: a GUID such as `9188040d-6c67-4c5b-b112-36a304b66dad`. */
const tenantIdShape = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True when `issuer` contains the `{tenantid}` placeholder exactly once. */
export function isIssuerTemplate(issuer: string): boolean {
  return issuer.split(placeholder).length === 2;
}

function sameUrl(a: string, b: string): boolean {
  try {
    return new URL(a).href === new URL(b).href;
  } catch {
    return false;
  }
}

/**
 * Discovery (OIDC Discovery 1.0 section 4.3): true when the templated `published` issuer is the
 * template of the `configured` one, i.e. the configured issuer is the template with the placeholder
 * replaced by `common`, `organizations` or `consumers`. Any other mismatch stays a mismatch.
 */
export function templateCoversIssuer(published: string, configured: string): boolean {
  return isIssuerTemplate(published) && multiTenantNames.some((name) => sameUrl(published.replace(placeholder, name), configured));
}

/**
 * The issuer of one tenant: the template with `tenantId` in place of the placeholder, or
 * `undefined` when `tenantId` is not GUID-shaped (so nothing else, such as a path or a host,
 * can be spliced into the expected issuer).
 */
export function tenantIssuer(template: string, tenantId: unknown): string | undefined {
  if (!isIssuerTemplate(template) || typeof tenantId !== "string" || !tenantIdShape.test(tenantId)) return undefined;
  return template.replace(placeholder, tenantId);
}

/**
 * RFC 9207 section 2.4 with a templated issuer: true when `iss` is the template with a GUID-shaped
 * tenant id in place of the placeholder.
 */
export function matchesIssuerTemplate(template: string, iss: string): boolean {
  if (!isIssuerTemplate(template)) return false;
  const [before, after] = template.split(placeholder) as [string, string];
  if (iss.length <= before.length + after.length || !iss.startsWith(before) || !iss.endsWith(after)) return false;
  return tenantIssuer(template, iss.slice(before.length, iss.length - after.length)) === iss;
}

/**
 * The one relaxation of exact issuer matching a templated issuer allows, as the flow of
 * factory-made providers (`OIDC()`, `OAuth()`, the presets, `MicrosoftEntraID()` above all) brings
 * it to discovery, the authorization response's `iss` and the ID token. A provider written as a
 * plain object gets `null`: its issuer is matched exactly, as in Auth.js.
 */
export interface IssuerTemplates {
  isTemplate: typeof isIssuerTemplate;
  covers: typeof templateCoversIssuer;
  matches: typeof matchesIssuerTemplate;
  tenantIssuer: typeof tenantIssuer;
}

/** {@link IssuerTemplates} of this module. */
export const issuerTemplates: IssuerTemplates = { isTemplate: isIssuerTemplate, covers: templateCoversIssuer, matches: matchesIssuerTemplate, tenantIssuer };
