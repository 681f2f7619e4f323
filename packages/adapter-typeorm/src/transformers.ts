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
