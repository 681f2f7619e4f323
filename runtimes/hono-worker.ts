// Entry for workerd: the Hono app as the worker (`workerd serve`). The client's address comes
// from the platform's header on Cloudflare (`RateLimit({ clientAddress: { platform: "cloudflare" } })`).
import { honoApp } from "./hono-app.js";

export default honoApp();
