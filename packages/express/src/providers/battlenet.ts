/** `@latch/core/providers/battlenet`, also at `@latch/express/providers/battlenet` (where `@auth/express` apps import it). */
export * from "@latch/core/providers/battlenet";
export { default } from "@latch/core/providers/battlenet";
