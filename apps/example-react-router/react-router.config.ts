// Server rendering on (React Router's default), built to build/server and build/client.
import type { Config } from "@react-router/dev/config";

export default { ssr: true } satisfies Config;
