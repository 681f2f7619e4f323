/** `@latch/core/providers/okta`, also at `@latch/express/providers/okta` (where `@auth/express` apps import it). */
export * from "@latch/core/providers/okta";
export { default } from "@latch/core/providers/okta";
