/**
 * Arabic (العربية) for the built-in pages and the sign-in email.
 *
 * @example
 * ```ts
 * import ar from "@latch/core/languages/ar"
 * const config = { providers, languages: [ar] }
 * ```
 *
 * @module languages/ar
 */
import type { Language } from "../types/language.js";

const ar: Language = {
  code: "ar",
  name: "العربية",
  dir: "rtl",
  messages: {
    signInTitle: "تسجيل الدخول",
    signInWith: "تسجيل الدخول باستخدام {provider}",
    signInEmailLabel: "البريد الإلكتروني",
    signInEmailPlaceholder: "you@example.com",
    signInOr: "أو",
    signInNoProviders: "لم تُعدّ أي طريقة لتسجيل الدخول.",
    signInReason: "السبب: {code}",
    signInErrorCredentialsSignin: "تعذّر تسجيل دخولك بهذه البيانات. تحقّق منها وحاول مرة أخرى.",
    signInErrorOAuthAccountNotLinked: "عنوان بريدك الإلكتروني مستخدم بالفعل مع طريقة أخرى لتسجيل الدخول. لتأكيد هويتك، سجّل الدخول بالحساب الذي استخدمته أول مرة.",
    signInErrorOAuthCallbackError: "أبلغت خدمة تسجيل الدخول عن مشكلة. حاول مرة أخرى أو اختر طريقة أخرى لتسجيل الدخول.",
    signInErrorOAuthSignInError: "تعذّر بدء تسجيل الدخول بهذه الخدمة. حاول مرة أخرى أو اختر طريقة أخرى لتسجيل الدخول.",
    signInErrorEmailSignInError: "تعذّر إرسال رسالة تسجيل الدخول. تحقّق من العنوان وحاول مرة أخرى.",
    signInErrorMissingCSRF: "انتهت صلاحية هذا النموذج. يُرجى المحاولة مرة أخرى.",
    signInErrorAccessDenied: "ليس لديك إذن بتسجيل الدخول.",
    signInErrorVerification: "رابط تسجيل الدخول هذا لم يعد يعمل: فقد استُخدم من قبل أو انتهت صلاحيته. اطلب رابطًا جديدًا أدناه.",
    signInErrorAccountNotLinked: "طريقة تسجيل الدخول هذه مرتبطة بالفعل بحساب آخر.",
    signInErrorWebAuthnVerificationError: "تعذّر التحقق من مفتاح المرور. حاول مرة أخرى أو اختر طريقة أخرى لتسجيل الدخول.",
    signInErrorSessionRequired: "يُرجى تسجيل الدخول لعرض هذه الصفحة.",
    signInErrorRateLimited: "محاولات كثيرة جدًا. حاول مرة أخرى لاحقًا.",
    signInErrorDefault: "حدث خطأ أثناء تسجيل دخولك. يُرجى المحاولة مرة أخرى.",

    signOutTitle: "تسجيل الخروج",
    signOutQuestion: "هل تريد بالتأكيد تسجيل الخروج؟",

    errorConfigurationHeading: "خطأ في الخادم",
    errorConfigurationMessage: "الخادم غير مُعدّ بشكل صحيح، لذا يتعذّر تسجيل الدخول الآن. إذا استمرت المشكلة، فتواصل مع مسؤول الموقع.",
    errorAccessDeniedHeading: "تم رفض الوصول",
    errorAccessDeniedMessage: "ليس لديك إذن بتسجيل الدخول.",
    errorVerificationHeading: "الرابط لم يعد صالحًا",
    errorVerificationMessage: "لم يعد بالإمكان استخدام رابط تسجيل الدخول هذا: فقد استُخدم من قبل أو انتهت صلاحيته. سجّل الدخول مرة أخرى للحصول على رابط جديد.",
    errorDefaultHeading: "حدث خطأ ما",
    errorDefaultMessage: "تعذّر إكمال هذا الطلب. يُرجى محاولة تسجيل الدخول مرة أخرى.",
    errorCode: "رمز الخطأ: {code}",
    errorSignInLink: "تسجيل الدخول",
    homeLink: "الصفحة الرئيسية",

    verifyTitle: "تحقّق من بريدك الإلكتروني",
    verifySentTo: "أرسلنا رابط تسجيل الدخول إلى {email}. افتحه لإكمال تسجيل الدخول.",
    verifySent: "أرسلنا إليك رابط تسجيل الدخول. افتحه لإكمال تسجيل الدخول.",
    verifyHint: "يمكنك إغلاق هذه الصفحة. إذا لم تصل الرسالة خلال بضع دقائق، فتحقّق من مجلد الرسائل غير المرغوب فيها.",

    sessionsTitle: "جلساتك",
    sessionsUnknownBrowser: "متصفح غير معروف",
    sessionsThisBrowser: "(هذا المتصفح)",
    sessionsTimes: "تسجيل الدخول: {created} · آخر نشاط: {lastSeen}",
    sessionsUnknownTime: "غير معروف",
    sessionsEnd: "إنهاء هذه الجلسة",
    sessionsEndOthers: "إنهاء كل الجلسات الأخرى",
    sessionsEndAll: "تسجيل الخروج من كل مكان",

    // Passwords
    signInCreateAccount: "إنشاء حساب",
    signInForgotPassword: "هل نسيت كلمة المرور؟",
    signInPasswordChanged: "تم تغيير كلمة المرور. سجّل الدخول بكلمة المرور الجديدة.",
    passwordLabel: "كلمة المرور",
    passwordNewLabel: "كلمة المرور الجديدة",
    passwordCurrentLabel: "كلمة المرور الحالية",
    passwordHint: "عدد الأحرف {minimum} على الأقل. يُسمح بأي حرف، بما في ذلك المسافات.",
    passwordTooShort: "يجب ألا يقل عدد الأحرف عن {minimum}.",
    passwordTooLong: "يجب ألا يزيد عدد الأحرف على {maximum}.",
    passwordCommon: "كلمة المرور هذه من أكثر كلمات المرور شيوعًا، وهي أول ما يجرّبه المهاجمون. اختر كلمة مرور أخرى.",
    passwordWrongCurrent: "هذه ليست كلمة المرور الحالية.",
    signUpTitle: "إنشاء حساب",
    signUpNameLabel: "الاسم (اختياري)",
    signUpSubmit: "إنشاء الحساب",
    signUpHaveAccount: "لديك حساب بالفعل؟ سجّل الدخول",
    forgotTitle: "إعادة تعيين كلمة المرور",
    forgotIntro: "أدخل عنوان البريد الإلكتروني لحسابك وسنرسل إليك رابطًا لاختيار كلمة مرور جديدة.",
    forgotSubmit: "إرسال الرابط",
    resetTitle: "اختر كلمة مرور جديدة",
    resetSubmit: "حفظ كلمة المرور الجديدة",
    changeTitle: "تغيير كلمة المرور",
    changeSubmit: "تغيير كلمة المرور",
    verifySignUpSent: "أرسلنا رسالة إلى العنوان الذي أدخلته. افتح الرابط الموجود فيها لتأكيد العنوان وإكمال إنشاء حسابك.",
    verifyResetSent: "إذا كان هناك حساب يستخدم العنوان الذي أدخلته، فقد أرسلنا إليه رابطًا لاختيار كلمة مرور جديدة.",
    signUpEmailSubject: "أكّد عنوان بريدك الإلكتروني على {host}",
    signUpEmailOpenLink: "افتح هذا الرابط لتأكيد عنوانك وإكمال إنشاء حسابك:",
    signUpEmailButton: "تأكيد عنواني",
    signUpEmailIgnore: "إذا لم تُنشئ حسابًا، فلا تفتح الرابط وتجاهل هذه الرسالة.",
    accountExistsEmailSubject: "محاولة تسجيل على {host}",
    accountExistsEmailText: "حاول شخص ما، ربما أنت، إنشاء حساب على {host} بعنوان البريد الإلكتروني هذا، مع أن لهذا العنوان حسابًا بالفعل. لم يتغيّر شيء. إذا كنت أنت، فسجّل الدخول، أو اختر كلمة مرور جديدة إذا نسيتها:",
    accountExistsEmailButton: "اختيار كلمة مرور جديدة",
    accountExistsEmailIgnore: "إذا لم تكن أنت، يمكنك تجاهل هذه الرسالة.",
    resetEmailSubject: "إعادة تعيين كلمة المرور على {host}",
    resetEmailOpenLink: "افتح هذا الرابط لاختيار كلمة مرور جديدة:",
    resetEmailButton: "اختيار كلمة مرور جديدة",
    resetEmailIgnore: "إذا لم تطلب إعادة تعيين كلمة المرور، فتجاهل هذه الرسالة: ستبقى كلمة المرور كما هي.",

    emailSubject: "تسجيل الدخول إلى {host}",
    emailOpenLink: "افتح هذا الرابط لتسجيل الدخول:",
    emailButton: "تسجيل الدخول",
    emailExpires: "يعمل الرابط مرة واحدة وتنتهي صلاحيته بعد {time}.",
    emailIgnore: "إذا لم تطلبه، يمكنك تجاهل هذه الرسالة.",
  },
};

export default ar;
