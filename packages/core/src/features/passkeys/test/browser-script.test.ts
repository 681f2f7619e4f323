/**
 * The passkey client reaches the browser as prebuilt text, so it cannot depend on how the
 * server's code is compiled (tsx, for one, injects a `__name` helper into functions it compiles).
 */
import { readFileSync } from "node:fs";
import { runInNewContext } from "node:vm";
import { describe, expect, test } from "vitest";
import { webAuthnScript } from "@latch/core/webauthn-script";
import { browserScriptModule, outputPath } from "../../../../scripts/browser-script.js";

describe("the passkey client text", () => {
  test("the committed src/features/passkeys/script-source.ts is built from src/features/passkeys/browser/passkey-page.ts (npm run build:browser)", async () => {
    expect(readFileSync(outputPath, "utf8")).toBe(await browserScriptModule());
  });

  test("runs with nothing but browser globals and calls back into no server helper", () => {
    const script = webAuthnScript({ baseUrl: "/auth/", conditionalUI: "passkey" });
    expect(script).not.toMatch(/__name|require\(|\bimport\b/);
    const queried: string[] = [];
    // The smallest page that the script touches when no form is on it.
    const document = { querySelectorAll: (selector: string) => (queried.push(selector), []) };
    runInNewContext(script, { document });
    expect(queried).toEqual(["form[data-latch-webauthn]"]);
  });

  test("embeds its options as JSON that cannot close the script element", () => {
    const script = webAuthnScript({ baseUrl: "/a</script><b>" });
    expect(script).not.toContain("</script");
    expect(script).toContain('"baseUrl":"/a\\u003c/script>\\u003cb>"');
  });
});
