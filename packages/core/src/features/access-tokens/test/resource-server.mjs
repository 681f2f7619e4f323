// A service that accepts Latch's access tokens knowing only the JWKS address, the issuer and the
// audience: jose and node:http, nothing of Latch. Run as its own process by the tests beside it.
// GET /me with `Authorization: Bearer <token>` answers the verified claims, or 401 with jose's code.
// `X-Verify-At` (seconds) verifies at that time instead of now, for tests that set Latch's clock.
import { createServer } from "node:http";
import { createRemoteJWKSet, jwtVerify } from "jose";

const { JWKS_URL, ISSUER, AUDIENCE, JWKS_CACHE_MS } = process.env;
const keys = createRemoteJWKSet(new URL(JWKS_URL), JWKS_CACHE_MS === undefined ? {} : { cacheMaxAge: Number(JWKS_CACHE_MS) });

const server = createServer(async (req, res) => {
  const send = (status, body) => {
    res.writeHead(status, { "content-type": "application/json" });
    res.end(JSON.stringify(body));
  };
  const [scheme, token] = (req.headers.authorization ?? "").split(" ");
  if (req.url !== "/me" || scheme !== "Bearer" || !token) return send(400, { error: "bad request" });
  const at = req.headers["x-verify-at"];
  try {
    const { payload, protectedHeader } = await jwtVerify(token, keys, {
      issuer: ISSUER,
      audience: AUDIENCE,
      algorithms: ["EdDSA", "ES256", "RS256"],
      ...(at ? { currentDate: new Date(Number(at) * 1000) } : {}),
    });
    send(200, { payload, header: protectedHeader });
  } catch (error) {
    send(401, { error: error.code ?? String(error) });
  }
});
server.listen(0, "127.0.0.1", () => process.stdout.write(`${server.address().port}\n`));
