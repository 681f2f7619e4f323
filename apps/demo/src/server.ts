import { createDemoApp } from "./app.js";
import { dataDir, openDemoDatabase } from "./database.js";
import { demoSecret } from "./secret.js";

const port = Number(process.env.PORT ?? 3000);
const origin = process.env.AUTH_URL ? new URL(process.env.AUTH_URL).origin : `http://localhost:${port}`;
const log = (line: string) => console.log(`[demo] ${line}`);

const database = await openDemoDatabase(`${dataDir}/pglite`);
const { app } = createDemoApp({ origin, secret: demoSecret(process.env, log, `${dataDir}/dev-secret`), auth: { adapter: database.adapter } });
app.listen(port, () => log(`Latch demo on ${origin} — sign in at ${origin}/auth/signin`));
