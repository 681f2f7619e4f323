/** `@latch/core/providers/descope`, also at `@latch/express/providers/descope` (where `@auth/express` apps import it). */
export * from "@latch/core/providers/descope";
export { default } from "@latch/core/providers/descope";
