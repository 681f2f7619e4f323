/** `@latch/core/providers/workos`, also at `@latch/express/providers/workos` (where `@auth/express` apps import it). */
export * from "@latch/core/providers/workos";
export { default } from "@latch/core/providers/workos";
