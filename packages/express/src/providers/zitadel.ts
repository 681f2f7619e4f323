/** `@latch/core/providers/zitadel`, also at `@latch/express/providers/zitadel` (where `@auth/express` apps import it). */
export * from "@latch/core/providers/zitadel";
export { default } from "@latch/core/providers/zitadel";
