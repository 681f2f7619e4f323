/** `@latch/core/providers/authentik`, also at `@latch/express/providers/authentik` (where `@auth/express` apps import it). */
export * from "@latch/core/providers/authentik";
export { default } from "@latch/core/providers/authentik";
