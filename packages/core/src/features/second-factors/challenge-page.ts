/**
 * The built-in page where a sign-in waits for its second factor: a code from the authenticator
 * app, a backup code, or a code sent by email when the app offers it.
 */
import { pageLanguage, type PageLanguage } from "../../pages/language.js";
import { hiddenFormFields, renderDocument } from "../../pages/layout.js";
import type { RenderedPage } from "../../pages/types.js";
import { html, type SafeHtml } from "../../security/escape.js";
import type { Theme } from "../../types/theme.js";

/** What the challenge page shows. */
export interface ChallengePageProps {
  /** `<base>/second-factor`: where every form of the page POSTs. */
  action: string;
  csrfToken: string;
  callbackUrl: string;
  /** Which ways of answering the user has. */
  kinds: readonly ("totp" | "backup" | "email")[];
  /** Show the backup-code form first (`?kind=backup`). */
  backup: boolean;
  /** Offer "remember this device" (the app turned it on). */
  remember: boolean;
  /** The last answer was wrong (`?error=SecondFactorInvalid`); `"used"`: a backup code already spent (`&reason=used`). */
  wrong: boolean | "used";
  /** An email code was just sent (`?sent=email`). */
  sent: boolean;
  theme: Theme;
  language?: PageLanguage;
}

const extraCss = ".choices{display:flex;flex-direction:column;gap:.5rem;margin-top:1rem}.choices a{text-align:center}label.check{display:flex;gap:.5rem;align-items:center;font-weight:normal}label.check input{width:auto;margin:0}";

function codeForm(props: ChallengePageProps, language: PageLanguage, kind: "totp" | "backup" | "email"): SafeHtml {
  const label = language.text(kind === "backup" ? "secondFactorBackupLabel" : kind === "email" ? "secondFactorEmailLabel" : "secondFactorCodeLabel");
  const numeric = kind !== "backup";
  const input = html`<input id="second-factor-code" name="code" type="text" autocomplete="one-time-code" required autofocus maxlength="64"${
    numeric ? html` inputmode="numeric" pattern="[0-9 ]*"` : ""
  }>`;
  return html`<form method="post" action="${props.action}">
${hiddenFormFields(props)}
<input type="hidden" name="kind" value="${kind}">
<label for="second-factor-code">${label}</label>
${input}
${props.remember ? html`<label class="check"><input type="checkbox" name="remember" value="true">${language.text("secondFactorRemember")}</label>\n` : ""}<button type="submit">${language.text("secondFactorSubmit")}</button>
</form>`;
}

function sendEmailForm(props: ChallengePageProps, language: PageLanguage): SafeHtml {
  return html`<form method="post" action="${props.action}">
${hiddenFormFields(props)}
<input type="hidden" name="send" value="email">
<button type="submit">${language.text(props.sent ? "secondFactorEmailAgain" : "secondFactorEmailSend")}</button>
</form>`;
}

/**
 * Renders the challenge page (status 200). The code form answers with the authenticator app's
 * code, or with a backup code (`backup`), or with the emailed code after "Email me a code"; links
 * switch between them. Every form carries `csrfToken` and `callbackUrl`.
 *
 * @example
 * ```ts
 * const { html } = renderChallengePage({ action: `${base}/second-factor`, csrfToken, callbackUrl,
 *   kinds: ["totp", "backup"], backup: false, remember: true, wrong: false, sent: false, theme: {} });
 * ```
 */
export function renderChallengePage(props: ChallengePageProps): RenderedPage {
  const language = props.language ?? pageLanguage();
  const has = (kind: "totp" | "backup" | "email") => props.kinds.includes(kind);
  // Which code the form asks for: the backup code when asked, the emailed one after sending it,
  // else the app's (or, for a user without an app, whatever is left).
  const kind = props.backup && has("backup") ? "backup" : props.sent && has("email") ? "email" : has("totp") ? "totp" : has("email") ? "email" : "backup";
  const intro = language.text(kind === "backup" ? "secondFactorBackupIntro" : kind === "email" ? (props.sent ? "secondFactorEmailSent" : "secondFactorEmailIntro") : "secondFactorIntro");
  const alert = props.wrong ? html`<div class="alert" role="alert"><p>${language.text(props.wrong === "used" ? "secondFactorBackupUsed" : "secondFactorWrong")}</p></div>\n` : "";
  const showCodeForm = kind !== "email" || props.sent;
  const switchTo = (query: string, key: "secondFactorUseApp" | "secondFactorUseBackup") => html`<a href="${`${props.action}${query}`}">${language.text(key)}</a>`;
  const choices: (SafeHtml | string)[] = [];
  if (kind !== "totp" && has("totp")) choices.push(switchTo("", "secondFactorUseApp"));
  if (kind !== "backup" && has("backup")) choices.push(switchTo("?kind=backup", "secondFactorUseBackup"));
  if (has("email")) choices.push(sendEmailForm(props, language));
  const body = html`${alert}<p>${intro}</p>
${showCodeForm ? codeForm(props, language, kind) : ""}
${choices.length ? html`<div class="choices">\n${choices.map((c) => html`${c}\n`)}</div>\n` : ""}`;
  const title = language.text("secondFactorTitle");
  return { status: 200, html: renderDocument({ title, theme: props.theme, body, extraCss, language }) };
}
