/** `@latch/core/providers/cognito`, also at `@latch/express/providers/cognito` (where `@auth/express` apps import it). */
export * from "@latch/core/providers/cognito";
export { default } from "@latch/core/providers/cognito";
