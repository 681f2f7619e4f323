/**
 * Ukrainian (Українська) for the built-in pages and the sign-in email.
 *
 * @example
 * ```ts
 * import uk from "@latch/core/languages/uk"
 * const config = { providers, languages: [uk] }
 * ```
 *
 * @module languages/uk
 */
import type { Language } from "../types/language.js";

const uk: Language = {
  code: "uk",
  name: "Українська",
  dir: "ltr",
  messages: {
    signInTitle: "Увійти",
    signInWith: "Увійти через {provider}",
    signInEmailLabel: "Адреса електронної пошти",
    signInEmailPlaceholder: "you@example.com",
    signInOr: "або",
    signInNoProviders: "Не налаштовано жодного способу входу.",
    signInReason: "Причина: {code}",
    signInErrorCredentialsSignin: "Не вдалося увійти з цими даними. Перевірте їх і спробуйте ще раз.",
    signInErrorOAuthAccountNotLinked: "Вашу адресу електронної пошти вже використано з іншим способом входу. Щоб підтвердити, що це ви, увійдіть через обліковий запис, який ви використали першого разу.",
    signInErrorOAuthCallbackError: "Сервіс входу повідомив про проблему. Спробуйте ще раз або виберіть інший спосіб входу.",
    signInErrorOAuthSignInError: "Не вдалося почати вхід через цей сервіс. Спробуйте ще раз або виберіть інший спосіб входу.",
    signInErrorEmailSignInError: "Не вдалося надіслати лист для входу. Перевірте адресу і спробуйте ще раз.",
    signInErrorMissingCSRF: "Термін дії цієї форми минув. Спробуйте ще раз.",
    signInErrorAccessDenied: "У вас немає дозволу на вхід.",
    signInErrorVerification: "Це посилання для входу більше не працює: його вже використано або термін його дії минув. Попросіть нове нижче.",
    signInErrorAccountNotLinked: "Цей спосіб входу вже належить іншому обліковому запису.",
    signInErrorWebAuthnVerificationError: "Не вдалося перевірити ваш ключ доступу. Спробуйте ще раз або виберіть інший спосіб входу.",
    signInErrorSessionRequired: "Увійдіть, щоб переглянути цю сторінку.",
    signInErrorRateLimited: "Забагато спроб. Спробуйте пізніше.",
    signInErrorDefault: "Під час входу щось пішло не так. Спробуйте ще раз.",

    signOutTitle: "Вийти",
    signOutQuestion: "Ви справді хочете вийти?",

    errorConfigurationHeading: "Помилка сервера",
    errorConfigurationMessage: "Сервер налаштовано неправильно, тому зараз увійти неможливо. Якщо це повторюється, зверніться до адміністратора сайту.",
    errorAccessDeniedHeading: "Доступ заборонено",
    errorAccessDeniedMessage: "У вас немає дозволу на вхід.",
    errorVerificationHeading: "Посилання більше не дійсне",
    errorVerificationMessage: "Цим посиланням для входу більше не можна скористатися: його вже використано або термін його дії минув. Увійдіть знову, щоб отримати нове.",
    errorDefaultHeading: "Щось пішло не так",
    errorDefaultMessage: "Не вдалося виконати запит. Спробуйте увійти ще раз.",
    errorCode: "Код помилки: {code}",
    errorSignInLink: "Увійти",
    homeLink: "На головну",

    verifyTitle: "Перевірте пошту",
    verifySentTo: "Ми надіслали посилання для входу на адресу {email}. Відкрийте його, щоб завершити вхід.",
    verifySent: "Ми надіслали вам посилання для входу. Відкрийте його, щоб завершити вхід.",
    verifyHint: "Цю сторінку можна закрити. Якщо лист не надійшов протягом кількох хвилин, перевірте папку «Спам».",

    sessionsTitle: "Ваші сеанси",
    sessionsUnknownBrowser: "Невідомий браузер",
    sessionsThisBrowser: "(цей браузер)",
    sessionsTimes: "Вхід: {created} · остання активність: {lastSeen}",
    sessionsUnknownTime: "невідомо",
    sessionsEnd: "Завершити цей сеанс",
    sessionsEndOthers: "Завершити всі інші сеанси",
    sessionsEndAll: "Вийти на всіх пристроях",

    // Passwords
    signInCreateAccount: "Створити обліковий запис",
    signInForgotPassword: "Забули пароль?",
    signInPasswordChanged: "Ваш пароль змінено. Увійдіть із новим паролем.",
    passwordLabel: "Пароль",
    passwordNewLabel: "Новий пароль",
    passwordCurrentLabel: "Поточний пароль",
    passwordHint: "Щонайменше {minimum} символів. Дозволено будь-які символи, зокрема пробіли.",
    passwordTooShort: "Використайте щонайменше {minimum} символів.",
    passwordTooLong: "Використайте щонайбільше {maximum} символів.",
    passwordCommon: "Це один із найпоширеніших паролів: зловмисники пробують такі насамперед. Виберіть інший.",
    passwordWrongCurrent: "Це не ваш поточний пароль.",
    signUpTitle: "Створити обліковий запис",
    signUpNameLabel: "Ім’я (необов’язково)",
    signUpSubmit: "Створити обліковий запис",
    signUpHaveAccount: "Уже маєте обліковий запис? Увійти",
    forgotTitle: "Скидання пароля",
    forgotIntro: "Введіть адресу електронної пошти свого облікового запису, і ми надішлемо посилання для вибору нового пароля.",
    forgotSubmit: "Надіслати посилання",
    resetTitle: "Виберіть новий пароль",
    resetSubmit: "Зберегти новий пароль",
    changeTitle: "Зміна пароля",
    changeSubmit: "Змінити пароль",
    verifySignUpSent: "Ми надіслали лист на вказану адресу. Відкрийте посилання з листа, щоб підтвердити адресу й завершити створення облікового запису.",
    verifyResetSent: "Якщо вказана адреса належить обліковому запису, ми надіслали на неї посилання для вибору нового пароля.",
    signUpEmailSubject: "Підтвердьте адресу електронної пошти для {host}",
    signUpEmailOpenLink: "Відкрийте це посилання, щоб підтвердити адресу й завершити створення облікового запису:",
    signUpEmailButton: "Підтвердити адресу",
    signUpEmailIgnore: "Якщо ви не створювали обліковий запис, не відкривайте посилання й просто проігноруйте цей лист.",
    accountExistsEmailSubject: "Спроба реєстрації на {host}",
    accountExistsEmailText: "Хтось, можливо ви, намагався створити обліковий запис на {host} з цією адресою електронної пошти, але обліковий запис із нею вже існує. Нічого не змінилося. Якщо це були ви, увійдіть або виберіть новий пароль, якщо забули його:",
    accountExistsEmailButton: "Вибрати новий пароль",
    accountExistsEmailIgnore: "Якщо це були не ви, просто проігноруйте цей лист.",
    resetEmailSubject: "Скидання пароля на {host}",
    resetEmailOpenLink: "Відкрийте це посилання, щоб вибрати новий пароль:",
    resetEmailButton: "Вибрати новий пароль",
    resetEmailIgnore: "Якщо ви не просили скинути пароль, проігноруйте цей лист: ваш пароль залишиться без змін.",

    emailSubject: "Вхід на {host}",
    emailOpenLink: "Відкрийте це посилання, щоб увійти:",
    emailButton: "Увійти",
    emailExpires: "Посилання працює один раз; строк його дії — {time}.",
    emailIgnore: "Якщо ви не надсилали такого запиту, просто проігноруйте цей лист.",
  },
};

export default uk;
