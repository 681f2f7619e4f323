/** `@latch/core/providers/auth0`, also at `@latch/express/providers/auth0` (where `@auth/express` apps import it). */
export * from "@latch/core/providers/auth0";
export { default } from "@latch/core/providers/auth0";
