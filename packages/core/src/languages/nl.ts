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
    // Second factors: the management page and the email code.
    factorsTitle: "Verificatie in twee stappen",
    factorsIntro: "Een tweede stap bij het inloggen beschermt je account, ook als iemand je wachtwoord kent.",
    factorsAppOn: "Authenticator-app: aan (sinds {date})",
    factorsAppOff: "Authenticator-app: uit",
    factorsSetUpApp: "Een authenticator-app instellen",
    factorsScan: "Scan deze QR-code met je authenticator-app of typ de sleutel hieronder in de app. Voer daarna de 6-cijferige code in die de app toont.",
    factorsKey: "Sleutel",
    factorsCodeLabel: "6-cijferige code",
    factorsConfirm: "Inschakelen",
    factorsBackupCount: "Resterende back-upcodes: {count}",
    factorsBackupSave: "Bewaar deze back-upcodes op een veilige plek. Elke code werkt één keer en ze worden alleen nu getoond.",
    factorsNewBackup: "Nieuwe back-upcodes maken",
    factorsRemoveApp: "Authenticator-app verwijderen",
    factorsProofLabel: "Een actuele code (app of back-up)",
    factorsEmailOn: "Codes per e-mail: naar je geverifieerde adres",
    factorsDoneEnrolled: "Je authenticator-app staat aan.",
    factorsDoneRemoved: "Verwijderd.",
    factorsDoneRegenerated: "Je oude back-upcodes werken niet meer.",
    factorsErrorInvalid: "Die code klopt niet. Controleer de app en probeer het opnieuw.",
    factorsErrorFreshProof: "Voer eerst een actuele code van je authenticator-app of een back-upcode in.",
    factorsErrorOther: "Dat is niet gelukt. Probeer het opnieuw.",
    factorsContinue: "Doorgaan",
    emailCodeSubject: "Je code: {code}",
    emailCodeText: "Je verificatiecode is {code}. Hij werkt één keer, {minutes} minuten lang. Heb je niet geprobeerd in te loggen, negeer deze e-mail dan.",
    secondFactorTitle: "Verificatie in twee stappen",
    secondFactorIntro: "Voer de 6-cijferige code uit je authenticator-app in.",
    secondFactorCodeLabel: "Verificatiecode",
    secondFactorBackupIntro: "Voer een van je back-upcodes in. Elke code werkt één keer.",
    secondFactorBackupLabel: "Back-upcode",
    secondFactorEmailIntro: "We kunnen een code naar je e-mailadres sturen.",
    secondFactorEmailSent: "We hebben een code naar je e-mailadres gestuurd. Die is 10 minuten geldig.",
    secondFactorEmailLabel: "Code uit de e-mail",
    secondFactorEmailSend: "Stuur mij een code per e-mail",
    secondFactorEmailAgain: "Stuur een nieuwe code",
    secondFactorRemember: "Dit apparaat onthouden",
    secondFactorSubmit: "Verifiëren",
    secondFactorWrong: "Deze code is niet geldig. Probeer het opnieuw.",
    secondFactorUseApp: "Gebruik de authenticator-app",
    secondFactorUseBackup: "Gebruik een back-upcode",
    signInErrorSecondFactorExpired: "Het inloggen is verlopen of er zijn te veel codes geprobeerd. Log opnieuw in.",
    emailSignInTitle: "Inloggen met een code",
    emailSignInIntro: "Voer je e-mailadres in, dan sturen we je een 6-cijferige code om in te loggen.",
    emailSignInSent: "Als een account {email} gebruikt, is er een code onderweg. Die is 10 minuten geldig.",
    emailSignInSubmit: "Inloggen",

    emailSubject: "Inloggen bij {host}",
    emailOpenLink: "Open deze link om in te loggen:",
    emailButton: "Inloggen",
    emailExpires: "De link werkt één keer en verloopt over {time}.",
    emailIgnore: "Heb je hier niet om gevraagd, dan kun je deze e-mail negeren.",
  },
};

export default nl;
