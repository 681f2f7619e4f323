import { scopesText, wordsText } from "@latch/core/adapters";
import type { ValueTransformer } from "typeorm";

/** `bigint` columns come back as text from some drivers: read them as numbers. */
export const bigintToNumber: ValueTransformer = {
  to: (value: number | null | undefined) => value,
  from: (value: string | number | null) => (value === null || value === undefined ? null : Number(value)),
};

/**
 * A nullable column whose property is optional, as the adapter types declare token fields
 * (`access_token?: string`): NULL reads as `undefined`, and is written for `undefined` or `null`.
 */
export const nullAsUndefined: ValueTransformer = {
  to: (value: unknown) => value,
  from: (value: unknown) => (value === null ? undefined : value),
};

/** A nullable `bigint` column with an optional number property (`expires_at?: number`). */
export const optionalBigint: ValueTransformer = {
  to: (value: number | null | undefined) => value,
  from: (value: string | number | null | undefined) => (value === null || value === undefined ? undefined : Number(value)),
};

/**
 * A list of words stored as one text, separated by spaces (how `sessions.amr` is stored: RFC 8176
 * method names have no spaces). NULL stays `null`; `""` is the empty list.
 */
export const spaceSeparated: ValueTransformer = {
  to: (value: readonly string[] | null | undefined) => (Array.isArray(value) ? value.join(" ") : value),
  from: (value: string | null | undefined) => (value === null || value === undefined ? null : value.split(" ").filter((word) => word !== "")),
};

/**
 * A date stored as millisecond text, as `@auth/typeorm-adapter`'s entities store every date
 * (`"1767323045678"`); text of another form is read as `Date` parses it.
 */
export const msTextDate: ValueTransformer = {
  to: (value: unknown) => (value instanceof Date ? String(value.getTime()) : value),
  from: (value: unknown) => {
    if (value === null || value === undefined) return null;
    if (value instanceof Date) return value;
    return /^-?\d+$/.test(String(value)) ? new Date(Number(value)) : new Date(String(value));
  },
};

/**
 * An API key's scopes as one text separated by spaces (`scopesText`: a scope with white space is
 * refused, not stored as another list); `""` is the empty list.
 */
export const scopeWords: ValueTransformer = {
  to: (value: readonly string[] | undefined) => (Array.isArray(value) ? scopesText(value) : value),
  from: (value: string | null | undefined) => (value === null || value === undefined ? [] : value.split(" ").filter((word) => word !== "")),
};

/**
 * The permissions of a role an organization made, as one text separated by spaces (`wordsText`: a
 * permission has no white space); on PostgreSQL the migrations store them as `text[]`, which the
 * adapter reads as it finds it.
 */
export const permissionWords: ValueTransformer = {
  to: (value: readonly string[] | undefined) => (Array.isArray(value) ? wordsText(value) : value),
  from: (value: string | string[] | null | undefined) => (Array.isArray(value) ? value.map(String) : value === null || value === undefined ? [] : value.split(" ").filter((word) => word !== "")),
};

/**
 * An organization's metadata: the JSON text of the object (or NULL). PostgreSQL's `jsonb`, where
 * the migrations make one, takes the text and gives back the object, which is read as it is.
 */
export const jsonText: ValueTransformer = {
  to: (value: unknown) => (value === undefined ? undefined : value === null ? null : JSON.stringify(value)),
  from: (value: unknown) => (typeof value === "string" ? (JSON.parse(value) as unknown) : (value ?? null)),
};
