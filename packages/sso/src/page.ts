/** The address-first page of home-realm discovery: one field, the address; its domain picks the identity provider. */

const escape = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The page at `<base>/sso/signin`: a form that asks for the address and goes to `<base>/sso/discover`. */
export function discoveryPage(base: string, callbackUrl: string, error: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Sign in</title>
<style>body{font-family:system-ui,sans-serif;display:grid;place-items:center;min-height:100vh;margin:0}form{display:grid;gap:.75rem;min-width:18rem}input,button{font:inherit;padding:.5rem}</style></head>
<body><form method="get" action="${escape(base)}/discover"><h1>Sign in</h1>
${error ? `<p role="alert">${escape(error)}</p>` : ""}<label for="email">Work email</label>
<input id="email" name="email" type="email" autocomplete="username" required autofocus>
${callbackUrl ? `<input type="hidden" name="callbackUrl" value="${escape(callbackUrl)}">` : ""}<button type="submit">Continue</button></form></body></html>`;
}
