/** `@latch/core/providers/pinterest`, also at `@latch/express/providers/pinterest` (where `@auth/express` apps import it). */
export * from "@latch/core/providers/pinterest";
export { default } from "@latch/core/providers/pinterest";
