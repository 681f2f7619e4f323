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
    // Second factors: the management page and the email code.
    factorsTitle: "Двухэтапная проверка",
    factorsIntro: "Второй шаг при входе защищает аккаунт, даже если кто-то узнал ваш пароль.",
    factorsAppOn: "Приложение-аутентификатор: включено (с {date})",
    factorsAppOff: "Приложение-аутентификатор: выключено",
    factorsSetUpApp: "Настроить приложение-аутентификатор",
    factorsScan: "Отсканируйте этот QR-код приложением-аутентификатором или введите в него ключ ниже. Затем введите 6-значный код, который оно покажет.",
    factorsKey: "Ключ",
    factorsCodeLabel: "6-значный код",
    factorsConfirm: "Включить",
    factorsBackupCount: "Осталось резервных кодов: {count}",
    factorsBackupSave: "Сохраните эти резервные коды в надёжном месте. Каждый действует один раз, и они показываются только сейчас.",
    factorsNewBackup: "Получить новые резервные коды",
    factorsRemoveApp: "Удалить приложение-аутентификатор",
    factorsProofLabel: "Текущий код (приложения или резервный)",
    factorsEmailOn: "Коды по почте: на ваш подтверждённый адрес",
    factorsDoneEnrolled: "Приложение-аутентификатор включено.",
    factorsDoneRemoved: "Удалено.",
    factorsDoneRegenerated: "Старые резервные коды больше не действуют.",
    factorsErrorInvalid: "Код неверен. Проверьте приложение и попробуйте снова.",
    factorsErrorFreshProof: "Сначала введите текущий код из приложения-аутентификатора или резервный код.",
    factorsErrorOther: "Не получилось. Попробуйте ещё раз.",
    factorsContinue: "Продолжить",
    emailCodeSubject: "Ваш код: {code}",
    emailCodeText: "Ваш код подтверждения: {code}. Он действует один раз в течение {minutes} минут. Если вы не пытались войти, просто проигнорируйте это письмо.",
    secondFactorTitle: "Двухэтапная проверка",
    secondFactorIntro: "Введите 6-значный код из приложения-аутентификатора.",
    secondFactorCodeLabel: "Код",
    secondFactorBackupIntro: "Введите один из резервных кодов. Каждый код действует только один раз.",
    secondFactorBackupLabel: "Резервный код",
    secondFactorEmailIntro: "Мы можем отправить код на ваш адрес электронной почты.",
    secondFactorEmailSent: "Мы отправили код на ваш адрес электронной почты. Он действует 10 минут.",
    secondFactorEmailLabel: "Код из письма",
    secondFactorEmailSend: "Отправить код по почте",
    secondFactorEmailAgain: "Отправить новый код",
    secondFactorRemember: "Запомнить это устройство",
    secondFactorSubmit: "Подтвердить",
    secondFactorWrong: "Этот код недействителен. Попробуйте ещё раз.",
    secondFactorUseApp: "Использовать приложение-аутентификатор",
    secondFactorUseBackup: "Использовать резервный код",
    signInErrorSecondFactorExpired: "Время входа истекло или было введено слишком много кодов. Войдите снова.",
    emailSignInTitle: "Вход по коду",
    emailSignInIntro: "Введите адрес электронной почты, и мы отправим 6-значный код для входа.",
    emailSignInSent: "Если адрес {email} привязан к аккаунту, код уже отправлен. Он действует 10 минут.",
    emailSignInSubmit: "Войти",

    emailSubject: "Вход на {host}",
    emailOpenLink: "Откройте эту ссылку, чтобы войти:",
    emailButton: "Войти",
    emailExpires: "Ссылка работает один раз; срок её действия — {time}.",
    emailIgnore: "Если вы не запрашивали это письмо, просто проигнорируйте его.",
  },
};

export default ru;
