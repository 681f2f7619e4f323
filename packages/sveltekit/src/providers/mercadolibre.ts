/** `@latch/core/providers/mercadolibre`, also at `@latch/sveltekit/providers/mercadolibre` (where `@auth/sveltekit` apps import it). */
export * from "@latch/core/providers/mercadolibre";
export { default } from "@latch/core/providers/mercadolibre";
