/**
 * The demo's development outbox: an email provider that, instead of sending mail, keeps each
 * email Latch writes in memory and shows it on `/dev/outbox`, so every flow works offline:
 * sign-in links, and for accounts with a password the address confirmation, the password reset
 * and the notice to an address that already has an account. The page hands out working links to
 * whoever can reach it, so it exists only outside production.
 */
import type { EmailConfig, SendVerificationRequestParams } from "@latch/core/providers";
import type { EmailCodeMessage } from "@latch/core/second-factors";
import type { RequestHandler } from "express";
import { escapeHtml, formatDate, layout } from "./views.js";

/** What `sendMessage` of an email provider receives: one finished message for one recipient. */
type SentMessage = Parameters<NonNullable<EmailConfig["sendMessage"]>>[0];

/**
 * What an email is for, told by where its link leads: `sign-in` (an email sign-in link),
 * `verify-email` (confirms the address of a new account), `reset` (choose a new password),
 * `signup-notice` (someone tried to sign up with an address that has an account; the link leads
 * to "forgot your password"), `code` (a 6-digit code: a second factor, or a sign-in without a
 * password).
 */
export type OutboxMailKind = "sign-in" | "verify-email" | "reset" | "signup-notice" | "code";

/** One email the outbox kept. */
export interface OutboxMessage {
  to: string;
  kind: OutboxMailKind;
  subject: string;
  /** The link the email carries (none for a code email). */
  url?: string;
  /** The 6-digit code, for a code email (a second factor, or a sign-in without a password). */
  code?: string;
  /** The plain-text body, as Latch wrote it (emails other than sign-in links and codes). */
  text?: string;
  /** When a sign-in link or a code stops working. */
  expires?: Date;
  sentAt: Date;
}

/** How many emails the outbox keeps; older ones are dropped. */
const LIMIT = 20;

/** The kind of an email whose link is `url`. */
export function mailKind(url: string): OutboxMailKind {
  const path = new URL(url).pathname;
  if (path.endsWith("/verify-email")) return "verify-email";
  if (path.endsWith("/password/reset")) return "reset";
  if (path.endsWith("/password/forgot")) return "signup-notice";
  return "sign-in";
}

/** The words of each kind's link on the outbox page. */
const linkText: Record<OutboxMailKind, string> = {
  "sign-in": "Sign in",
  "verify-email": "Confirm the address",
  reset: "Choose a new password",
  "signup-notice": "Reset the password",
  code: "",
};

/** An in-memory outbox, newest email first. */
export class Outbox {
  readonly messages: OutboxMessage[] = [];

  private keep(message: OutboxMessage): void {
    this.messages.unshift(message);
    this.messages.length = Math.min(this.messages.length, LIMIT);
  }

  /** Keeps a sign-in email (the `sendVerificationRequest` of {@link outboxEmailProvider}). */
  deliver = async ({ identifier, url, expires }: SendVerificationRequestParams): Promise<void> => {
    this.keep({ to: identifier, kind: mailKind(url), subject: `Sign in to ${new URL(url).host}`, url, expires, sentAt: new Date() });
  };

  /** Keeps any other email Latch writes (the `sendMessage` of {@link outboxEmailProvider}). */
  send = async ({ to, message }: SentMessage): Promise<void> => {
    const url = /https?:\/\/[^\s<>"]+/.exec(message.text)?.[0] ?? "";
    this.keep({ to, kind: url ? mailKind(url) : "sign-in", subject: message.subject, url, text: message.text, sentAt: new Date() });
  };

  /** Keeps an email carrying a code (the `sendCode` of `SecondFactors()`). */
  deliverCode = async ({ identifier, subject, code, expires }: EmailCodeMessage): Promise<void> => {
    this.keep({ to: identifier, kind: "code", subject, code, expires, sentAt: new Date() });
  };

  /** `GET /dev/outbox`: the latest emails with their links and codes. */
  page: RequestHandler = (_req, res) => {
    const rows = this.messages.map((m) => {
      const until = m.expires ? ` (works once, until ${escapeHtml(formatDate(m.expires))})` : "";
      const link = m.url
        ? `<p><a class="${m.kind === "sign-in" ? "sign-in-link" : "mail-link"}" href="${escapeHtml(m.url)}">${linkText[m.kind]}</a>${until}</p>`
        : m.code
          ? `<p>Code <code class="code">${escapeHtml(m.code)}</code>${until}</p>`
          : "";
      const text = m.text ? `<details><summary>The email</summary><pre class="mail-text">${escapeHtml(m.text)}</pre></details>` : "";
      return `<div class="card mail" data-to="${escapeHtml(m.to)}" data-kind="${m.kind}"><p><strong>To:</strong> <code>${escapeHtml(m.to)}</code> · sent ${escapeHtml(formatDate(m.sentAt))}</p>
<p class="subject">${escapeHtml(m.subject)}</p>${link}${text}</div>`;
    });
    const body = rows.length ? rows.join("") : `<p>No email yet. Ask for a sign-in link on <a href="/auth/signin">the sign-in page</a>.</p>`;
    res.set("cache-control", "no-store").type("html").send(layout("Outbox", `<h1>Development outbox</h1>${body}`));
  };
}

/** True where the outbox may exist: anywhere but `NODE_ENV=production`. */
export function outboxEnabled(env: Record<string, string | undefined>): boolean {
  return env.NODE_ENV !== "production";
}

/** The demo's "Email" provider: every email goes to `outbox` (read them on `/dev/outbox`). */
export function outboxEmailProvider(outbox: Outbox): EmailConfig {
  return { id: "email", type: "email", name: "Email", maxAge: 60 * 60, sendVerificationRequest: outbox.deliver, sendMessage: outbox.send };
}
