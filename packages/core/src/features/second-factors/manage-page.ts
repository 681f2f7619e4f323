/**
 * The built-in page where a signed-in user manages their second factors (`GET
 * <base>/second-factor/enrol`): sets up an authenticator app (QR code, key, first code), sees and
 * renews backup codes, removes a factor. Every form posts to the endpoints of `enrolment.ts`.
 */
import type { AdapterUser } from "../../adapter.js";
import { callbackUrlOf } from "../../security/request-checks.js";
import { csrfOf } from "../../security/request-checks.js";
import type { AuthContext } from "../../config/context.js";
import type { AuthRequest } from "../../http/request.js";
import { noStore, withCookies } from "../../http/respond.js";
import { formatPageDate } from "../../pages/dates.js";
import { chooseLanguage } from "../../pages/language.js";
import { hiddenFormFields, renderDocument } from "../../pages/layout.js";
import { html, trustedHtml, type SafeHtml } from "../../security/escape.js";
import type { MessageKey } from "../../types/language.js";
import type { ResponseInternal } from "../../types/response.js";
import { listFactors } from "./factors.js";
import { rowsOf, storeOf } from "./storage.js";

/** An authenticator app being added: its key as text, the otpauth URI and the URI's QR code (SVG). */
export interface PendingEnrolment {
  id: string;
  secret: string;
  uri: string;
  qr: string;
}

/** What the page says after an endpoint answered. */
export interface ManageNotice {
  /** An enrolment waiting for its first code. */
  enrolment?: PendingEnrolment;
  /** Backup codes to show, once. */
  backupCodes?: string[];
  done?: "enrolled" | "removed" | "regenerated";
  /** The refusal's `error` type. */
  error?: string;
}

const extraCss =
  ".qr svg{width:220px;height:220px;display:block;margin:0 auto 1rem}code.key{word-break:break-all}ul.codes{columns:2 16ch;font-family:monospace;padding-left:1.2rem}ul.codes li{white-space:nowrap}section.factor{padding:.5rem 0;border-bottom:1px solid rgba(127,127,127,.3)}";

const doneKeys: Record<NonNullable<ManageNotice["done"]>, MessageKey> = {
  enrolled: "factorsDoneEnrolled",
  removed: "factorsDoneRemoved",
  regenerated: "factorsDoneRegenerated",
};

function errorKey(error: string): MessageKey {
  return error === "SecondFactorInvalid" ? "factorsErrorInvalid" : error === "SecondFactorFreshProof" ? "factorsErrorFreshProof" : "factorsErrorOther";
}

interface Form {
  action: string;
  csrfToken: string;
  callbackUrl: string;
}

function form(target: Form, step: string, fields: SafeHtml | string, label: string): SafeHtml {
  return html`<form method="post" action="${target.action}/${step}">
${hiddenFormFields(target)}
${fields}
<button type="submit">${label}</button>
</form>`;
}

function codeInput(id: string, label: string): SafeHtml {
  return html`<label for="${id}">${label}</label>
<input id="${id}" name="code" type="text" autocomplete="one-time-code" maxlength="20" required>`;
}

/** Renders the page for `user` with `notice`, and its CSRF cookie. */
export async function renderManagePage(ctx: AuthContext, req: AuthRequest, user: AdapterUser, notice: ManageNotice = {}): Promise<ResponseInternal> {
  const language = await chooseLanguage(ctx, req.request);
  const csrf = await csrfOf(ctx, req);
  // Where "Continue" leads: the checked callback URL (the sign-in's destination when a required
  // enrolment sent the user here), carried through every form of the page.
  const { callbackUrl, cookies } = await callbackUrlOf(ctx, req);
  const target: Form = { action: `${ctx.baseUrl}/second-factor`, csrfToken: csrf.token, callbackUrl };
  const factors = await listFactors(ctx, user.id);
  const app = factors.find((factor) => factor.kind === "totp");
  const backupLeft = (await rowsOf(storeOf(ctx), user.id, "backup")).length;
  const text = (key: MessageKey, values?: Record<string, string>) => language.text(key, values);
  const sections: SafeHtml[] = [];
  if (notice.error) sections.push(html`<div class="alert" role="alert"><p>${text(errorKey(notice.error))}</p></div>`);
  if (notice.done) sections.push(html`<p role="status">${text(doneKeys[notice.done])}</p>`);
  if (notice.backupCodes?.length) {
    sections.push(html`<section class="factor"><p>${text("factorsBackupSave")}</p>
<ul class="codes">${notice.backupCodes.map((code) => html`<li>${code}</li>`)}</ul></section>`);
  }
  if (notice.enrolment) {
    // The SVG is drawn by the QR encoder from the URI's bits: it holds no text of the request.
    sections.push(html`<section class="factor"><p>${text("factorsScan")}</p>
<div class="qr">${trustedHtml(notice.enrolment.qr)}</div>
<p>${text("factorsKey")}: <code class="key">${notice.enrolment.secret}</code></p>
${form(target, "confirm", codeInput("confirm-code", text("factorsCodeLabel")), text("factorsConfirm"))}
${form(target, "cancel", "", text("factorsCancel"))}</section>`);
  }
  if (app) {
    const since = formatPageDate(app.createdAt, language.lang);
    sections.push(html`<section class="factor"><p><strong>${text("factorsAppOn", { date: since })}</strong></p>
${form(target, "remove", html`<input type="hidden" name="kind" value="totp">
${codeInput("remove-code", text("factorsProofLabel"))}`, text("factorsRemoveApp"))}</section>`);
    sections.push(html`<section class="factor"><p>${text("factorsBackupCount", { count: String(backupLeft) })}</p>
${form(target, "backup-codes", codeInput("renew-code", text("factorsProofLabel")), text("factorsNewBackup"))}</section>`);
  } else if (!notice.enrolment) {
    sections.push(html`<section class="factor"><p>${text("factorsAppOff")}</p>
${form(target, "enrol", html`<input type="hidden" name="kind" value="totp">`, text("factorsSetUpApp"))}</section>`);
  }
  if (factors.some((factor) => factor.kind === "email")) sections.push(html`<section class="factor"><p>${text("factorsEmailOn")}</p></section>`);
  const body = html`<p>${text("factorsIntro")}</p>
${sections}
<p><a href="${callbackUrl}">${text("factorsContinue")}</a></p>`;
  const page = renderDocument({ title: text("factorsTitle"), theme: ctx.theme, body, extraCss, language });
  return withCookies({ status: 200, body: page, headers: { ...noStore } }, [csrf.cookie, ...cookies]);
}
