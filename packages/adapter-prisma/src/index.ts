/**
 * Prisma adapter for Latch: Auth.js's Prisma models, Latch's additions, and per-provider
 * migrations in Prisma's own folder layout.
 *
 * @module @latch/prisma
 */
export { PrismaAdapter } from "./adapter.js";
export type { PrismaArgs, PrismaClientLike, PrismaModel, PrismaModels, PrismaRow } from "./client.js";
