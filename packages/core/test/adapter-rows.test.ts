/**
 * The row readers and writers the SQL adapters share (`@latch/core/adapters`): how a date written as
 * SQLite text, an `amr` written as one text and a session id passed by a caller are read, whatever
 * the time zone of the process.
 */
import { afterEach, describe, expect, test } from "vitest";
import { methodsText, sessionFromRow, sessionIdOf, sqlDateText } from "../src/adapters.js";

const zone = process.env.TZ;
afterEach(() => {
  if (zone === undefined) delete process.env.TZ;
  else process.env.TZ = zone;
});

const row = { sessionToken: "t", userId: "u", expires: "2026-01-02 03:04:05.678" };

describe("shared row conversion", () => {
  test("a date stored as zoneless SQL text is UTC, also in a process far from UTC", () => {
    process.env.TZ = "America/Los_Angeles";
    expect(sessionFromRow(row).expires.toISOString()).toBe("2026-01-02T03:04:05.678Z");
    expect(sessionFromRow({ ...row, expires: "2026-01-02T03:04:05" }).expires.toISOString()).toBe("2026-01-02T03:04:05.000Z");
    // Text that names its zone keeps it.
    expect(sessionFromRow({ ...row, expires: "2026-01-02T03:04:05+02:00" }).expires.toISOString()).toBe("2026-01-02T01:04:05.000Z");
  });

  test("sqlDateText writes the UTC text the readers read back", () => {
    process.env.TZ = "Asia/Tokyo";
    const at = new Date(Date.UTC(2026, 10, 27, 23, 59, 58, 7));
    expect(sqlDateText(at)).toBe("2026-11-27 23:59:58.007");
    expect(sessionFromRow({ ...row, expires: sqlDateText(at) }).expires).toEqual(at);
  });

  test("amr is read from an array or from one text of methods separated by spaces", () => {
    expect(sessionFromRow({ ...row, amr: methodsText(["pwd", "otp", "mfa"]) }).amr).toEqual(["pwd", "otp", "mfa"]);
    expect(sessionFromRow({ ...row, amr: "" }).amr).toEqual([]);
    expect(sessionFromRow({ ...row, amr: ["hwk"] }).amr).toEqual(["hwk"]);
    expect(sessionFromRow({ ...row, amr: null }).amr).toBeNull();
    expect(sessionFromRow(row)).not.toHaveProperty("amr");
  });

  test("a session id names a row only in the column's own shape", () => {
    expect(sessionIdOf("1", "serial")).toBe(1);
    expect(sessionIdOf("2147483647", "serial")).toBe(2_147_483_647);
    for (const id of ["0", "-1", "01", "2147483648", "1 OR 1=1", "", "\u0000", "1e3"]) expect(sessionIdOf(id, "serial"), id).toBeNull();
    const uuid = "0f8fad5b-d9cb-469f-a165-70867728950e";
    expect(sessionIdOf(uuid, "uuid")).toBe(uuid);
    for (const id of ["1", `${uuid} `, uuid.replace(/-/g, ""), "'; DROP TABLE sessions; --"]) expect(sessionIdOf(id, "uuid"), id).toBeNull();
  });
});
