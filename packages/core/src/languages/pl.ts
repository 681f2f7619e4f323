/**
 * Polish (Polski) for the built-in pages and the sign-in email.
 *
 * @example
 * ```ts
 * import pl from "@latch/core/languages/pl"
 * const config = { providers, languages: [pl] }
 * ```
 *
 * @module languages/pl
 */
import type { Language } from "../types/language.js";

const pl: Language = {
  code: "pl",
  name: "Polski",
  dir: "ltr",
  messages: {
    signInTitle: "Zaloguj się",
    signInWith: "Zaloguj się przez {provider}",
    signInEmailLabel: "Adres e-mail",
    signInEmailPlaceholder: "ty@przyklad.pl",
    signInOr: "lub",
    signInNoProviders: "Nie skonfigurowano żadnej metody logowania.",
    signInReason: "Powód: {code}",
    signInErrorCredentialsSignin: "Nie udało się zalogować przy użyciu tych danych. Sprawdź je i spróbuj ponownie.",
    signInErrorOAuthAccountNotLinked: "Twój adres e-mail jest już używany z inną metodą logowania. Aby potwierdzić, że to Ty, zaloguj się kontem użytym za pierwszym razem.",
    signInErrorOAuthCallbackError: "Usługa logowania zgłosiła problem. Spróbuj ponownie lub wybierz inny sposób logowania.",
    signInErrorOAuthSignInError: "Nie udało się rozpocząć logowania przez tę usługę. Spróbuj ponownie lub wybierz inny sposób logowania.",
    signInErrorEmailSignInError: "Nie udało się wysłać wiadomości z linkiem do logowania. Sprawdź adres i spróbuj ponownie.",
    signInErrorMissingCSRF: "Ten formularz wygasł. Spróbuj ponownie.",
    signInErrorAccessDenied: "Nie masz uprawnień do zalogowania się.",
    signInErrorVerification: "Ten link do logowania już nie działa: został użyty lub wygasł. Poproś poniżej o nowy.",
    signInErrorAccountNotLinked: "Ta metoda logowania należy już do innego konta.",
    signInErrorWebAuthnVerificationError: "Nie udało się zweryfikować klucza dostępu. Spróbuj ponownie lub wybierz inny sposób logowania.",
    signInErrorSessionRequired: "Zaloguj się, aby zobaczyć tę stronę.",
    signInErrorRateLimited: "Zbyt wiele prób. Spróbuj ponownie później.",
    signInErrorDefault: "Podczas logowania coś poszło nie tak. Spróbuj ponownie.",

    signOutTitle: "Wyloguj się",
    signOutQuestion: "Czy na pewno chcesz się wylogować?",

    errorConfigurationHeading: "Błąd serwera",
    errorConfigurationMessage: "Serwer nie jest poprawnie skonfigurowany, więc logowanie jest teraz niemożliwe. Jeśli problem się powtarza, skontaktuj się z administratorem witryny.",
    errorAccessDeniedHeading: "Odmowa dostępu",
    errorAccessDeniedMessage: "Nie masz uprawnień do zalogowania się.",
    errorVerificationHeading: "Link jest już nieważny",
    errorVerificationMessage: "Tego linku do logowania nie można już użyć: został użyty lub wygasł. Zaloguj się ponownie, aby otrzymać nowy.",
    errorDefaultHeading: "Coś poszło nie tak",
    errorDefaultMessage: "Nie udało się zrealizować tego żądania. Spróbuj zalogować się ponownie.",
    errorCode: "Kod błędu: {code}",
    errorSignInLink: "Zaloguj się",
    homeLink: "Strona główna",

    verifyTitle: "Sprawdź pocztę",
    verifySentTo: "Wysłaliśmy link do logowania na adres {email}. Otwórz go, aby dokończyć logowanie.",
    verifySent: "Wysłaliśmy Ci link do logowania. Otwórz go, aby dokończyć logowanie.",
    verifyHint: "Możesz zamknąć tę stronę. Jeśli wiadomość nie dotrze w ciągu kilku minut, sprawdź folder spamu.",

    sessionsTitle: "Twoje sesje",
    sessionsUnknownBrowser: "Nieznana przeglądarka",
    sessionsThisBrowser: "(ta przeglądarka)",
    sessionsTimes: "Zalogowano: {created} · ostatnia aktywność: {lastSeen}",
    sessionsUnknownTime: "nieznane",
    sessionsEnd: "Wyloguj tę sesję",
    sessionsEndOthers: "Wyloguj wszystkie inne sesje",
    sessionsEndAll: "Wyloguj się wszędzie",
    // Second factors: the management page and the email code.
    factorsTitle: "Weryfikacja dwuetapowa",
    factorsIntro: "Drugi krok przy logowaniu chroni konto, nawet jeśli ktoś pozna Twoje hasło.",
    factorsAppOn: "Aplikacja uwierzytelniająca: włączona (od {date})",
    factorsAppOff: "Aplikacja uwierzytelniająca: wyłączona",
    factorsSetUpApp: "Skonfiguruj aplikację uwierzytelniającą",
    factorsScan: "Zeskanuj ten kod QR aplikacją uwierzytelniającą albo wpisz w niej klucz poniżej. Następnie podaj 6-cyfrowy kod, który pokaże.",
    factorsKey: "Klucz",
    factorsCodeLabel: "6-cyfrowy kod",
    factorsConfirm: "Włącz",
    factorsBackupCount: "Pozostałe kody zapasowe: {count}",
    factorsBackupSave: "Zapisz te kody zapasowe w bezpiecznym miejscu. Każdy działa raz i są pokazywane tylko teraz.",
    factorsNewBackup: "Wygeneruj nowe kody zapasowe",
    factorsRemoveApp: "Usuń aplikację uwierzytelniającą",
    factorsProofLabel: "Aktualny kod (z aplikacji lub zapasowy)",
    factorsEmailOn: "Kody e-mailem: na Twój zweryfikowany adres",
    factorsDoneEnrolled: "Aplikacja uwierzytelniająca jest włączona.",
    factorsDoneRemoved: "Usunięto.",
    factorsDoneRegenerated: "Stare kody zapasowe już nie działają.",
    factorsErrorInvalid: "Ten kod jest nieprawidłowy. Sprawdź aplikację i spróbuj ponownie.",
    factorsErrorFreshProof: "Najpierw podaj aktualny kod z aplikacji uwierzytelniającej lub kod zapasowy.",
    factorsErrorOther: "Nie udało się. Spróbuj ponownie.",
    factorsContinue: "Dalej",
    emailCodeSubject: "Twój kod: {code}",
    emailCodeText: "Twój kod weryfikacyjny to {code}. Działa raz, przez {minutes} minut. Jeśli nie próbowałeś się zalogować, zignoruj tę wiadomość.",
    secondFactorTitle: "Weryfikacja dwuetapowa",
    secondFactorIntro: "Wpisz 6-cyfrowy kod z aplikacji uwierzytelniającej.",
    secondFactorCodeLabel: "Kod",
    secondFactorBackupIntro: "Wpisz jeden z kodów zapasowych. Każdy kod działa tylko raz.",
    secondFactorBackupLabel: "Kod zapasowy",
    secondFactorEmailIntro: "Możemy wysłać kod na Twój adres e-mail.",
    secondFactorEmailSent: "Wysłaliśmy kod na Twój adres e-mail. Jest ważny przez 10 minut.",
    secondFactorEmailLabel: "Kod z wiadomości e-mail",
    secondFactorEmailSend: "Wyślij mi kod e-mailem",
    secondFactorEmailAgain: "Wyślij nowy kod",
    secondFactorRemember: "Zapamiętaj to urządzenie",
    secondFactorSubmit: "Zweryfikuj",
    secondFactorWrong: "Ten kod jest nieprawidłowy. Spróbuj ponownie.",
    secondFactorUseApp: "Użyj aplikacji uwierzytelniającej",
    secondFactorUseBackup: "Użyj kodu zapasowego",
    signInErrorSecondFactorExpired: "Logowanie wygasło lub wypróbowano zbyt wiele kodów. Zaloguj się ponownie.",
    emailSignInTitle: "Zaloguj się kodem",
    emailSignInIntro: "Wpisz swój adres e-mail, a wyślemy Ci 6-cyfrowy kod do logowania.",
    emailSignInSent: "Jeśli jakieś konto używa adresu {email}, kod jest w drodze. Jest ważny przez 10 minut.",
    emailSignInSubmit: "Zaloguj się",

    emailSubject: "Logowanie do {host}",
    emailOpenLink: "Otwórz ten link, aby się zalogować:",
    emailButton: "Zaloguj się",
    emailExpires: "Link działa jeden raz i wygasa za {time}.",
    emailIgnore: "Jeśli to nie Ty prosisz o logowanie, zignoruj tę wiadomość.",
  },
};

export default pl;
