// Serves the Hono app through @hono/node-server on a free port of 127.0.0.1, and prints `listening <port>`.
import { serve } from "@hono/node-server";
import { getConnInfo } from "@hono/node-server/conninfo";
import { honoApp } from "./hono-app.js";

serve({ fetch: honoApp(getConnInfo).fetch, hostname: "127.0.0.1", port: 0 }, (info) => console.log(`listening ${info.port}`));
