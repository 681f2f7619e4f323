/**
 * Dutch (Nederlands) for the built-in pages and the sign-in email.
 *
 * @example
 * ```ts
 * import nl from "@latch/core/languages/nl"
 * const config = { providers, languages: [nl] }
 * ```
 *
 * @module languages/nl
 */
import type { Language } from "../types/language.js";

const nl: Language = {
  code: "nl",
  name: "Nederlands",
  dir: "ltr",
  messages: {
    signInTitle: "Inloggen",
    signInWith: "Inloggen met {provider}",
    signInEmailLabel: "E-mailadres",
    signInEmailPlaceholder: "jij@voorbeeld.nl",
    signInOr: "of",
    signInNoProviders: "Er zijn geen inlogmethoden ingesteld.",
    signInReason: "Reden: {code}",
    signInErrorCredentialsSignin: "We konden je niet inloggen met deze gegevens. Controleer ze en probeer het opnieuw.",
    signInErrorOAuthAccountNotLinked: "Je e-mailadres wordt al gebruikt met een andere inlogmethode. Log ter bevestiging in met het account dat je de eerste keer hebt gebruikt.",
    signInErrorOAuthCallbackError: "De inlogdienst meldde een probleem. Probeer het opnieuw of kies een andere manier om in te loggen.",
    signInErrorOAuthSignInError: "We konden het inloggen met deze dienst niet starten. Probeer het opnieuw of kies een andere manier om in te loggen.",
    signInErrorEmailSignInError: "We konden de inlogmail niet versturen. Controleer het adres en probeer het opnieuw.",
    signInErrorMissingCSRF: "Dit formulier is verlopen. Probeer het opnieuw.",
    signInErrorAccessDenied: "Je hebt geen toestemming om in te loggen.",
    signInErrorVerification: "Die inloglink werkt niet meer: hij is al gebruikt of verlopen. Vraag hieronder een nieuwe aan.",
    signInErrorAccountNotLinked: "Deze inlogmethode hoort al bij een ander account.",
    signInErrorWebAuthnVerificationError: "We konden je passkey niet verifiëren. Probeer het opnieuw of kies een andere manier om in te loggen.",
    signInErrorSessionRequired: "Log in om deze pagina te bekijken.",
    signInErrorRateLimited: "Te veel pogingen. Probeer het later opnieuw.",
    signInErrorDefault: "Er ging iets mis bij het inloggen. Probeer het opnieuw.",

    signOutTitle: "Uitloggen",
    signOutQuestion: "Weet je zeker dat je wilt uitloggen?",

    errorConfigurationHeading: "Serverfout",
    errorConfigurationMessage: "De server is niet goed ingesteld, dus inloggen is nu niet mogelijk. Blijft dit gebeuren, neem dan contact op met de beheerder van de site.",
    errorAccessDeniedHeading: "Toegang geweigerd",
    errorAccessDeniedMessage: "Je hebt geen toestemming om in te loggen.",
    errorVerificationHeading: "Link niet meer geldig",
    errorVerificationMessage: "Deze inloglink kan niet meer worden gebruikt: hij is al gebruikt of verlopen. Log opnieuw in om een nieuwe te krijgen.",
    errorDefaultHeading: "Er ging iets mis",
    errorDefaultMessage: "We konden dit verzoek niet afronden. Probeer opnieuw in te loggen.",
    errorCode: "Foutcode: {code}",
    errorSignInLink: "Inloggen",
    homeLink: "Startpagina",

    verifyTitle: "Controleer je e-mail",
    verifySentTo: "We hebben een inloglink gestuurd naar {email}. Open die om het inloggen af te ronden.",
    verifySent: "We hebben je een inloglink gestuurd. Open die om het inloggen af te ronden.",
    verifyHint: "Je kunt deze pagina sluiten. Is de e-mail na een paar minuten nog niet binnen, kijk dan in je spammap.",

    sessionsTitle: "Je sessies",
    sessionsUnknownBrowser: "Onbekende browser",
    sessionsThisBrowser: "(deze browser)",
    sessionsTimes: "Ingelogd: {created} · laatst actief: {lastSeen}",
    sessionsUnknownTime: "onbekend",
    sessionsEnd: "Deze sessie uitloggen",
    sessionsEndOthers: "Alle andere sessies uitloggen",
    sessionsEndAll: "Overal uitloggen",

    // Passwords
    signInCreateAccount: "Account aanmaken",
    signInForgotPassword: "Wachtwoord vergeten?",
    signInPasswordChanged: "Je wachtwoord is gewijzigd. Log in met je nieuwe wachtwoord.",
    passwordLabel: "Wachtwoord",
    passwordNewLabel: "Nieuw wachtwoord",
    passwordCurrentLabel: "Huidig wachtwoord",
    passwordHint: "Minstens {minimum} tekens. Alle tekens zijn toegestaan, ook spaties.",
    passwordTooShort: "Gebruik minstens {minimum} tekens.",
    passwordTooLong: "Gebruik hoogstens {maximum} tekens.",
    passwordCommon: "Dit wachtwoord is een van de meest gebruikte, die aanvallers als eerste proberen. Kies een ander.",
    passwordWrongCurrent: "Dat is niet je huidige wachtwoord.",
    signUpTitle: "Account aanmaken",
    signUpNameLabel: "Naam (optioneel)",
    signUpSubmit: "Account aanmaken",
    signUpHaveAccount: "Heb je al een account? Log in",
    forgotTitle: "Wachtwoord opnieuw instellen",
    forgotIntro: "Vul het e-mailadres van je account in, dan sturen we je een link om een nieuw wachtwoord te kiezen.",
    forgotSubmit: "Link versturen",
    resetTitle: "Kies een nieuw wachtwoord",
    resetSubmit: "Nieuw wachtwoord opslaan",
    changeTitle: "Wachtwoord wijzigen",
    changeSubmit: "Wachtwoord wijzigen",
    verifySignUpSent: "We hebben een e-mail gestuurd naar het adres dat je hebt ingevuld. Open de link daarin om het adres te bevestigen en je account af te ronden.",
    verifyResetSent: "Als er een account is met het adres dat je hebt ingevuld, hebben we daarheen een link gestuurd om een nieuw wachtwoord te kiezen.",
    signUpEmailSubject: "Bevestig je e-mailadres voor {host}",
    signUpEmailOpenLink: "Open deze link om je adres te bevestigen en je account af te ronden:",
    signUpEmailButton: "Mijn adres bevestigen",
    signUpEmailIgnore: "Heb je geen account aangemaakt, open de link dan niet en negeer deze e-mail.",
    accountExistsEmailSubject: "Poging tot registratie bij {host}",
    accountExistsEmailText: "Iemand, misschien jij, probeerde bij {host} een account aan te maken met dit e-mailadres, dat er al een heeft. Er is niets veranderd. Was jij het, log dan in, of kies een nieuw wachtwoord als je het vergeten bent:",
    accountExistsEmailButton: "Nieuw wachtwoord kiezen",
    accountExistsEmailIgnore: "Was jij het niet, dan kun je deze e-mail negeren.",
    resetEmailSubject: "Stel je wachtwoord voor {host} opnieuw in",
    resetEmailOpenLink: "Open deze link om een nieuw wachtwoord te kiezen:",
    resetEmailButton: "Nieuw wachtwoord kiezen",
    resetEmailIgnore: "Heb je niet gevraagd om je wachtwoord opnieuw in te stellen, negeer deze e-mail dan: je wachtwoord blijft zoals het is.",

    emailSubject: "Inloggen bij {host}",
    emailOpenLink: "Open deze link om in te loggen:",
    emailButton: "Inloggen",
    emailExpires: "De link werkt één keer en verloopt over {time}.",
    emailIgnore: "Heb je hier niet om gevraagd, dan kun je deze e-mail negeren.",
  },
};

export default nl;
