/** `@latch/core/providers/yandex`, also at `@latch/sveltekit/providers/yandex` (where `@auth/sveltekit` apps import it). */
export * from "@latch/core/providers/yandex";
export { default } from "@latch/core/providers/yandex";
