/** `@latch/core/providers/mercadolibre`, also at `@latch/express/providers/mercadolibre` (where `@auth/express` apps import it). */
export * from "@latch/core/providers/mercadolibre";
export { default } from "@latch/core/providers/mercadolibre";
