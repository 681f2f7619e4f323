/** `npm start -w @latch/example-mcp`: the app on PORT (3000), its MCP endpoint at /mcp. */
import { createApp } from "./app.js";

const port = Number(process.env.PORT ?? 3000);
const origin = process.env.AUTH_URL ?? `http://127.0.0.1:${port}`;
const { app } = await createApp(origin);
app.listen(port, "127.0.0.1", () => console.log(`MCP server at ${origin}/mcp; sign-in at ${origin}/auth/signin`));
