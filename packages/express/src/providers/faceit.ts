/** `@latch/core/providers/faceit`, also at `@latch/express/providers/faceit` (where `@auth/express` apps import it). */
export * from "@latch/core/providers/faceit";
export { default } from "@latch/core/providers/faceit";
