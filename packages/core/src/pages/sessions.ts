/**
 * The built-in "your sessions" page: where the signed-in user is signed in, and a button to end
 * each session, every other one, or all of them.
 */
import { html, type SafeHtml } from "../security/escape.js";
import { pageLanguage, type PageLanguage } from "./language.js";
import { hiddenFormFields, renderDocument } from "./layout.js";
import type { RenderedPage, SessionsPageEntry, SessionsPageProps } from "./types.js";

const extraCss = "ul.sessions{list-style:none;padding:0;margin:0 0 1rem}li.session{padding:.5rem 0;border-bottom:1px solid rgba(127,127,127,.3)}";

/** `2026-11-23 22:57 UTC`: unambiguous without the reader's time zone. */
function when(date: Date | null, language: PageLanguage): string {
  return date ? `${date.toISOString().slice(0, 16).replace("T", " ")} UTC` : language.text("sessionsUnknownTime");
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

/**
 * Renders the sessions page (status 200): one entry per session with a form that POSTs `id` to
 * `action`, then "Sign out all other sessions" (`others=true`) and "Sign out everywhere"
 * (`all=true`). Every form carries `csrfToken` and `callbackUrl`.
 *
 * @example
 * ```ts
 * const { html } = renderSessionsPage({ sessions, csrfToken, action: `${base}/sessions/revoke`, callbackUrl, theme: {} });
 * ```
 */
export function renderSessionsPage(props: SessionsPageProps): RenderedPage {
  const language = props.language ?? pageLanguage();
  const others = props.sessions.some((session) => !session.current);
  const body = html`<ul class="sessions">
${props.sessions.map((session) => row(props, session, language))}</ul>
${others ? endForm(props, "others", "true", language.text("sessionsEndOthers")) : ""}
${endForm(props, "all", "true", language.text("sessionsEndAll"))}
`;
  const title = language.text("sessionsTitle");
  return { status: 200, html: renderDocument({ title, theme: props.theme, body, extraCss, nonce: props.nonce, language }) };
}
