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
    // Second factors: the management page and the email code.
    factorsTitle: "Bestätigung in zwei Schritten",
    factorsIntro: "Ein zweiter Schritt bei der Anmeldung schützt Ihr Konto, selbst wenn jemand Ihr Passwort kennt.",
    factorsAppOn: "Authenticator-App: aktiv (seit {date})",
    factorsAppOff: "Authenticator-App: aus",
    factorsSetUpApp: "Authenticator-App einrichten",
    factorsScan: "Scannen Sie diesen QR-Code mit Ihrer Authenticator-App oder geben Sie den Schlüssel unten dort ein. Geben Sie dann den 6-stelligen Code ein, den sie anzeigt.",
    factorsKey: "Schlüssel",
    factorsCodeLabel: "6-stelliger Code",
    factorsConfirm: "Aktivieren",
    factorsBackupCount: "Verbleibende Backup-Codes: {count}",
    factorsBackupSave: "Bewahren Sie diese Backup-Codes sicher auf. Jeder gilt nur einmal, und sie werden nur jetzt angezeigt.",
    factorsNewBackup: "Neue Backup-Codes erzeugen",
    factorsRemoveApp: "Authenticator-App entfernen",
    factorsProofLabel: "Ein aktueller Code (App oder Backup)",
    factorsEmailOn: "Codes per E-Mail: an Ihre bestätigte Adresse",
    factorsDoneEnrolled: "Ihre Authenticator-App ist aktiv.",
    factorsDoneRemoved: "Entfernt.",
    factorsDoneRegenerated: "Ihre alten Backup-Codes gelten nicht mehr.",
    factorsErrorInvalid: "Dieser Code stimmt nicht. Prüfen Sie die App und versuchen Sie es erneut.",
    factorsErrorFreshProof: "Geben Sie zuerst einen aktuellen Code Ihrer Authenticator-App oder einen Backup-Code ein.",
    factorsErrorOther: "Das hat nicht geklappt. Bitte versuchen Sie es erneut.",
    factorsContinue: "Weiter",
    emailCodeSubject: "Ihr Code: {code}",
    emailCodeText: "Ihr Bestätigungscode lautet {code}. Er gilt einmal, {minutes} Minuten lang. Wenn Sie sich nicht anmelden wollten, ignorieren Sie diese E-Mail.",
    secondFactorTitle: "Bestätigung in zwei Schritten",
    secondFactorIntro: "Geben Sie den 6-stelligen Code aus Ihrer Authenticator-App ein.",
    secondFactorCodeLabel: "Bestätigungscode",
    secondFactorBackupIntro: "Geben Sie einen Ihrer Backup-Codes ein. Jeder Code funktioniert nur einmal.",
    secondFactorBackupLabel: "Backup-Code",
    secondFactorEmailIntro: "Wir können Ihnen einen Code an Ihre E-Mail-Adresse senden.",
    secondFactorEmailSent: "Wir haben Ihnen einen Code per E-Mail gesendet. Er gilt 10 Minuten.",
    secondFactorEmailLabel: "Code aus der E-Mail",
    secondFactorEmailSend: "Code per E-Mail senden",
    secondFactorEmailAgain: "Neuen Code senden",
    secondFactorRemember: "Dieses Gerät merken",
    secondFactorSubmit: "Bestätigen",
    secondFactorWrong: "Dieser Code ist ungültig. Versuchen Sie es erneut.",
    secondFactorUseApp: "Authenticator-App verwenden",
    secondFactorUseBackup: "Backup-Code verwenden",
    signInErrorSecondFactorExpired: "Die Anmeldung ist abgelaufen oder es wurden zu viele Codes versucht. Bitte melden Sie sich erneut an.",
    emailSignInTitle: "Mit einem Code anmelden",
    emailSignInIntro: "Geben Sie Ihre E-Mail-Adresse ein; wir senden Ihnen einen 6-stelligen Code zum Anmelden.",
    emailSignInSent: "Falls ein Konto {email} verwendet, ist ein Code unterwegs. Er gilt 10 Minuten.",
    emailSignInSubmit: "Anmelden",

    emailSubject: "Anmeldung bei {host}",
    emailOpenLink: "Öffnen Sie diesen Link, um sich anzumelden:",
    emailButton: "Anmelden",
    emailExpires: "Der Link funktioniert einmal und ist {time} lang gültig.",
    emailIgnore: "Wenn Sie ihn nicht angefordert haben, können Sie diese E-Mail ignorieren.",
  },
};

export default de;
