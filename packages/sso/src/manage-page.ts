/**
 * The management page of an organization's single sign-on, `<base>/sso/manage?organization=<slug or id>`,
 * for its owners and admins: the connections (kind, identity provider, settings, the service
 * provider's metadata to download) with the form that adds a SAML connection and a delete button
 * each; the domains with their state, the TXT record to publish, "verify now" and remove, and the
 * form that claims one. Every form posts back to the page with the CSRF token (checked by Latch
 * before the handler runs) and an `intent`; the work is done by the operations the JSON endpoints
 * call. A refusal is shown on the page with its status; a success redirects to the page with a notice.
 */
import { choosePageSentences, html, renderPage, type PageSentences, type SafeHtml } from "@latch/core/page-frame";
import type { PluginEndpointContext, PluginResponse } from "@latch/core/plugins";
import { adapterOf, text, type Administration, type ShownAnyConnection, type ShownDomain } from "./admin.js";
import { SsoRequestRefused } from "./errors.js";
import { manageSentences, type ManageSentenceKey } from "./manage-sentences.js";

type Ctx = PluginEndpointContext;
type Said = PageSentences<ManageSentenceKey>;

/** What a form may ask for, and the notice its success shows. */
const intents = {
  addConnection: "doneConnectionAdded",
  deleteConnection: "doneConnectionDeleted",
  addDomain: "doneDomainAdded",
  verifyDomain: "doneDomainVerified",
  removeDomain: "doneDomainRemoved",
} as const satisfies Record<string, ManageSentenceKey>;
type Intent = keyof typeof intents;

/** The sentence of each refusal's code; any other code gets `errorDefault`. */
const errorKeys: Readonly<Record<string, ManageSentenceKey>> = {
  InvalidMetadata: "errorInvalidMetadata",
  InvalidRole: "errorInvalidRole",
  InvalidGroupRoles: "errorInvalidGroupRoles",
  MissingEncryptionKey: "errorMissingEncryptionKey",
  InvalidDomain: "errorInvalidDomain",
  DomainTaken: "errorDomainTaken",
  DomainNotVerified: "errorDomainNotVerified",
  DomainNotFound: "errorDomainNotFound",
  ConnectionNotFound: "errorConnectionNotFound",
  OrganizationNotFound: "errorOrganizationNotFound",
  OrganizationPermissionDenied: "errorOrganizationPermissionDenied",
  InvalidIntent: "errorDefault",
};

const extraCss =
  "ul.entries{list-style:none;padding:0;margin:0 0 1.5rem}li.entry{border:1px solid rgba(127,127,127,.35);border-radius:8px;padding:.75rem;margin:0 0 .75rem}li.entry p{margin:0 0 .25rem}li.entry form{margin-top:.5rem;display:inline-block;margin-inline-end:.5rem}li.entry button{width:auto;min-height:2.25rem;padding:.375rem .875rem}textarea{display:block;width:100%;min-height:8rem;margin:0 0 1rem;font:inherit;font-family:monospace;box-sizing:border-box}fieldset{border:0;padding:0;margin:0 0 1rem}fieldset label{display:flex;gap:.5rem;align-items:center;font-weight:normal}fieldset input{width:auto;margin:0}p.hint{font-size:.8125rem;opacity:.8}h2{font-size:1.125rem;margin:1.5rem 0 .75rem}summary{cursor:pointer;font-weight:600;margin:0 0 1rem}code{word-break:break-all}dl{margin:.25rem 0}dt{font-size:.8125rem;opacity:.8}dd{margin:0 0 .25rem}";

/** `group = role` per line → the mapping; a line without `=` is refused. */
function groupRolesOf(value: string): Record<string, string> {
  const mapping: Record<string, string> = {};
  for (const line of value.split(/\r?\n/)) {
    if (!line.trim()) continue;
    const eq = line.lastIndexOf("=");
    const group = line.slice(0, eq).trim();
    const role = line.slice(eq + 1).trim();
    if (eq < 0 || !group || !role) throw new SsoRequestRefused(400, "InvalidGroupRoles", "Write one group = role per line.");
    mapping[group] = role;
  }
  return mapping;
}

/** Runs the form's intent through the operations the JSON endpoints use. */
async function perform(ctx: Ctx, admin: Administration, organizationId: string, intent: Intent, body: Readonly<Record<string, unknown>>): Promise<void> {
  switch (intent) {
    case "addConnection":
      await admin.createConnection(ctx, organizationId, {
        idpMetadata: text(body.idpMetadata).trim(),
        defaultRole: text(body.defaultRole).trim() || "member",
        groupRoles: groupRolesOf(text(body.groupRoles)),
        allowIdpInitiated: body.allowIdpInitiated === "on",
        trustIdpMfa: body.trustIdpMfa === "on",
      });
      return;
    case "deleteConnection":
      await admin.deleteConnection(ctx, organizationId, text(body.connectionId));
      return;
    case "addDomain":
      await admin.claimDomain(ctx, organizationId, body.domain);
      return;
    case "verifyDomain":
      await admin.verifyDomain(ctx, organizationId, body.domain);
      return;
    case "removeDomain":
      await admin.removeDomain(ctx, organizationId, body.domain);
      return;
  }
}

