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

    // Passwords
    signInCreateAccount: "Utwórz konto",
    signInForgotPassword: "Nie pamiętasz hasła?",
    signInPasswordChanged: "Twoje hasło zostało zmienione. Zaloguj się nowym hasłem.",
    passwordLabel: "Hasło",
    passwordNewLabel: "Nowe hasło",
    passwordCurrentLabel: "Obecne hasło",
    passwordHint: "Co najmniej {minimum} znaków. Dozwolone są dowolne znaki, także spacje.",
    passwordTooShort: "Użyj co najmniej {minimum} znaków.",
    passwordTooLong: "Użyj najwyżej {maximum} znaków.",
    passwordCommon: "To hasło należy do najpopularniejszych, które atakujący próbują w pierwszej kolejności. Wybierz inne.",
    passwordWrongCurrent: "To nie jest Twoje obecne hasło.",
    signUpTitle: "Utwórz konto",
    signUpNameLabel: "Imię i nazwisko (opcjonalnie)",
    signUpSubmit: "Utwórz konto",
    signUpHaveAccount: "Masz już konto? Zaloguj się",
    forgotTitle: "Zresetuj hasło",
    forgotIntro: "Podaj adres e-mail swojego konta, a wyślemy Ci link do ustawienia nowego hasła.",
    forgotSubmit: "Wyślij link",
    resetTitle: "Ustaw nowe hasło",
    resetSubmit: "Zapisz nowe hasło",
    changeTitle: "Zmień hasło",
    changeSubmit: "Zmień hasło",
    verifySignUpSent: "Wysłaliśmy wiadomość na podany adres. Otwórz zawarty w niej link, aby potwierdzić adres i dokończyć tworzenie konta.",
    verifyResetSent: "Jeśli podany adres należy do jakiegoś konta, wysłaliśmy na niego link do ustawienia nowego hasła.",
    signUpEmailSubject: "Potwierdź swój adres e-mail w serwisie {host}",
    signUpEmailOpenLink: "Otwórz ten link, aby potwierdzić adres i dokończyć tworzenie konta:",
    signUpEmailButton: "Potwierdź mój adres",
    signUpEmailIgnore: "Jeśli nie zakładasz konta, nie otwieraj linku i zignoruj tę wiadomość.",
    accountExistsEmailSubject: "Próba rejestracji w serwisie {host}",
    accountExistsEmailText: "Ktoś, być może Ty, próbował utworzyć konto w serwisie {host} przy użyciu tego adresu e-mail, do którego konto już istnieje. Nic się nie zmieniło. Jeśli to Ty, zaloguj się albo ustaw nowe hasło, jeśli go nie pamiętasz:",
    accountExistsEmailButton: "Ustaw nowe hasło",
    accountExistsEmailIgnore: "Jeśli to nie Ty, możesz zignorować tę wiadomość.",
    resetEmailSubject: "Resetowanie hasła w serwisie {host}",
    resetEmailOpenLink: "Otwórz ten link, aby ustawić nowe hasło:",
    resetEmailButton: "Ustaw nowe hasło",
    resetEmailIgnore: "Jeśli nie prosisz o zresetowanie hasła, zignoruj tę wiadomość: Twoje hasło pozostanie bez zmian.",

    emailSubject: "Logowanie do {host}",
    emailOpenLink: "Otwórz ten link, aby się zalogować:",
    emailButton: "Zaloguj się",
    emailExpires: "Link działa jeden raz i wygasa za {time}.",
    emailIgnore: "Jeśli to nie Ty prosisz o logowanie, zignoruj tę wiadomość.",
  },
};

export default pl;
