/** `@latch/core/providers/yandex`, also at `@latch/express/providers/yandex` (where `@auth/express` apps import it). */
export * from "@latch/core/providers/yandex";
export { default } from "@latch/core/providers/yandex";
