/** `@latch/core/providers/naver`, also at `@latch/express/providers/naver` (where `@auth/express` apps import it). */
export * from "@latch/core/providers/naver";
export { default } from "@latch/core/providers/naver";
