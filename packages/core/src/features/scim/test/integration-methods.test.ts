/**
 * What the framework integrations ask before handing a request to `Auth()`: PUT, PATCH and DELETE
 * reach the rows of a configured feature that answers them (`Scim()`) and a plugin's routes, and
 * are refused everywhere else.
 */
import { refusedMethod, takesOtherMethods } from "@latch/core/integration";
import { Scim } from "@latch/core/scim";
import { SessionControl } from "@latch/core/sessions";
import { describe, expect, test } from "vitest";

describe("methods other than GET, HEAD and POST in the integrations", () => {
  test("a configured feature's rows that answer them take them; nothing else does", () => {
    expect(takesOtherMethods("/scim/v2/Users/1", { scim: Scim() } as never)).toBe(true);
    expect(takesOtherMethods("/scim/v2/Users/1", {})).toBe(false);
    expect(takesOtherMethods("/sessions", { session: { control: SessionControl() }, scim: Scim() } as never)).toBe(false);
    expect(takesOtherMethods("/session", { scim: Scim() } as never)).toBe(false);
    expect(takesOtherMethods("/widgets/x", { plugins: [{ id: "widgets" }] })).toBe(true);
    expect(refusedMethod("PATCH", "/scim/v2/Users/1", { scim: Scim() } as never)).toBeUndefined();
    expect(refusedMethod("DELETE", "/session", { scim: Scim() } as never)?.status).toBe(405);
    expect(refusedMethod("TRACE", "/scim/v2/Users", { scim: Scim() } as never)?.status).toBe(405);
  });
});
