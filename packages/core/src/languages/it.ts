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
    // Second factors: the management page and the email code.
    factorsTitle: "Verifica in due passaggi",
    factorsIntro: "Un secondo passaggio all'accesso protegge il tuo account anche se qualcuno conosce la tua password.",
    factorsAppOn: "App di autenticazione: attiva (dal {date})",
    factorsAppOff: "App di autenticazione: disattivata",
    factorsSetUpApp: "Configura un'app di autenticazione",
    factorsScan: "Inquadra questo codice QR con la tua app di autenticazione oppure inserisci la chiave qui sotto. Poi digita il codice a 6 cifre che mostra.",
    factorsKey: "Chiave",
    factorsCodeLabel: "Codice a 6 cifre",
    factorsConfirm: "Attiva",
    factorsBackupCount: "Codici di backup rimasti: {count}",
    factorsBackupSave: "Conserva questi codici di backup in un luogo sicuro. Ognuno vale una sola volta e vengono mostrati solo ora.",
    factorsNewBackup: "Genera nuovi codici di backup",
    factorsRemoveApp: "Rimuovi l'app di autenticazione",
    factorsProofLabel: "Un codice attuale (app o backup)",
    factorsEmailOn: "Codici via email: inviati al tuo indirizzo verificato",
    factorsDoneEnrolled: "La tua app di autenticazione è attiva.",
    factorsDoneRemoved: "Rimosso.",
    factorsDoneRegenerated: "I tuoi vecchi codici di backup non funzionano più.",
    factorsErrorInvalid: "Il codice non è corretto. Controlla l'app e riprova.",
    factorsErrorFreshProof: "Inserisci prima un codice attuale dell'app di autenticazione o un codice di backup.",
    factorsErrorOther: "Non ha funzionato. Riprova.",
    factorsContinue: "Continua",
    emailCodeSubject: "Il tuo codice: {code}",
    emailCodeText: "Il tuo codice di verifica è {code}. Vale una sola volta, per {minutes} minuti. Se non hai provato ad accedere, ignora questa email.",
    secondFactorTitle: "Verifica in due passaggi",
    secondFactorIntro: "Inserisci il codice di 6 cifre dell’app di autenticazione.",
    secondFactorCodeLabel: "Codice",
    secondFactorBackupIntro: "Inserisci uno dei tuoi codici di backup. Ogni codice funziona una sola volta.",
    secondFactorBackupLabel: "Codice di backup",
    secondFactorEmailIntro: "Possiamo inviarti un codice al tuo indirizzo email.",
    secondFactorEmailSent: "Ti abbiamo inviato un codice via email. È valido per 10 minuti.",
    secondFactorEmailLabel: "Codice ricevuto via email",
    secondFactorEmailSend: "Inviami un codice via email",
    secondFactorEmailAgain: "Invia un nuovo codice",
    secondFactorRemember: "Ricorda questo dispositivo",
    secondFactorSubmit: "Verifica",
    secondFactorWrong: "Questo codice non è valido. Riprova.",
    secondFactorUseApp: "Usa l’app di autenticazione",
    secondFactorUseBackup: "Usa un codice di backup",
    signInErrorSecondFactorExpired: "L’accesso è scaduto o sono stati provati troppi codici. Accedi di nuovo.",
    emailSignInTitle: "Accedi con un codice",
    emailSignInIntro: "Inserisci il tuo indirizzo email e ti invieremo un codice di 6 cifre per accedere.",
    emailSignInSent: "Se un account usa {email}, un codice è in arrivo. È valido per 10 minuti.",
    emailSignInSubmit: "Accedi",

    emailSubject: "Accedi a {host}",
    emailOpenLink: "Apri questo link per accedere:",
    emailButton: "Accedi",
    emailExpires: "Il link funziona una sola volta e scade tra {time}.",
    emailIgnore: "Se non l’hai richiesto, puoi ignorare questa email.",
  },
};

export default it;
