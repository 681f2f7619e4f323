/**
 * The passkey client that runs in the browser (see `webauthn-script.ts`). It is not part of the
 * server build: `npm run build:browser -w @latch/core` bundles it on its own with esbuild into
 * `script-source.ts`, a string the server embeds in pages, so the code a browser
 * receives never depends on how the server's code was compiled or run. A test checks that the
 * committed text is up to date. It may import nothing at run time.
 */
export interface PageConfig {
  baseUrl: string;
  conditionalUI: string | null;
}

type Json = Record<string, any>;

/** Wires every `form[data-latch-webauthn]` on the page to the passkey ceremonies of Latch. */
export function passkeyPage(config: PageConfig): void {
  const toBytes = (value: string): ArrayBuffer => {
    const base64 = value.replace(/-/g, "+").replace(/_/g, "/");
    const binary = atob(base64 + "=".repeat((4 - (base64.length % 4)) % 4));
    const bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
    return bytes.buffer;
  };
  const fromBytes = (buffer: ArrayBuffer | null | undefined): string | undefined => {
    if (!buffer) return undefined;
    let binary = "";
    for (const byte of new Uint8Array(buffer)) binary += String.fromCharCode(byte);
    return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  };
  const descriptors = (list: Json[] | undefined) => list?.map((c) => ({ ...c, type: "public-key" as const, id: toBytes(c.id) }));

  const creationOptions = (o: Json): PublicKeyCredentialCreationOptions => ({
    ...o,
    challenge: toBytes(o.challenge),
    user: { ...o.user, id: toBytes(o.user.id) },
    excludeCredentials: descriptors(o.excludeCredentials),
  }) as PublicKeyCredentialCreationOptions;
  const requestOptions = (o: Json): PublicKeyCredentialRequestOptions => ({
    ...o,
    challenge: toBytes(o.challenge),
    allowCredentials: descriptors(o.allowCredentials),
  }) as PublicKeyCredentialRequestOptions;

  const credentialJson = (credential: PublicKeyCredential): Json => {
    const response = credential.response as Partial<AuthenticatorAttestationResponse> & Partial<AuthenticatorAssertionResponse> & AuthenticatorResponse;
    const attestation = response.attestationObject !== undefined;
    return {
      id: credential.id,
      rawId: fromBytes(credential.rawId),
      type: credential.type,
      authenticatorAttachment: credential.authenticatorAttachment ?? undefined,
      clientExtensionResults: credential.getClientExtensionResults(),
      response: attestation
        ? { clientDataJSON: fromBytes(response.clientDataJSON), attestationObject: fromBytes(response.attestationObject), transports: response.getTransports?.() ?? [] }
        : {
            clientDataJSON: fromBytes(response.clientDataJSON),
            authenticatorData: fromBytes(response.authenticatorData),
            signature: fromBytes(response.signature),
            userHandle: fromBytes(response.userHandle),
          },
    };
  };

  const fetchOptions = async (providerId: string, params: URLSearchParams): Promise<{ action: "register" | "authenticate"; options: Json }> => {
    const response = await fetch(`${config.baseUrl}/webauthn-options/${encodeURIComponent(providerId)}?${params}`, { credentials: "same-origin" });
    const body = await response.json();
    if (!response.ok) throw new Error(body?.message ?? body?.error ?? "The passkey options could not be loaded.");
    return body;
  };

  const send = async (form: HTMLFormElement, providerId: string, action: string, credential: Json): Promise<void> => {
    const fields = new FormData(form);
    let csrfToken = fields.get("csrfToken");
    if (typeof csrfToken !== "string" || !csrfToken) {
      csrfToken = (await (await fetch(`${config.baseUrl}/csrf`, { credentials: "same-origin" })).json()).csrfToken as string;
    }
    const callbackUrl = fields.get("callbackUrl");
    const body = new URLSearchParams({ action, data: JSON.stringify(credential), csrfToken, callbackUrl: typeof callbackUrl === "string" && callbackUrl ? callbackUrl : location.href });
    const response = await fetch(`${config.baseUrl}/callback/${encodeURIComponent(providerId)}`, {
      method: "POST",
      credentials: "same-origin",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Auth-Return-Redirect": "1" },
      body,
    });
    const { url } = await response.json();
    location.href = url;
  };

  const showError = (form: HTMLFormElement, error: unknown): void => {
    if (error instanceof DOMException && error.name === "AbortError") return;
    const message = error instanceof DOMException && error.name === "NotAllowedError"
      ? "The passkey request was cancelled or timed out."
      : error instanceof Error ? error.message : String(error);
    let alert = form.querySelector<HTMLElement>("[data-latch-webauthn-error]");
    if (!alert) {
      alert = document.createElement("p");
      alert.className = "alert";
      alert.setAttribute("role", "alert");
      alert.setAttribute("data-latch-webauthn-error", "");
      form.prepend(alert);
    }
    alert.textContent = message;
  };

  let conditional: AbortController | null = null;

  const ceremony = async (form: HTMLFormElement, mediation?: CredentialMediationRequirement): Promise<void> => {
    const providerId = form.dataset.latchWebauthn ?? "";
    const params = new URLSearchParams();
    const email = new FormData(form).get("email");
    if (mediation === "conditional") params.set("action", "authenticate");
    else {
      if (form.dataset.latchAction) params.set("action", form.dataset.latchAction);
      if (typeof email === "string" && email) params.set("email", email);
    }
    const { action, options } = await fetchOptions(providerId, params);
    let credential: Credential | null;
    if (action === "register") {
      credential = await navigator.credentials.create({ publicKey: creationOptions(options) });
    } else {
      const signal = mediation === "conditional" ? (conditional = new AbortController()).signal : undefined;
      credential = await navigator.credentials.get({ publicKey: requestOptions(options), mediation, signal });
    }
    if (!credential) throw new Error("No passkey was chosen.");
    await send(form, providerId, action, credentialJson(credential as PublicKeyCredential));
  };

  const forms = Array.from(document.querySelectorAll<HTMLFormElement>("form[data-latch-webauthn]"));
  for (const form of forms) {
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      conditional?.abort();
      conditional = null;
      ceremony(form).catch((error) => showError(form, error));
    });
  }

  const autofillForm = forms.find((form) => form.dataset.latchWebauthn === config.conditionalUI && !form.dataset.latchAction);
  if (autofillForm && typeof PublicKeyCredential !== "undefined" && PublicKeyCredential.isConditionalMediationAvailable) {
    PublicKeyCredential.isConditionalMediationAvailable()
      .then((available) => (available ? ceremony(autofillForm, "conditional") : undefined))
      .catch((error) => showError(autofillForm, error));
  }
}
