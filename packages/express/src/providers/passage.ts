/** `@latch/core/providers/passage`, also at `@latch/express/providers/passage` (where `@auth/express` apps import it). */
export * from "@latch/core/providers/passage";
export { default } from "@latch/core/providers/passage";
