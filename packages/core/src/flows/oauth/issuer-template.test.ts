import { describe, expect, test } from "vitest";
import { isIssuerTemplate, matchesIssuerTemplate, templateCoversIssuer, tenantIssuer } from "./issuer-template.js";

const template = "https://login.microsoftonline.com/{tenantid}/v2.0";
const tenant = "9188040d-6c67-4c5b-b112-36a304b66dad";

describe("issuer templates", () => {
  test("only an issuer with one {tenantid} placeholder is a template", () => {
    expect(isIssuerTemplate(template)).toBe(true);
    expect(isIssuerTemplate("https://login.microsoftonline.com/common/v2.0")).toBe(false);
    expect(isIssuerTemplate("https://{tenantid}.example/{tenantid}")).toBe(false);
  });

  test("discovery: the template covers the common, organizations and consumers issuers only", () => {
    for (const name of ["common", "organizations", "consumers"]) {
      expect(templateCoversIssuer(template, `https://login.microsoftonline.com/${name}/v2.0`)).toBe(true);
    }
    expect(templateCoversIssuer(template, `https://login.microsoftonline.com/${tenant}/v2.0`)).toBe(false);
    expect(templateCoversIssuer(template, "https://login.microsoftonline.com/contoso/v2.0")).toBe(false);
    expect(templateCoversIssuer(template, "https://attacker.example/common/v2.0")).toBe(false);
    expect(templateCoversIssuer("https://login.microsoftonline.com/common/v2.0", "https://login.microsoftonline.com/common/v2.0")).toBe(false);
  });

  test("a GUID-shaped tid fills the template; anything else does not", () => {
    expect(tenantIssuer(template, tenant)).toBe(`https://login.microsoftonline.com/${tenant}/v2.0`);
    for (const tid of [undefined, 42, "", "common", "attacker.example/x", `${tenant}/..`, `${tenant}x`]) {
      expect(tenantIssuer(template, tid)).toBeUndefined();
    }
    expect(tenantIssuer("https://login.microsoftonline.com/common/v2.0", tenant)).toBeUndefined();
  });

  test("RFC 9207 iss: the template with a GUID in place matches", () => {
    expect(matchesIssuerTemplate(template, `https://login.microsoftonline.com/${tenant}/v2.0`)).toBe(true);
    expect(matchesIssuerTemplate(template, "https://login.microsoftonline.com/common/v2.0")).toBe(false);
    expect(matchesIssuerTemplate(template, `https://login.microsoftonline.com/${tenant}/v2.0/x`)).toBe(false);
    expect(matchesIssuerTemplate(template, `https://attacker.example/${tenant}/v2.0`)).toBe(false);
    expect(matchesIssuerTemplate(template, "https://login.microsoftonline.com//v2.0")).toBe(false);
  });
});
