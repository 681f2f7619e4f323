import type { ValueTransformer } from "typeorm";

/** `bigint` columns come back as text from some drivers: read them as numbers. */
export const bigintToNumber: ValueTransformer = {
  to: (value: number | null | undefined) => value,
  from: (value: string | number | null) => (value === null || value === undefined ? null : Number(value)),
};
