/**
 * The HTTP-API email providers, driven through Latch over real HTTP, send to a loopback stand-in
 * of each service (see api-stand-in.ts): method, URL, headers and body are checked, and the link
 * they carry signs the user in.
 */
import Mailgun from "@latch/core/providers/mailgun";
import Postmark from "@latch/core/providers/postmark";
import Resend from "@latch/core/providers/resend";
import SendGrid from "@latch/core/providers/sendgrid";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { startApiStandIn, type ApiStandIn, type RecordedRequest } from "./api-stand-in.js";
import { createBrowser, startEmailHarness, type EmailHarness } from "./harness.js";

let api: ApiStandIn;
let h: EmailHarness;
const from = "Latch Test <no-reply@mg.latch.test>";
const email = "ada@example.com";

beforeAll(async () => {
  api = await startApiStandIn();
  process.env.AUTH_RESEND_KEY = "re_from_env";
  h = await startEmailHarness([
    Resend({ from, apiBaseUrl: api.url }),
    SendGrid({ from, apiBaseUrl: `${api.url}/`, apiKey: "SG.key" }),
    Postmark({ from, apiBaseUrl: api.url, apiKey: "pm-server-token" }),
    Mailgun({ from, apiBaseUrl: api.url, apiKey: "mg-key" }),
  ]);
});
afterAll(async () => {
  delete process.env.AUTH_RESEND_KEY;
  await h?.close();
  await api?.close();
});
beforeEach(async () => {
  api.requests.length = 0;
  api.answerWith(200, { id: "accepted" });
  await h.db.query("DELETE FROM verification_token");
});

/** Requests a link through `providerId` and returns the one request the stand-in received. */
async function send(providerId: string): Promise<RecordedRequest> {
  const response = await h.requestLink(createBrowser(), providerId, email);
  expect(response.headers.get("location")).toBe(`${h.base}/verify-request?provider=${providerId}&type=email`);
  expect(api.requests).toHaveLength(1);
  return api.requests[0]!;
}

function expectLink(text: string, providerId: string): string {
  const link = /https?:\/\/[^\s"<]+/.exec(text.replaceAll("&amp;", "&"))![0];
  const url = new URL(link);
  expect(`${url.origin}${url.pathname}`).toBe(`${h.base}/callback/${providerId}`);
  expect(url.searchParams.get("email")).toBe(email);
  return link;
}

describe("HTTP-API email providers", () => {
  test("Resend: POST /emails, bearer key from AUTH_RESEND_KEY, JSON body; the link signs in", async () => {
    const request = await send("resend");
    expect(request.method).toBe("POST");
    expect(request.path).toBe("/emails");
    expect(request.headers.authorization).toBe("Bearer re_from_env");
    expect(request.headers["content-type"]).toBe("application/json");
    const body = JSON.parse(request.body);
    expect(Object.keys(body).sort()).toEqual(["from", "html", "subject", "text", "to"]);
    expect(body.from).toBe(from);
    expect(body.to).toEqual([email]);
    expect(body.subject).toMatch(/^Sign in to 127\.0\.0\.1:\d+$/);
    const link = expectLink(body.text, "resend");
    expect(body.html.replaceAll("&amp;", "&")).toContain(link);

    const browser = createBrowser();
    expect((await browser.fetch(link)).headers.get("location")).toBe(`${h.origin}/done`);
    expect((await h.session(browser))?.user?.email).toBe(email);
  });

  test("SendGrid: POST /v3/mail/send, bearer key, personalizations and text before html", async () => {
    const request = await send("sendgrid");
    expect(request.method).toBe("POST");
    expect(request.path).toBe("/v3/mail/send");
    expect(request.headers.authorization).toBe("Bearer SG.key");
    expect(request.headers["content-type"]).toBe("application/json");
    const body = JSON.parse(request.body);
    expect(body.personalizations).toEqual([{ to: [{ email }] }]);
    expect(body.from).toEqual({ name: "Latch Test", email: "no-reply@mg.latch.test" });
    expect(body.subject).toMatch(/^Sign in to /);
    expect(body.content.map((c: { type: string }) => c.type)).toEqual(["text/plain", "text/html"]);
    expectLink(body.content[0].value, "sendgrid");
  });

  test("Postmark: POST /email, server token header, PascalCase JSON, outbound stream", async () => {
    const request = await send("postmark");
    expect(request.method).toBe("POST");
    expect(request.path).toBe("/email");
    expect(request.headers["x-postmark-server-token"]).toBe("pm-server-token");
    expect(request.headers.accept).toBe("application/json");
    expect(request.headers["content-type"]).toBe("application/json");
    const body = JSON.parse(request.body);
    expect(Object.keys(body).sort()).toEqual(["From", "HtmlBody", "MessageStream", "Subject", "TextBody", "To"]);
    expect(body).toMatchObject({ From: from, To: email, MessageStream: "outbound" });
    expectLink(body.TextBody, "postmark");
  });

  test("Mailgun: POST /v3/<domain of from>/messages, basic auth api:<key>, multipart form", async () => {
    const request = await send("mailgun");
    expect(request.method).toBe("POST");
    expect(request.path).toBe("/v3/mg.latch.test/messages");
    expect(request.headers.authorization).toBe(`Basic ${Buffer.from("api:mg-key").toString("base64")}`);
    expect(request.headers["content-type"]).toMatch(/^multipart\/form-data; boundary=/);
    const form = await new Response(request.body, { headers: { "content-type": request.headers["content-type"]! } }).formData();
    expect([...form.keys()].sort()).toEqual(["from", "html", "subject", "text", "to"]);
    expect(form.get("from")).toBe(from);
    expect(form.get("to")).toBe(email);
    expectLink(String(form.get("text")), "mailgun");
  });

  test("a refusal by the service is EmailSignInError; the unsent link's token is spent", async () => {
    api.answerWith(422, { message: "Invalid `from` field." });
    const response = await h.requestLink(createBrowser(), "postmark", email);
    expect(response.headers.get("location")).toBe(`${h.base}/signin?error=EmailSignInError`);
    expect(await h.tokens()).toHaveLength(0);
    const line = h.logs.find((l) => l.includes("EmailSignInError"));
    expect(line).toContain("HTTP 422");
    expect(line).not.toMatch(/token=/);
  });

  test("a provider without an API key names the variable to set", async () => {
    h.configure({ providers: [Postmark({ from, apiBaseUrl: api.url })] });
    try {
      await h.requestLink(createBrowser(), "postmark", email);
      expect(api.requests).toHaveLength(0);
      expect(h.logs.join("\n")).toContain("AUTH_POSTMARK_KEY");
    } finally {
      h.configure({});
    }
  });
});
