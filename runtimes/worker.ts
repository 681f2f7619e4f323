// Entry for workerd: `workerd test` calls the test handler, which prints the check lines;
// `workerd serve` answers requests with the app (`Auth()` with the checks' config).
import { viaAuth } from "./browser.js";
import { appConfig } from "./checks.js";
import { report } from "./report.js";

const answer = viaAuth(appConfig());

export default {
  fetch(request: Request): Promise<Response> {
    return answer(request);
  },
  async test(): Promise<void> {
    await report((line) => console.log(line));
  },
};
