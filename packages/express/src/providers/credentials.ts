/** `@latch/core/providers/credentials`, also at `@latch/express/providers/credentials` (where `@auth/express` apps import it). */
export * from "@latch/core/providers/credentials";
export { default } from "@latch/core/providers/credentials";
