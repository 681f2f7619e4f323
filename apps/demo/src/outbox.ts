/**
 * The demo's development outbox: an email provider that, instead of sending mail, keeps each
 * sign-in email in memory and shows it on `/dev/outbox`, so email sign-in works offline. The page
 * hands out working sign-in links to whoever can reach it, so it exists only outside production.
 */
import type { EmailConfig, SendVerificationRequestParams } from "@latch/core/providers";
import type { EmailCodeMessage } from "@latch/core/second-factors";
import type { RequestHandler } from "express";
import { escapeHtml, formatDate, layout } from "./views.js";

/** One email the outbox kept. */
export interface OutboxMessage {
  to: string;
  subject: string;
  /** The sign-in link, for a link email. */
  url?: string;
  /** The 6-digit code, for a code email (a second factor, or a sign-in without a password). */
  code?: string;
  expires: Date;
  sentAt: Date;
}

/** How many emails the outbox keeps; older ones are dropped. */
const LIMIT = 20;

/** An in-memory outbox, newest email first. */
export class Outbox {
  readonly messages: OutboxMessage[] = [];

  /** Keeps a sign-in email (the `sendVerificationRequest` of {@link outboxEmailProvider}). */
  deliver = async ({ identifier, url, expires }: SendVerificationRequestParams): Promise<void> => {
    this.messages.unshift({ to: identifier, subject: `Sign in to ${new URL(url).host}`, url, expires, sentAt: new Date() });
    this.messages.length = Math.min(this.messages.length, LIMIT);
  };

  /** Keeps an email carrying a code (the `sendCode` of `SecondFactors()`). */
  deliverCode = async ({ identifier, subject, code, expires }: EmailCodeMessage): Promise<void> => {
    this.messages.unshift({ to: identifier, subject, code, expires, sentAt: new Date() });
    this.messages.length = Math.min(this.messages.length, LIMIT);
  };

  /** `GET /dev/outbox`: the latest emails with their links and codes. */
  page: RequestHandler = (_req, res) => {
    const rows = this.messages.map(
      (m) => `<div class="card"><p><strong>To:</strong> <code>${escapeHtml(m.to)}</code> · sent ${escapeHtml(formatDate(m.sentAt))}</p>
<p>${escapeHtml(m.subject)}</p><p>${
        m.url ? `<a class="sign-in-link" href="${escapeHtml(m.url)}">Sign in</a>` : `Code <code class="code">${escapeHtml(m.code)}</code>`
      } (works once, until ${escapeHtml(formatDate(m.expires))})</p></div>`,
    );
    const body = rows.length ? rows.join("") : `<p>No email yet. Ask for a sign-in link on <a href="/auth/signin">the sign-in page</a>.</p>`;
    res.set("cache-control", "no-store").type("html").send(layout("Outbox", `<h1>Development outbox</h1>${body}`));
  };
}

/** True where the outbox may exist: anywhere but `NODE_ENV=production`. */
export function outboxEnabled(env: Record<string, string | undefined>): boolean {
  return env.NODE_ENV !== "production";
}

/** The demo's "Email" provider: sign-in links go to `outbox` (read them on `/dev/outbox`). */
export function outboxEmailProvider(outbox: Outbox): EmailConfig {
  return { id: "email", type: "email", name: "Email", maxAge: 60 * 60, sendVerificationRequest: outbox.deliver };
}
