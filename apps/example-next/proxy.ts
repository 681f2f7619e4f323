// Next.js 16's request interceptor (Node.js runtime): database sessions work here directly.
export { auth as proxy } from "./auth";

export const config = { matcher: ["/dashboard/:path*", "/organizations/:path*"] };