/** What the page shows. */
interface View {
  readonly here: string;
  readonly csrfToken: string;
  readonly organization: { readonly id: string; readonly name: string };
  readonly connections: readonly ShownAnyConnection[];
  readonly domains: readonly ShownDomain[];
  /** What a refused form sent, shown again. */
  readonly sent: Readonly<Record<string, unknown>>;
}

function hidden(view: View, intent: Intent, fields: Readonly<Record<string, string>> = {}): SafeHtml {
  return html`<input type="hidden" name="csrfToken" value="${view.csrfToken}">
<input type="hidden" name="organization" value="${view.organization.id}">
<input type="hidden" name="intent" value="${intent}">
${Object.entries(fields).map(([name, value]) => html`<input type="hidden" name="${name}" value="${value}">
`)}`;
}

function button(view: View, intent: Intent, fields: Readonly<Record<string, string>>, label: string): SafeHtml {
  return html`<form method="post" action="${view.here}">
${hidden(view, intent, fields)}<button type="submit">${label}</button>
</form>`;
}

function connectionEntry(view: View, t: Said, connection: ShownAnyConnection): SafeHtml {
  const groups = Object.entries(connection.groupRoles).map(([group, role]) => `${group} → ${role}`).join(", ");
  const yesNo = (value: boolean) => t.text(value ? "yes" : "no");
  const shared = html`<dt>${t.text("defaultRoleLabel")}</dt><dd>${connection.defaultRole}</dd>
<dt>${t.text("groupRolesShown")}</dt><dd>${groups || "—"}</dd>
`;
  const remove = button(view, "deleteConnection", { connectionId: connection.id }, t.text("deleteConnection"));
  if (connection.kind === "oidc") {
    return html`<li class="entry" data-connection="${connection.id}">
<p><strong>OIDC</strong> · <code>${connection.issuer}</code></p>
<dl>
${shared}<dt>${t.text("trustMfaLabel")}</dt><dd>${yesNo(connection.trustIdpMfa)}</dd>
<dt>${t.text("rpRedirect")}</dt><dd><code>${connection.rp.redirectUri}</code></dd>
</dl>
${remove}
</li>
`;
  }
  return html`<li class="entry" data-connection="${connection.id}">
<p><strong>SAML</strong> · <code>${connection.idp.entityId}</code></p>
<dl>
${shared}<dt>${t.text("idpInitiatedLabel")}</dt><dd>${yesNo(connection.allowIdpInitiated)}</dd>
<dt>${t.text("trustMfaLabel")}</dt><dd>${yesNo(connection.trustIdpMfa)}</dd>
<dt>${t.text("spEntityId")}</dt><dd><code>${connection.sp.entityId}</code></dd>
<dt>${t.text("spAcs")}</dt><dd><code>${connection.sp.acs}</code></dd>
</dl>
<p><a href="${connection.sp.metadata}" download="sp-metadata.xml">${t.text("downloadMetadata")}</a></p>
${remove}
</li>
`;
}

function domainEntry(view: View, t: Said, domain: ShownDomain): SafeHtml {
  const pending = domain.verified
    ? ""
    : html`<p class="hint">${t.text("recordHint")}</p>
<dl>
<dt>${t.text("recordType")}</dt><dd><code>TXT</code></dd>
<dt>${t.text("recordName")}</dt><dd><code data-record="name">${domain.record.name}</code></dd>
<dt>${t.text("recordValue")}</dt><dd><code data-record="value">${domain.record.value}</code></dd>
</dl>
${button(view, "verifyDomain", { domain: domain.domain }, t.text("verifyNow"))}`;
  return html`<li class="entry" data-domain="${domain.domain}">
<p><strong>${domain.domain}</strong> · <span data-state="${domain.verified ? "verified" : "pending"}">${t.text(domain.verified ? "domainVerified" : "domainPending")}</span></p>
${pending}${button(view, "removeDomain", { domain: domain.domain }, t.text("removeDomain"))}
</li>
`;
}

