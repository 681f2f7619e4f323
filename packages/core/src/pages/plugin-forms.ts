/**
 * The plugins' forms on the built-in sign-in page (`signInForm` of a plugin): one field and a
 * button each, in the page's language, after the providers' forms. An `error` code one of them
 * declares (and Latch has no sentence for) is shown above that form, in the plugin's words,
 * instead of the page's generic sentence. Loaded only by an app with plugins.
 */
import type { AuthContext } from "../config/context.js";
import { html, type SafeHtml } from "../security/escape.js";
import type { PluginSignInForm } from "../types/plugin.js";
import type { PageLanguage } from "./language.js";
import { hiddenFormFields } from "./layout.js";
import { isLatchCode } from "./messages.js";
import type { SignInPageProps } from "./types.js";

/** What the forms read of the sign-in page's props. */
export type PluginFormsInput = Pick<SignInPageProps, "csrfToken" | "callbackUrl" | "email" | "error"> & { language: PageLanguage };

/** The plugin's error sentence for `error`, when it declares the code. */
function errorOf(form: PluginSignInForm, error: string | undefined, language: PageLanguage): string | undefined {
  if (!error || isLatchCode(error) || !Object.hasOwn(form.sentences.en.errors ?? {}, error)) return undefined;
  return (form.sentences[language.lang] ?? form.sentences.en).errors?.[error] ?? form.sentences.en.errors![error];
}

function formOf(form: PluginSignInForm, action: string, i: number, props: PluginFormsInput, alert: string | undefined): SafeHtml {
  const id = `latch-form-${i}`;
  const said = form.sentences[props.language.lang] ?? form.sentences.en;
  const { name, type = "text", autocomplete } = form.field;
  return html`<div class="stack">
${alert ? html`<div class="alert" role="alert"><p>${alert}</p></div>\n` : ""}<form method="post" action="${action}">
${hiddenFormFields(props)}
<label for="${id}">${said.label}</label>
<input id="${id}" name="${name}" type="${type}"${autocomplete ? html` autocomplete="${autocomplete}"` : ""} required${
    props.email && type === "email" ? html` value="${props.email}"` : ""
  }>
<button type="submit">${said.button}</button>
</form>
</div>
`;
}

/**
 * The sign-in page's props the plugins change: their `forms`, and no page-wide `error` when one
 * of them shows its own sentence for it. `undefined` when no plugin has a form.
 */
export function pluginSignInForms(ctx: Pick<AuthContext, "plugins" | "baseUrl">, props: PluginFormsInput): Pick<SignInPageProps, "forms" | "error"> | undefined {
  let claimed = false;
  const forms = (ctx.plugins ?? []).filter((plugin) => plugin.signInForm).map((plugin, i) => {
    const form = plugin.signInForm!;
    const alert = claimed ? undefined : errorOf(form, props.error, props.language);
    claimed ||= alert !== undefined;
    return formOf(form, `${ctx.baseUrl}/${plugin.id}/${form.path}`, i, props, alert);
  });
  if (!forms.length) return undefined;
  return claimed ? { forms, error: undefined } : { forms };
}
