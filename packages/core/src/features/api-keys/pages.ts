/**
 * The built-in "API keys" page (`GET <base>/api-keys` for a browser): the signed-in user's keys
 * (name, public part, scopes, dates; never a secret or a hash) with a button to revoke each, and
 * a form that makes one. A new key is shown on the answer to that form, this once.
 */
import { formatPageDate } from "../../pages/dates.js";
import { pageLanguage, type PageLanguage } from "../../pages/language.js";
import { hiddenFormFields, renderDocument } from "../../pages/layout.js";
import type { RenderedPage } from "../../pages/types.js";
import { html, type SafeHtml } from "../../security/escape.js";
import type { Theme } from "../../types/theme.js";
import type { ApiKeyInfo } from "../../types/api-key-options.js";
import { apiKeyEnglish } from "./english.js";

/** The expiry choices of the form, in days; "never" is offered first. */
export const expiryChoices = [7, 30, 90, 365] as const;

/** What the page says above the list after a form was answered. */
export interface ApiKeysNotice {
  /** The whole key just made: shown this once. */
  created?: string;
  /** A key was revoked. */
  revoked?: boolean;
  /** The form to make a key was refused (a name or scope of the wrong shape). */
  invalid?: boolean;
}

/** What the API-keys page needs. */
export interface ApiKeysPageProps {
  /** The user's keys, newest first. */
  keys: readonly ApiKeyInfo[];
  /** The keys' prefix (`ApiKeys({ prefix })`), to show each key's public part. */
  prefix: string;
  /** The scopes the form offers as checkboxes; `undefined`: a free field. */
  scopes?: readonly string[];
  /** Sent back as the hidden `csrfToken` field of every form. */
  csrfToken: string;
  /** `<base>/api-keys`: the forms post to `<action>/create` and `<action>/revoke`. */
  action: string;
  /** Sent back as the hidden `callbackUrl` field. */
  callbackUrl: string;
  theme: Theme;
  notice?: ApiKeysNotice;
  /** The language of the page's sentences. Default English. */
  language?: PageLanguage;
}

// Each key is a box of its own with its button inside, as each session is on the sessions page.
const extraCss =
  "ul.keys{list-style:none;padding:0;margin:0 0 1.5rem}li.key{border:1px solid rgba(127,127,127,.35);border-radius:8px;padding:.75rem;margin:0 0 .75rem}li.key p{margin:0}li.key p.meta{font-size:.8125rem;margin-top:.25rem}li.key form{margin-top:.5rem}li.key button{width:auto;min-height:2.25rem;padding:.375rem .875rem}code{word-break:break-all}p.new-key code{display:block;padding:.5rem;border:1px dashed rgba(127,127,127,.6);border-radius:6px;user-select:all}fieldset{border:0;padding:0;margin:0 0 1rem}fieldset label{display:flex;gap:.5rem;align-items:center;font-weight:normal}fieldset input{width:auto;margin:0}select{display:block;width:100%;margin:0 0 1rem;padding:.625rem .75rem;font:inherit;color:var(--text);background:var(--field);border:1px solid var(--border);border-radius:8px}p.hint{font-size:.8125rem;opacity:.8;margin:-.5rem 0 1rem}.alert p.new-key{margin-top:.5rem}summary{cursor:pointer;font-weight:600;margin:0 0 1rem}";

function hidden(props: ApiKeysPageProps): SafeHtml {
  return hiddenFormFields(props);
}

function keyEntry(props: ApiKeysPageProps, key: ApiKeyInfo, language: PageLanguage): SafeHtml {
  const date = (value: Date) => formatPageDate(value, language.lang);
  const dates = [
    language.text("apiKeysCreatedOn", { date: date(key.createdAt) }),
    key.expires ? language.text("apiKeysExpiresOn", { date: date(key.expires) }) : language.text("apiKeysNoExpiry"),
    key.lastUsedAt ? language.text("apiKeysLastUsed", { date: date(key.lastUsedAt) }) : language.text("apiKeysNeverUsed"),
  ].join(" · ");
  const scopes = key.scopes.length ? language.text("apiKeysScopesList", { scopes: key.scopes.join(", ") }) : language.text("apiKeysNoScopes");
  return html`<li class="key">
<p><strong>${key.name}</strong><br><code dir="ltr">${props.prefix}_${key.id}_…</code></p>
<p class="meta">${scopes}<br>
${dates}</p>
<form method="post" action="${props.action}/revoke">
${hidden(props)}
<input type="hidden" name="id" value="${key.id}">
<button type="submit">${language.text("apiKeysRevoke")}</button>
</form>
</li>
`;
}

