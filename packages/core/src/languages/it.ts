/**
 * Italian (Italiano) for the built-in pages and the sign-in email.
 *
 * @example
 * ```ts
 * import it from "@latch/core/languages/it"
 * const config = { providers, languages: [it] }
 * ```
 *
 * @module languages/it
 */
import type { Language } from "../types/language.js";

const it: Language = {
  code: "it",
  name: "Italiano",
  dir: "ltr",
  messages: {
    signInTitle: "Accedi",
    signInWith: "Accedi con {provider}",
    signInEmailLabel: "Indirizzo email",
    signInEmailPlaceholder: "tu@esempio.it",
    signInOr: "oppure",
    signInNoProviders: "Non è configurato alcun metodo di accesso.",
    signInReason: "Motivo: {code}",
    signInErrorCredentialsSignin: "Non è stato possibile accedere con questi dati. Controllali e riprova.",
    signInErrorOAuthAccountNotLinked: "Il tuo indirizzo email è già usato con un altro metodo di accesso. Per confermare che sei tu, accedi con l’account che hai usato la prima volta.",
    signInErrorOAuthCallbackError: "Il servizio di accesso ha segnalato un problema. Riprova o scegli un altro metodo di accesso.",
    signInErrorOAuthSignInError: "Non è stato possibile avviare l’accesso con questo servizio. Riprova o scegli un altro metodo di accesso.",
    signInErrorEmailSignInError: "Non è stato possibile inviare l’email di accesso. Controlla l’indirizzo e riprova.",
    signInErrorMissingCSRF: "Questo modulo è scaduto. Riprova.",
    signInErrorAccessDenied: "Non hai l’autorizzazione per accedere.",
    signInErrorVerification: "Questo link di accesso non funziona più: è già stato usato o è scaduto. Richiedine uno nuovo qui sotto.",
    signInErrorAccountNotLinked: "Questo metodo di accesso appartiene già a un altro account.",
    signInErrorWebAuthnVerificationError: "Non è stato possibile verificare la tua passkey. Riprova o scegli un altro metodo di accesso.",
    signInErrorSessionRequired: "Accedi per vedere questa pagina.",
    signInErrorRateLimited: "Troppi tentativi. Riprova più tardi.",
    signInErrorDefault: "Si è verificato un problema durante l’accesso. Riprova.",

    signOutTitle: "Esci",
    signOutQuestion: "Vuoi davvero uscire?",

    errorConfigurationHeading: "Errore del server",
    errorConfigurationMessage: "Il server non è configurato correttamente, quindi al momento non è possibile accedere. Se il problema persiste, contatta l’amministratore del sito.",
    errorAccessDeniedHeading: "Accesso negato",
    errorAccessDeniedMessage: "Non hai l’autorizzazione per accedere.",
    errorVerificationHeading: "Link non più valido",
    errorVerificationMessage: "Questo link di accesso non può più essere usato: è già stato usato o è scaduto. Accedi di nuovo per riceverne uno nuovo.",
    errorDefaultHeading: "Qualcosa è andato storto",
    errorDefaultMessage: "Non è stato possibile completare la richiesta. Prova ad accedere di nuovo.",
    errorCode: "Codice di errore: {code}",
    errorSignInLink: "Accedi",
    homeLink: "Pagina iniziale",

    verifyTitle: "Controlla la tua email",
    verifySentTo: "Abbiamo inviato un link di accesso a {email}. Aprilo per completare l’accesso.",
    verifySent: "Ti abbiamo inviato un link di accesso. Aprilo per completare l’accesso.",
    verifyHint: "Puoi chiudere questa pagina. Se l’email non arriva entro qualche minuto, controlla la cartella dello spam.",

    sessionsTitle: "Le tue sessioni",
    sessionsUnknownBrowser: "Browser sconosciuto",
    sessionsThisBrowser: "(questo browser)",
    sessionsTimes: "Accesso: {created} · ultima attività: {lastSeen}",
    sessionsUnknownTime: "sconosciuto",
    sessionsEnd: "Chiudi questa sessione",
    sessionsEndOthers: "Chiudi tutte le altre sessioni",
    sessionsEndAll: "Esci ovunque",

    // Passwords
    signInCreateAccount: "Crea un account",
    signInForgotPassword: "Password dimenticata?",
    signInPasswordChanged: "La tua password è stata cambiata. Accedi con la nuova password.",
    passwordLabel: "Scegli una password",
    passwordNewLabel: "Nuova password",
    passwordCurrentLabel: "Password attuale",
    passwordHint: "Almeno {minimum} caratteri. Sono ammessi tutti i caratteri, anche gli spazi.",
    passwordTooShort: "Usa almeno {minimum} caratteri.",
    passwordTooLong: "Usa al massimo {maximum} caratteri.",
    passwordCommon: "Questa password è tra le più comuni, quelle che gli aggressori provano per prime. Scegline un’altra.",
    passwordWrongCurrent: "Questa non è la tua password attuale.",
    signUpTitle: "Crea un account",
    signUpNameLabel: "Nome (facoltativo)",
    signUpSubmit: "Crea account",
    signUpHaveAccount: "Hai già un account? Accedi",
    forgotTitle: "Reimposta la password",
    forgotIntro: "Inserisci l’indirizzo email del tuo account e ti invieremo un link per scegliere una nuova password.",
    forgotSubmit: "Invia il link",
    resetTitle: "Scegli una nuova password",
    resetSubmit: "Salva la nuova password",
    changeTitle: "Cambia la password",
    changeSubmit: "Cambia password",
    verifySignUpSent: "Abbiamo inviato un’email all’indirizzo che hai inserito. Apri il link che contiene per confermare l’indirizzo e completare la creazione dell’account.",
    verifyResetSent: "Se un account usa l’indirizzo che hai inserito, gli abbiamo inviato un link per scegliere una nuova password.",
    signUpEmailSubject: "Conferma il tuo indirizzo email per {host}",
    signUpEmailOpenLink: "Apri questo link per confermare il tuo indirizzo e completare la creazione dell’account:",
    signUpEmailButton: "Conferma il mio indirizzo",
    signUpEmailIgnore: "Se non hai creato un account, non aprire il link e ignora questa email.",
    accountExistsEmailSubject: "Tentativo di registrazione su {host}",
    accountExistsEmailText: "Qualcuno, forse tu, ha cercato di creare un account su {host} con questo indirizzo email, che ne ha già uno. Non è cambiato nulla. Se eri tu, accedi, oppure scegli una nuova password se l’hai dimenticata:",
    accountExistsEmailButton: "Scegli una nuova password",
    accountExistsEmailIgnore: "Se non eri tu, puoi ignorare questa email.",
    resetEmailSubject: "Reimposta la password per {host}",
    resetEmailOpenLink: "Apri questo link per scegliere una nuova password:",
    resetEmailButton: "Scegli una nuova password",
    resetEmailIgnore: "Se non hai chiesto di reimpostare la password, ignora questa email: la tua password resta invariata.",

    emailSubject: "Accedi a {host}",
    emailOpenLink: "Apri questo link per accedere:",
    emailButton: "Accedi",
    emailExpires: "Il link funziona una sola volta e scade tra {time}.",
    emailIgnore: "Se non l’hai richiesto, puoi ignorare questa email.",
  },
};

export default it;
