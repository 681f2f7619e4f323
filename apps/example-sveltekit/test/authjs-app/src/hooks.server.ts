export { handle } from "./auth";
