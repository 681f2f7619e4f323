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
    // Second factors: the management page and the email code.
    factorsTitle: "Двоетапна перевірка",
    factorsIntro: "Другий крок під час входу захищає обліковий запис, навіть якщо хтось дізнався ваш пароль.",
    factorsAppOn: "Застосунок-автентифікатор: увімкнено (з {date})",
    factorsAppOff: "Застосунок-автентифікатор: вимкнено",
    factorsSetUpApp: "Налаштувати застосунок-автентифікатор",
    factorsScan: "Відскануйте цей QR-код застосунком-автентифікатором або введіть у нього ключ нижче. Потім введіть 6-значний код, який він покаже.",
    factorsKey: "Ключ",
    factorsCodeLabel: "6-значний код",
    factorsConfirm: "Увімкнути",
    factorsBackupCount: "Залишилося резервних кодів: {count}",
    factorsBackupSave: "Збережіть ці резервні коди в надійному місці. Кожен діє один раз, і їх показано лише зараз.",
    factorsNewBackup: "Отримати нові резервні коди",
    factorsRemoveApp: "Видалити застосунок-автентифікатор",
    factorsProofLabel: "Поточний код (застосунку або резервний)",
    factorsEmailOn: "Коди електронною поштою: на вашу підтверджену адресу",
    factorsDoneEnrolled: "Застосунок-автентифікатор увімкнено.",
    factorsDoneRemoved: "Видалено.",
    factorsDoneRegenerated: "Старі резервні коди більше не діють.",
    factorsErrorInvalid: "Код неправильний. Перевірте застосунок і спробуйте ще раз.",
    factorsErrorFreshProof: "Спершу введіть поточний код із застосунку-автентифікатора або резервний код.",
    factorsErrorOther: "Не вдалося. Спробуйте ще раз.",
    factorsContinue: "Продовжити",
    emailCodeSubject: "Ваш код: {code}",
    emailCodeText: "Ваш код підтвердження: {code}. Він діє один раз протягом {minutes} хвилин. Якщо ви не намагалися увійти, проігноруйте цей лист.",
    secondFactorTitle: "Двоетапна перевірка",
    secondFactorIntro: "Введіть 6-значний код із застосунку-автентифікатора.",
    secondFactorCodeLabel: "Код",
    secondFactorBackupIntro: "Введіть один із резервних кодів. Кожен код діє лише один раз.",
    secondFactorBackupLabel: "Резервний код",
    secondFactorEmailIntro: "Ми можемо надіслати код на вашу електронну адресу.",
    secondFactorEmailSent: "Ми надіслали код на вашу електронну адресу. Він дійсний 10 хвилин.",
    secondFactorEmailLabel: "Код із листа",
    secondFactorEmailSend: "Надіслати код поштою",
    secondFactorEmailAgain: "Надіслати новий код",
    secondFactorRemember: "Запам’ятати цей пристрій",
    secondFactorSubmit: "Підтвердити",
    secondFactorWrong: "Цей код недійсний. Спробуйте ще раз.",
    secondFactorUseApp: "Використати застосунок-автентифікатор",
    secondFactorUseBackup: "Використати резервний код",
    signInErrorSecondFactorExpired: "Час входу минув або було введено забагато кодів. Увійдіть знову.",
    emailSignInTitle: "Вхід за кодом",
    emailSignInIntro: "Введіть адресу електронної пошти, і ми надішлемо 6-значний код для входу.",
    emailSignInSent: "Якщо адреса {email} належить обліковому запису, код уже надіслано. Він дійсний 10 хвилин.",
    emailSignInSubmit: "Увійти",

    emailSubject: "Вхід на {host}",
    emailOpenLink: "Відкрийте це посилання, щоб увійти:",
    emailButton: "Увійти",
    emailExpires: "Посилання працює один раз; строк його дії — {time}.",
    emailIgnore: "Якщо ви не надсилали такого запиту, просто проігноруйте цей лист.",
  },
};

export default uk;
