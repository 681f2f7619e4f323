/** Verified domains: a DNS TXT record carrying the organization's token proves it holds the domain. */
import { resolveTxt } from "node:dns/promises";

/** Reads a name's TXT records, each as its strings (`node:dns/promises` `resolveTxt`'s shape). */
export type TxtResolver = (name: string) => Promise<string[][]>;

/** The resolver by default: the system's, through `node:dns/promises`. */
export const systemResolver: TxtResolver = (name) => resolveTxt(name);

/** The name the TXT record goes under. */
export const recordName = (domain: string): string => `_latch-sso.${domain}`;
/** The TXT record's value. */
export const recordValue = (token: string): string => `latch-sso-verification=${token}`;

/** A domain as stored: lower case, no trailing dot; `null` when it is not a host name with a dot. */
export function normalizeDomain(input: unknown): string | null {
  if (typeof input !== "string") return null;
  const domain = input.trim().toLowerCase().replace(/\.$/, "");
  if (domain.length > 253 || !/^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/.test(domain)) return null;
  return domain;
}

/** True when one of the name's TXT records is exactly the value; a failed lookup is `false`. */
export async function hasRecord(resolver: TxtResolver, domain: string, token: string): Promise<boolean> {
  let records: string[][];
  try {
    records = await resolver(recordName(domain));
  } catch {
    return false;
  }
  return records.some((strings) => strings.join("") === recordValue(token));
}

/** The domain of an address, lower case; `null` without one. */
export function domainOf(email: string): string | null {
  const at = email.lastIndexOf("@");
  return at > 0 ? normalizeDomain(email.slice(at + 1)) : null;
}
