/** `@latch/core/providers/kakao`, also at `@latch/express/providers/kakao` (where `@auth/express` apps import it). */
export * from "@latch/core/providers/kakao";
export { default } from "@latch/core/providers/kakao";
