/**
 * Russian (Русский) for the built-in pages and the sign-in email.
 *
 * @example
 * ```ts
 * import ru from "@latch/core/languages/ru"
 * const config = { providers, languages: [ru] }
 * ```
 *
 * @module languages/ru
 */
import type { Language } from "../types/language.js";

const ru: Language = {
  code: "ru",
  name: "Русский",
  dir: "ltr",
  messages: {
    signInTitle: "Войти",
    signInWith: "Войти через {provider}",
    signInEmailLabel: "Адрес электронной почты",
    signInEmailPlaceholder: "you@example.com",
    signInOr: "или",
    signInNoProviders: "Не настроено ни одного способа входа.",
    signInReason: "Причина: {code}",
    signInErrorCredentialsSignin: "Не удалось войти с этими данными. Проверьте их и попробуйте ещё раз.",
    signInErrorOAuthAccountNotLinked: "Ваш адрес электронной почты уже используется с другим способом входа. Чтобы подтвердить, что это вы, войдите через аккаунт, которым вы воспользовались в первый раз.",
    signInErrorOAuthCallbackError: "Сервис входа сообщил о проблеме. Попробуйте ещё раз или выберите другой способ входа.",
    signInErrorOAuthSignInError: "Не удалось начать вход через этот сервис. Попробуйте ещё раз или выберите другой способ входа.",
    signInErrorEmailSignInError: "Не удалось отправить письмо для входа. Проверьте адрес и попробуйте ещё раз.",
    signInErrorMissingCSRF: "Срок действия формы истёк. Попробуйте ещё раз.",
    signInErrorAccessDenied: "У вас нет разрешения на вход.",
    signInErrorVerification: "Эта ссылка для входа больше не работает: ею уже воспользовались или срок её действия истёк. Запросите новую ниже.",
    signInErrorAccountNotLinked: "Этот способ входа уже привязан к другому аккаунту.",
    signInErrorWebAuthnVerificationError: "Не удалось проверить ваш ключ доступа. Попробуйте ещё раз или выберите другой способ входа.",
    signInErrorSessionRequired: "Войдите, чтобы увидеть эту страницу.",
    signInErrorRateLimited: "Слишком много попыток. Повторите попытку позже.",
    signInErrorDefault: "При входе что-то пошло не так. Попробуйте ещё раз.",

    signOutTitle: "Выйти",
    signOutQuestion: "Вы действительно хотите выйти?",

    errorConfigurationHeading: "Ошибка сервера",
    errorConfigurationMessage: "Сервер настроен неправильно, поэтому войти сейчас невозможно. Если это повторяется, свяжитесь с администратором сайта.",
    errorAccessDeniedHeading: "Доступ запрещён",
    errorAccessDeniedMessage: "У вас нет разрешения на вход.",
    errorVerificationHeading: "Ссылка больше не действует",
    errorVerificationMessage: "Этой ссылкой для входа больше нельзя воспользоваться: она уже использована или срок её действия истёк. Войдите снова, чтобы получить новую.",
    errorDefaultHeading: "Что-то пошло не так",
    errorDefaultMessage: "Не удалось выполнить запрос. Попробуйте войти ещё раз.",
    errorCode: "Код ошибки: {code}",
    errorSignInLink: "Войти",
    homeLink: "На главную",

    verifyTitle: "Проверьте почту",
    verifySentTo: "Мы отправили ссылку для входа на адрес {email}. Откройте её, чтобы завершить вход.",
    verifySent: "Мы отправили вам ссылку для входа. Откройте её, чтобы завершить вход.",
    verifyHint: "Эту страницу можно закрыть. Если письмо не пришло в течение нескольких минут, проверьте папку «Спам».",

    sessionsTitle: "Ваши сеансы",
    sessionsUnknownBrowser: "Неизвестный браузер",
    sessionsThisBrowser: "(этот браузер)",
    sessionsTimes: "Вход: {created} · последняя активность: {lastSeen}",
    sessionsUnknownTime: "неизвестно",
    sessionsEnd: "Завершить этот сеанс",
    sessionsEndOthers: "Завершить все другие сеансы",
    sessionsEndAll: "Выйти на всех устройствах",

    // Passwords
    signInCreateAccount: "Создать аккаунт",
    signInForgotPassword: "Забыли пароль?",
    signInPasswordChanged: "Ваш пароль изменён. Войдите с новым паролем.",
    passwordLabel: "Пароль",
    passwordNewLabel: "Новый пароль",
    passwordCurrentLabel: "Текущий пароль",
    passwordHint: "Не менее {minimum} символов. Допускаются любые символы, в том числе пробелы.",
    passwordTooShort: "Используйте не менее {minimum} символов.",
    passwordTooLong: "Используйте не более {maximum} символов.",
    passwordCommon: "Это один из самых распространённых паролей: злоумышленники пробуют такие в первую очередь. Выберите другой.",
    passwordWrongCurrent: "Это не ваш текущий пароль.",
    signUpTitle: "Создать аккаунт",
    signUpNameLabel: "Имя (необязательно)",
    signUpSubmit: "Создать аккаунт",
    signUpHaveAccount: "Уже есть аккаунт? Войти",
    forgotTitle: "Сброс пароля",
    forgotIntro: "Введите адрес электронной почты вашего аккаунта, и мы отправим ссылку для выбора нового пароля.",
    forgotSubmit: "Отправить ссылку",
    resetTitle: "Выберите новый пароль",
    resetSubmit: "Сохранить новый пароль",
    changeTitle: "Смена пароля",
    changeSubmit: "Сменить пароль",
    verifySignUpSent: "Мы отправили письмо на указанный адрес. Откройте ссылку из письма, чтобы подтвердить адрес и завершить создание аккаунта.",
    verifyResetSent: "Если указанный адрес привязан к аккаунту, мы отправили на него ссылку для выбора нового пароля.",
    signUpEmailSubject: "Подтвердите адрес электронной почты для {host}",
    signUpEmailOpenLink: "Откройте эту ссылку, чтобы подтвердить адрес и завершить создание аккаунта:",
    signUpEmailButton: "Подтвердить адрес",
    signUpEmailIgnore: "Если вы не создавали аккаунт, не открывайте ссылку и просто проигнорируйте это письмо.",
    accountExistsEmailSubject: "Попытка регистрации на {host}",
    accountExistsEmailText: "Кто-то, возможно вы, попытался создать аккаунт на {host} с этим адресом электронной почты, но аккаунт с этим адресом уже есть. Ничего не изменилось. Если это были вы, войдите или выберите новый пароль, если забыли его:",
    accountExistsEmailButton: "Выбрать новый пароль",
    accountExistsEmailIgnore: "Если это были не вы, просто проигнорируйте это письмо.",
    resetEmailSubject: "Сброс пароля на {host}",
    resetEmailOpenLink: "Откройте эту ссылку, чтобы выбрать новый пароль:",
    resetEmailButton: "Выбрать новый пароль",
    resetEmailIgnore: "Если вы не запрашивали сброс пароля, проигнорируйте это письмо: ваш пароль останется прежним.",

    emailSubject: "Вход на {host}",
    emailOpenLink: "Откройте эту ссылку, чтобы войти:",
    emailButton: "Войти",
    emailExpires: "Ссылка работает один раз; срок её действия — {time}.",
    emailIgnore: "Если вы не запрашивали это письмо, просто проигнорируйте его.",
  },
};

export default ru;