function content(view: View, t: Said): SafeHtml {
  const sent = (name: string) => text(view.sent[name]);
  const connections = view.connections.length
    ? html`<ul class="entries">
${view.connections.map((connection) => connectionEntry(view, t, connection))}</ul>`
    : html`<p>${t.text("connectionsNone")}</p>`;
  const domains = view.domains.length
    ? html`<ul class="entries">
${view.domains.map((domain) => domainEntry(view, t, domain))}</ul>`
    : html`<p>${t.text("domainsNone")}</p>`;
  const check = (name: string) => (view.sent[name] === "on" ? html` checked` : "");
  return html`<h2>${t.text("connectionsHeading")}</h2>
${connections}
<details${view.connections.length && view.sent.intent !== "addConnection" ? "" : html` open`}><summary>${t.text("addConnectionHeading")}</summary>
<form method="post" action="${view.here}">
${hidden(view, "addConnection")}<label for="sso-metadata">${t.text("metadataLabel")}</label>
<textarea id="sso-metadata" name="idpMetadata" required dir="ltr" spellcheck="false">${sent("idpMetadata")}</textarea>
<label for="sso-default-role">${t.text("defaultRoleLabel")}</label>
<input id="sso-default-role" name="defaultRole" type="text" value="${sent("defaultRole") || "member"}" dir="ltr" autocomplete="off">
<label for="sso-group-roles">${t.text("groupRolesLabel")}</label>
<textarea id="sso-group-roles" name="groupRoles" dir="ltr" spellcheck="false" placeholder="admins = admin">${sent("groupRoles")}</textarea>
<fieldset>
<label><input type="checkbox" name="allowIdpInitiated"${check("allowIdpInitiated")}> ${t.text("idpInitiatedLabel")}</label>
<label><input type="checkbox" name="trustIdpMfa"${check("trustIdpMfa")}> ${t.text("trustMfaLabel")}</label>
</fieldset>
<button type="submit">${t.text("addConnection")}</button>
</form>
</details>
<h2>${t.text("domainsHeading")}</h2>
${domains}
<form method="post" action="${view.here}">
${hidden(view, "addDomain")}<label for="sso-domain">${t.text("addDomainLabel")}</label>
<input id="sso-domain" name="domain" type="text" required dir="ltr" autocomplete="off" placeholder="example.com" value="${view.sent.intent === "addDomain" ? sent("domain") : ""}">
<button type="submit">${t.text("addDomain")}</button>
</form>`;
}

const htmlHeaders = { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" };

/**
 * `GET` and `POST <base>/sso/manage?organization=<slug or id>`: the page, and its forms' answers.
 * Nobody signed in is sent to the sign-in page and back.
 */
export async function managePage(ctx: Ctx, admin: Administration): Promise<PluginResponse> {
  const t = await choosePageSentences(ctx.pages, ctx.request, manageSentences);
  const url = new URL(ctx.request.url);
  const here = `${url.origin}${url.pathname}`;
  const body = ctx.method === "POST" ? (ctx.body ?? {}) : {};
  const reference = text(body.organization) || text(ctx.query.organization);
  const respond = (status: number, title: string, inner: SafeHtml, notice: SafeHtml | "" = "") =>
    ctx.text(renderPage({ title, body: html`${notice}${inner}`, theme: ctx.pages.theme, language: t.language, extraCss }), { status, headers: htmlHeaders });
  const alert = (code: string) => html`<div class="alert" role="alert"><p>${t.text(errorKeys[code] ?? "errorDefault")}</p></div>\n`;

  if (!(await ctx.getSession())?.user) {
    const back = `${here}${reference ? `?${new URLSearchParams({ organization: reference })}` : ""}`;
    return ctx.redirect(`${here.slice(0, -"/sso/manage".length)}/signin?${new URLSearchParams({ callbackUrl: back })}`);
  }
  const adapter = adapterOf(ctx);
  const organization = reference ? ((await adapter.getOrganizationBySlug(reference)) ?? (await adapter.getOrganization(reference))) : null;
  // A refusal names no organization: the page of one the caller is not in says only that it is not theirs.
  if (!organization) return respond(404, t.text("manageHeading"), alert("OrganizationNotFound"));
  const title = t.text("manageTitle", { organization: organization.name });

  let refused: SsoRequestRefused | null = null;
  if (ctx.method === "POST") {
    const intent = text(body.intent);
    try {
      if (!Object.hasOwn(intents, intent)) throw new SsoRequestRefused(400, "InvalidIntent", "No such form.");
      await perform(ctx, admin, organization.id, intent as Intent, body);
      return ctx.redirect(`${here}?${new URLSearchParams({ organization: organization.slug, done: intent })}`);
    } catch (error) {
      if (!(error instanceof SsoRequestRefused)) throw error;
      refused = error;
    }
  }
  let connections: ShownAnyConnection[];
  let domains: ShownDomain[];
  try {
    [connections, domains] = await Promise.all([admin.listConnections(ctx, organization.id), admin.listDomains(ctx, organization.id)]);
  } catch (error) {
    if (!(error instanceof SsoRequestRefused)) throw error;
    return respond(error.status, t.text("manageHeading"), alert(error.code));
  }
  const done = text(ctx.query.done);
  const notice = refused ? alert(refused.code) : Object.hasOwn(intents, done) ? html`<p role="status">${t.text(intents[done as Intent])}</p>\n` : "";
  const view: View = { here, csrfToken: await ctx.csrfToken(), organization, connections, domains, sent: refused ? body : {} };
  return respond(refused?.status ?? 200, title, content(view, t), notice);
}
