/**
 * German (Deutsch) for the built-in pages and the sign-in email.
 *
 * @example
 * ```ts
 * import de from "@latch/core/languages/de"
 * const config = { providers, languages: [de] }
 * ```
 *
 * @module languages/de
 */
import type { Language } from "../types/language.js";

const de: Language = {
  code: "de",
  name: "Deutsch",
  dir: "ltr",
  messages: {
    signInTitle: "Anmelden",
    signInWith: "Mit {provider} anmelden",
    signInEmailLabel: "E-Mail-Adresse",
    signInEmailPlaceholder: "name@beispiel.de",
    signInOr: "oder",
    signInNoProviders: "Es sind keine Anmeldemethoden eingerichtet.",
    signInReason: "Grund: {code}",
    signInErrorCredentialsSignin: "Mit diesen Angaben konnten wir Sie nicht anmelden. Prüfen Sie sie und versuchen Sie es erneut.",
    signInErrorOAuthAccountNotLinked: "Ihre E-Mail-Adresse wird bereits mit einer anderen Anmeldemethode verwendet. Melden Sie sich zur Bestätigung mit dem Konto an, das Sie beim ersten Mal verwendet haben.",
    signInErrorOAuthCallbackError: "Der Anmeldedienst hat ein Problem gemeldet. Versuchen Sie es erneut oder wählen Sie eine andere Anmeldemethode.",
    signInErrorOAuthSignInError: "Die Anmeldung über diesen Dienst konnte nicht gestartet werden. Versuchen Sie es erneut oder wählen Sie eine andere Anmeldemethode.",
    signInErrorEmailSignInError: "Die Anmelde-E-Mail konnte nicht gesendet werden. Prüfen Sie die Adresse und versuchen Sie es erneut.",
    signInErrorMissingCSRF: "Dieses Formular ist abgelaufen. Bitte versuchen Sie es erneut.",
    signInErrorAccessDenied: "Sie sind nicht berechtigt, sich anzumelden.",
    signInErrorVerification: "Dieser Anmeldelink funktioniert nicht mehr: Er wurde bereits verwendet oder ist abgelaufen. Fordern Sie unten einen neuen an.",
    signInErrorAccountNotLinked: "Diese Anmeldemethode gehört bereits zu einem anderen Konto.",
    signInErrorWebAuthnVerificationError: "Ihr Passkey konnte nicht überprüft werden. Versuchen Sie es erneut oder wählen Sie eine andere Anmeldemethode.",
    signInErrorSessionRequired: "Bitte melden Sie sich an, um diese Seite zu sehen.",
    signInErrorRateLimited: "Zu viele Versuche. Bitte versuchen Sie es später erneut.",
    signInErrorDefault: "Bei der Anmeldung ist ein Fehler aufgetreten. Bitte versuchen Sie es erneut.",

    signOutTitle: "Abmelden",
    signOutQuestion: "Möchten Sie sich wirklich abmelden?",

    errorConfigurationHeading: "Serverfehler",
    errorConfigurationMessage: "Der Server ist nicht richtig eingerichtet, daher ist eine Anmeldung gerade nicht möglich. Wenn das weiterhin passiert, wenden Sie sich an die Betreiber der Website.",
    errorAccessDeniedHeading: "Zugriff verweigert",
    errorAccessDeniedMessage: "Sie sind nicht berechtigt, sich anzumelden.",
    errorVerificationHeading: "Link nicht mehr gültig",
    errorVerificationMessage: "Dieser Anmeldelink kann nicht mehr verwendet werden: Er wurde bereits verwendet oder ist abgelaufen. Melden Sie sich erneut an, um einen neuen zu erhalten.",
    errorDefaultHeading: "Etwas ist schiefgelaufen",
    errorDefaultMessage: "Die Anfrage konnte nicht abgeschlossen werden. Bitte melden Sie sich erneut an.",
    errorCode: "Fehlercode: {code}",
    errorSignInLink: "Anmelden",
    homeLink: "Startseite",

    verifyTitle: "Prüfen Sie Ihr Postfach",
    verifySentTo: "Wir haben einen Anmeldelink an {email} gesendet. Öffnen Sie ihn, um die Anmeldung abzuschließen.",
    verifySent: "Wir haben Ihnen einen Anmeldelink gesendet. Öffnen Sie ihn, um die Anmeldung abzuschließen.",
    verifyHint: "Sie können diese Seite schließen. Wenn die E-Mail nach ein paar Minuten nicht angekommen ist, sehen Sie im Spam-Ordner nach.",

    sessionsTitle: "Ihre Sitzungen",
    sessionsUnknownBrowser: "Unbekannter Browser",
    sessionsThisBrowser: "(dieser Browser)",
    sessionsTimes: "Angemeldet: {created} · zuletzt aktiv: {lastSeen}",
    sessionsUnknownTime: "unbekannt",
    sessionsEnd: "Diese Sitzung abmelden",
    sessionsEndOthers: "Alle anderen Sitzungen abmelden",
    sessionsEndAll: "Überall abmelden",

    // Passwords
    signInCreateAccount: "Konto erstellen",
    signInForgotPassword: "Passwort vergessen?",
    signInPasswordChanged: "Ihr Passwort wurde geändert. Melden Sie sich mit Ihrem neuen Passwort an.",
    passwordLabel: "Passwort",
    passwordNewLabel: "Neues Passwort",
    passwordCurrentLabel: "Aktuelles Passwort",
    passwordHint: "Mindestens {minimum} Zeichen. Alle Zeichen sind erlaubt, auch Leerzeichen.",
    passwordTooShort: "Verwenden Sie mindestens {minimum} Zeichen.",
    passwordTooLong: "Verwenden Sie höchstens {maximum} Zeichen.",
    passwordCommon: "Dieses Passwort gehört zu den häufigsten, die Angreifer als Erstes ausprobieren. Wählen Sie ein anderes.",
    passwordWrongCurrent: "Das ist nicht Ihr aktuelles Passwort.",
    signUpTitle: "Konto erstellen",
    signUpNameLabel: "Name (freiwillig)",
    signUpSubmit: "Konto erstellen",
    signUpHaveAccount: "Sie haben schon ein Konto? Anmelden",
    forgotTitle: "Passwort zurücksetzen",
    forgotIntro: "Geben Sie die E-Mail-Adresse Ihres Kontos ein. Wir senden Ihnen dann einen Link, mit dem Sie ein neues Passwort wählen können.",
    forgotSubmit: "Link senden",
    resetTitle: "Neues Passwort wählen",
    resetSubmit: "Neues Passwort speichern",
    changeTitle: "Passwort ändern",
    changeSubmit: "Passwort ändern",
    verifySignUpSent: "Wir haben eine E-Mail an die eingegebene Adresse gesendet. Öffnen Sie den Link darin, um die Adresse zu bestätigen und die Einrichtung Ihres Kontos abzuschließen.",
    verifyResetSent: "Falls ein Konto die eingegebene Adresse verwendet, haben wir dorthin einen Link gesendet, mit dem Sie ein neues Passwort wählen können.",
    signUpEmailSubject: "Bestätigen Sie Ihre E-Mail-Adresse für {host}",
    signUpEmailOpenLink: "Öffnen Sie diesen Link, um Ihre Adresse zu bestätigen und die Einrichtung Ihres Kontos abzuschließen:",
    signUpEmailButton: "Meine Adresse bestätigen",
    signUpEmailIgnore: "Wenn Sie kein Konto erstellt haben, öffnen Sie den Link nicht und ignorieren Sie diese E-Mail.",
    accountExistsEmailSubject: "Registrierungsversuch bei {host}",
    accountExistsEmailText: "Jemand, vielleicht Sie selbst, hat versucht, bei {host} ein Konto mit dieser E-Mail-Adresse zu erstellen, für die es bereits eines gibt. Es wurde nichts geändert. Wenn Sie es waren, melden Sie sich an, oder wählen Sie ein neues Passwort, falls Sie Ihres vergessen haben:",
    accountExistsEmailButton: "Neues Passwort wählen",
    accountExistsEmailIgnore: "Wenn Sie es nicht waren, können Sie diese E-Mail ignorieren.",
    resetEmailSubject: "Passwort für {host} zurücksetzen",
    resetEmailOpenLink: "Öffnen Sie diesen Link, um ein neues Passwort zu wählen:",
    resetEmailButton: "Neues Passwort wählen",
    resetEmailIgnore: "Wenn Sie kein neues Passwort angefordert haben, ignorieren Sie diese E-Mail: Ihr Passwort bleibt, wie es ist.",

    emailSubject: "Anmeldung bei {host}",
    emailOpenLink: "Öffnen Sie diesen Link, um sich anzumelden:",
    emailButton: "Anmelden",
    emailExpires: "Der Link funktioniert einmal und ist {time} lang gültig.",
    emailIgnore: "Wenn Sie ihn nicht angefordert haben, können Sie diese E-Mail ignorieren.",
  },
};

export default de;
