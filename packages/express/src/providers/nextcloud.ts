/** `@latch/core/providers/nextcloud`, also at `@latch/express/providers/nextcloud` (where `@auth/express` apps import it). */
export * from "@latch/core/providers/nextcloud";
export { default } from "@latch/core/providers/nextcloud";