function scopesField(props: ApiKeysPageProps, language: PageLanguage): SafeHtml {
  if (props.scopes) {
    // One field name per scope: a form's repeated names keep only their first value.
    return html`<fieldset><legend>${language.text("apiKeysScopesLabel")}</legend>
${props.scopes.map((scope, at) => html`<label><input type="checkbox" name="scope.${String(at)}" value="${scope}"> <code>${scope}</code></label>
`)}</fieldset>`;
  }
  return html`<label for="api-key-scopes">${language.text("apiKeysScopesLabel")}</label>
<input id="api-key-scopes" name="scopes" type="text" maxlength="5000" autocomplete="off" dir="ltr" aria-describedby="api-key-scopes-hint">
<p id="api-key-scopes-hint" class="hint">${language.text("apiKeysScopesHint")}</p>`;
}

function createForm(props: ApiKeysPageProps, language: PageLanguage): SafeHtml {
  // Folded under its heading once there are keys to list (a summary needs no script); open while there are none.
  const summary = html`<summary>${language.text("apiKeysNewHeading")}</summary>`;
  const opening = props.keys.length ? html`<details class="create">${summary}` : html`<details class="create" open>${summary}`;
  return html`${opening}
<form method="post" action="${props.action}/create">
${hidden(props)}
<label for="api-key-name">${language.text("apiKeysNameLabel")}</label>
<input id="api-key-name" name="name" type="text" maxlength="100" required autocomplete="off">
${scopesField(props, language)}
<label for="api-key-expiry">${language.text("apiKeysExpiryLabel")}</label>
<select id="api-key-expiry" name="expiresInDays">
<option value="">${language.text("apiKeysExpiryNever")}</option>
${expiryChoices.map((days) => html`<option value="${String(days)}">${language.text("apiKeysExpiryDays", { days: String(days) })}</option>
`)}</select>
<button type="submit">${language.text("apiKeysCreate")}</button>
</form>
</details>`;
}

function noticeOf(notice: ApiKeysNotice, language: PageLanguage): SafeHtml | string {
  if (notice.created) {
    return html`<div class="alert" role="status"><p>${language.text("apiKeysCopyNow")}</p>
<p class="new-key"><code id="new-api-key" dir="ltr">${notice.created}</code></p></div>`;
  }
  if (notice.invalid) return html`<div class="alert" role="alert"><p>${language.text("apiKeysErrorInvalid")}</p></div>`;
  if (notice.revoked) return html`<p role="status">${language.text("apiKeysDoneRevoked")}</p>`;
  return "";
}

/**
 * Renders the API-keys page (status 200): the notice, one entry per key with a form that POSTs
 * `id` to `<action>/revoke`, and the form that POSTs `name`, the scopes and `expiresInDays` to
 * `<action>/create`. Every form carries `csrfToken` and `callbackUrl`.
 *
 * @example
 * ```ts
 * const { html } = renderApiKeysPage({ keys, prefix: "latch", csrfToken, action: `${base}/api-keys`, callbackUrl, theme: {} });
 * ```
 */
export function renderApiKeysPage(props: ApiKeysPageProps): RenderedPage {
  const language = props.language ?? pageLanguage(undefined, undefined, [apiKeyEnglish]);
  const list = props.keys.length
    ? html`<ul class="keys">
${props.keys.map((key) => keyEntry(props, key, language))}</ul>`
    : html`<p>${language.text("apiKeysNone")}</p>`;
  const body = html`${noticeOf(props.notice ?? {}, language)}
<p>${language.text("apiKeysIntro")}</p>
${list}
${createForm(props, language)}
`;
  return { status: 200, html: renderDocument({ title: language.text("apiKeysTitle"), theme: props.theme, body, extraCss, language }) };
}
