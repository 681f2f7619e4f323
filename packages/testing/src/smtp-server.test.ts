import { createTransport } from "nodemailer";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startSmtpServer, type SmtpTestServer } from "./smtp-server.js";

let smtp: SmtpTestServer;
beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(() => smtp.close());
beforeEach(() => smtp.clear());

describe("startSmtpServer", () => {
  it("listens on 127.0.0.1 and names itself with an smtp:// URL", () => {
    expect(smtp.host).toBe("127.0.0.1");
    expect(smtp.port).toBeGreaterThan(0);
    expect(smtp.url).toBe(`smtp://127.0.0.1:${smtp.port}`);
  });

  it("receives a message sent with nodemailer, parsed, with the envelope recipients", async () => {
    const transport = createTransport(smtp.url);
    const link = "http://127.0.0.1:3000/auth/callback/email?token=abc&email=a%40example.com";
    await transport.sendMail({
      from: "Latch <noreply@example.com>",
      to: "visible@example.com",
      bcc: "hidden@example.com",
      subject: "Sign in to Latch",
      text: `Sign in: ${link}`,
      html: `<p><a href="${link.replace("&", "&amp;")}">Sign in</a></p>`,
    });
    const mail = await smtp.waitForMail({ to: "HIDDEN@example.com" });
    expect(mail.from).toBe("noreply@example.com");
    expect(mail.to.sort()).toEqual(["hidden@example.com", "visible@example.com"]);
    expect(mail.headerFrom).toEqual(["noreply@example.com"]);
    expect(mail.headerTo).toEqual(["visible@example.com"]);
    expect(mail.subject).toBe("Sign in to Latch");
    expect(mail.text.trim()).toBe(`Sign in: ${link}`);
    expect(mail.html).toContain(">Sign in</a>");
    expect(mail.urls).toEqual([link]);
    expect(mail.user).toBeUndefined();
    expect(smtp.messages).toHaveLength(1);
  });

  it("accepts any credentials without TLS", async () => {
    const transport = createTransport({ host: smtp.host, port: smtp.port, secure: false, auth: { user: "someone", pass: "anything" } });
    await transport.verify();
    await transport.sendMail({ from: "a@example.com", to: "b@example.com", subject: "hi", text: "hello" });
    const mail = await smtp.waitForMail();
    expect(mail.user).toBe("someone");
    expect(mail.html).toBe("");
    expect(mail.to).toEqual(["b@example.com"]);
  });

  it("returns each message once, waits for the next, and times out", async () => {
    const transport = createTransport(smtp.url);
    const send = (to: string, subject: string) => transport.sendMail({ from: "a@example.com", to, subject, text: subject });
    await send("x@example.com", "first");
    expect((await smtp.waitForMail({ to: "x@example.com" })).subject).toBe("first");
    const pending = smtp.waitForMail({ to: "x@example.com", timeoutMs: 3000 });
    await send("y@example.com", "other");
    await send("x@example.com", "second");
    expect((await pending).subject).toBe("second");
    await expect(smtp.waitForMail({ to: "x@example.com", timeoutMs: 100 })).rejects.toThrow(/no mail to x@example.com/);
    expect((await smtp.waitForMail({ to: "y@example.com" })).subject).toBe("other");
  });
});
