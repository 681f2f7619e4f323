/** `@latch/core/providers/bungie`, also at `@latch/express/providers/bungie` (where `@auth/express` apps import it). */
export * from "@latch/core/providers/bungie";
export { default } from "@latch/core/providers/bungie";
