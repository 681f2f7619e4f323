/**
 * The built-in "your sessions" page: where the signed-in user is signed in, and a button to end
 * each session, every other one, or all of them.
 */
import { html, type SafeHtml } from "../../security/escape.js";
import { formatPageDate } from "../../pages/dates.js";
import { pageLanguage, type PageLanguage } from "../../pages/language.js";
import { sessionControlEnglish } from "./english.js";
import { hiddenFormFields, renderDocument } from "../../pages/layout.js";
import type { RenderedPage, SessionsPageEntry, SessionsPageLink, SessionsPageProps } from "../../pages/types.js";

// Each session is a box of its own with its button inside (a button between two entries reads as
// the next one's); the buttons for all sessions come after the list, apart from it.
const extraCss =
  "ul.sessions{list-style:none;padding:0;margin:0 0 1.5rem}li.session{border:1px solid rgba(127,127,127,.35);border-radius:8px;padding:.75rem;margin:0 0 .75rem}li.session p{margin:0}li.session form{margin-top:.5rem}li.session button{width:auto;min-height:2.25rem;padding:.375rem .875rem}ul.sessions~form+form{margin-top:.5rem}ul.account-pages{list-style:none;padding:0;margin:1.5rem 0 0}";

/** The page's one date format, in UTC: unambiguous without the reader's time zone. */
function when(date: Date | null, language: PageLanguage): string {
  return date ? formatPageDate(date, language.lang) : language.text("sessionsUnknownTime");
}

function endForm(props: SessionsPageProps, field: string, value: string, label: string): SafeHtml {
  return html`<form method="post" action="${props.action}">
${hiddenFormFields(props)}
<input type="hidden" name="${field}" value="${value}">
<button type="submit">${label}</button>
</form>`;
}

function row(props: SessionsPageProps, session: SessionsPageEntry, language: PageLanguage): SafeHtml {
  const times = language.text("sessionsTimes", { created: when(session.createdAt, language), lastSeen: when(session.lastSeenAt, language) });
  const details = html`<p><strong>${session.userAgent ?? language.text("sessionsUnknownBrowser")}</strong>${
    session.current ? ` ${language.text("sessionsThisBrowser")}` : ""
  }<br>
${times}${session.ip ? html` · ${session.ip}` : ""}</p>`;
  return html`<li class="session">
${details}
${session.current ? "" : endForm(props, "id", session.id, language.text("sessionsEnd"))}
</li>
`;
}

/** The plugins' pages of the account, after the buttons. */
function accountPageLinks(links: readonly SessionsPageLink[]): SafeHtml | string {
  if (!links.length) return "";
  return html`<ul class="account-pages">
${links.map((link) => html`<li><a href="${link.href}">${link.label}</a></li>
`)}</ul>
`;
}

/**
 * Renders the sessions page (status 200): one entry per session with a form that POSTs `id` to
 * `action`, then "Sign out all other sessions" (`others=true`) and "Sign out everywhere"
 * (`all=true`). Every form carries `csrfToken` and `callbackUrl`. The plugins' pages of the
 * account (`accountPages`) are linked after them.
 *
 * @example
 * ```ts
 * const { html } = renderSessionsPage({ sessions, csrfToken, action: `${base}/sessions/revoke`, callbackUrl, theme: {} });
 * ```
 */
export function renderSessionsPage(props: SessionsPageProps): RenderedPage {
  const language = props.language ?? pageLanguage(undefined, undefined, [sessionControlEnglish]);
  const others = props.sessions.some((session) => !session.current);
  const body = html`<ul class="sessions">
${props.sessions.map((session) => row(props, session, language))}</ul>
${others ? endForm(props, "others", "true", language.text("sessionsEndOthers")) : ""}
${endForm(props, "all", "true", language.text("sessionsEndAll"))}
${accountPageLinks(props.accountPages ?? [])}`;
  const title = language.text("sessionsTitle");
  return { status: 200, html: renderDocument({ title, theme: props.theme, body, extraCss, nonce: props.nonce, language }) };
}
