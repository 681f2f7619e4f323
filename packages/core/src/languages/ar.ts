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
    // Second factors: the management page and the email code.
    factorsTitle: "التحقق بخطوتين",
    factorsIntro: "خطوة ثانية عند تسجيل الدخول تحمي حسابك حتى لو عرف أحد كلمة مرورك.",
    factorsAppOn: "تطبيق المصادقة: مفعّل (منذ {date})",
    factorsAppOff: "تطبيق المصادقة: غير مفعّل",
    factorsSetUpApp: "إعداد تطبيق مصادقة",
    factorsScan: "امسح رمز QR هذا بتطبيق المصادقة، أو اكتب فيه المفتاح أدناه. ثم أدخل الرمز المكوّن من 6 أرقام الذي يعرضه.",
    factorsKey: "المفتاح",
    factorsCodeLabel: "رمز من 6 أرقام",
    factorsConfirm: "تفعيل",
    factorsBackupCount: "الرموز الاحتياطية المتبقية: {count}",
    factorsBackupSave: "احفظ هذه الرموز الاحتياطية في مكان آمن. كل رمز يعمل مرة واحدة، ولن تُعرض إلا الآن.",
    factorsNewBackup: "الحصول على رموز احتياطية جديدة",
    factorsRemoveApp: "إزالة تطبيق المصادقة",
    factorsProofLabel: "رمز حالي (من التطبيق أو احتياطي)",
    factorsEmailOn: "رموز عبر البريد الإلكتروني: إلى عنوانك الموثّق",
    factorsDoneEnrolled: "تطبيق المصادقة مفعّل.",
    factorsDoneRemoved: "تمت الإزالة.",
    factorsDoneRegenerated: "لم تعد رموزك الاحتياطية القديمة تعمل.",
    factorsErrorInvalid: "هذا الرمز غير صحيح. تحقق من التطبيق وحاول مرة أخرى.",
    factorsErrorFreshProof: "أدخل أولاً رمزاً حالياً من تطبيق المصادقة أو رمزاً احتياطياً.",
    factorsErrorOther: "لم ينجح ذلك. حاول مرة أخرى.",
    factorsContinue: "متابعة",
    emailCodeSubject: "رمزك: {code}",
    emailCodeText: "رمز التحقق الخاص بك هو {code}. يعمل مرة واحدة لمدة {minutes} دقائق. إذا لم تحاول تسجيل الدخول فتجاهل هذه الرسالة.",
    secondFactorTitle: "التحقق بخطوتين",
    secondFactorIntro: "أدخل الرمز المكوّن من 6 أرقام من تطبيق المصادقة.",
    secondFactorCodeLabel: "الرمز",
    secondFactorBackupIntro: "أدخل أحد رموزك الاحتياطية. يعمل كل رمز مرة واحدة فقط.",
    secondFactorBackupLabel: "رمز احتياطي",
    secondFactorEmailIntro: "يمكننا إرسال رمز إلى عنوان بريدك الإلكتروني.",
    secondFactorEmailSent: "أرسلنا رمزًا إلى عنوان بريدك الإلكتروني. وهو صالح لمدة 10 دقائق.",
    secondFactorEmailLabel: "الرمز الوارد في البريد",
    secondFactorEmailSend: "أرسل لي رمزًا بالبريد الإلكتروني",
    secondFactorEmailAgain: "إرسال رمز جديد",
    secondFactorRemember: "تذكّر هذا الجهاز",
    secondFactorSubmit: "تحقّق",
    secondFactorWrong: "هذا الرمز غير صالح. حاول مرة أخرى.",
    secondFactorUseApp: "استخدم تطبيق المصادقة",
    secondFactorUseBackup: "استخدم رمزًا احتياطيًا",
    signInErrorSecondFactorExpired: "انتهت مهلة تسجيل الدخول أو جُرّب عدد كبير جدًا من الرموز. يُرجى تسجيل الدخول مرة أخرى.",
    emailSignInTitle: "تسجيل الدخول برمز",
    emailSignInIntro: "أدخل عنوان بريدك الإلكتروني وسنرسل إليك رمزًا من 6 أرقام لتسجيل الدخول.",
    emailSignInSent: "إذا كان هناك حساب يستخدم {email} فإن الرمز في طريقه إليك. وهو صالح لمدة 10 دقائق.",
    emailSignInSubmit: "تسجيل الدخول",

    emailSubject: "تسجيل الدخول إلى {host}",
    emailOpenLink: "افتح هذا الرابط لتسجيل الدخول:",
    emailButton: "تسجيل الدخول",
    emailExpires: "يعمل الرابط مرة واحدة وتنتهي صلاحيته بعد {time}.",
    emailIgnore: "إذا لم تطلبه، يمكنك تجاهل هذه الرسالة.",
  },
};

export default ar;
