/**
 * Hebrew (עברית) for the built-in pages and the sign-in email.
 *
 * @example
 * ```ts
 * import he from "@latch/core/languages/he"
 * const config = { providers, languages: [he] }
 * ```
 *
 * @module languages/he
 */
import type { Language } from "../types/language.js";

const he: Language = {
  code: "he",
  name: "עברית",
  dir: "rtl",
  messages: {
    signInTitle: "כניסה",
    signInWith: "כניסה עם {provider}",
    signInEmailLabel: "כתובת אימייל",
    signInEmailPlaceholder: "you@example.com",
    signInOr: "או",
    signInNoProviders: "לא הוגדרו דרכי כניסה.",
    signInReason: "סיבה: {code}",
    signInErrorCredentialsSignin: "לא הצלחנו להכניס אותך עם הפרטים האלה. יש לבדוק אותם ולנסות שוב.",
    signInErrorOAuthAccountNotLinked: "כתובת האימייל שלך כבר משמשת עם דרך כניסה אחרת. כדי לאשר את זהותך, יש להיכנס עם החשבון שבו השתמשת בפעם הראשונה.",
    signInErrorOAuthCallbackError: "שירות הכניסה דיווח על בעיה. אפשר לנסות שוב או לבחור דרך כניסה אחרת.",
    signInErrorOAuthSignInError: "לא הצלחנו להתחיל את הכניסה עם השירות הזה. אפשר לנסות שוב או לבחור דרך כניסה אחרת.",
    signInErrorEmailSignInError: "לא הצלחנו לשלוח את אימייל הכניסה. יש לבדוק את הכתובת ולנסות שוב.",
    signInErrorMissingCSRF: "תוקף הטופס הזה פג. יש לנסות שוב.",
    signInErrorAccessDenied: "אין לך הרשאה להיכנס.",
    signInErrorVerification: "קישור הכניסה הזה כבר לא עובד: כבר השתמשו בו או שתוקפו פג. אפשר לבקש קישור חדש למטה.",
    signInErrorAccountNotLinked: "דרך הכניסה הזו כבר שייכת לחשבון אחר.",
    signInErrorWebAuthnVerificationError: "לא הצלחנו לאמת את מפתח הגישה שלך. אפשר לנסות שוב או לבחור דרך כניסה אחרת.",
    signInErrorSessionRequired: "יש להיכנס כדי לראות את הדף הזה.",
    signInErrorRateLimited: "יותר מדי ניסיונות. נסו שוב מאוחר יותר.",
    signInErrorDefault: "משהו השתבש בזמן הכניסה. יש לנסות שוב.",

    signOutTitle: "יציאה",
    signOutQuestion: "לצאת מהחשבון?",

    errorConfigurationHeading: "שגיאת שרת",
    errorConfigurationMessage: "השרת לא מוגדר כראוי, ולכן אי אפשר להיכנס כרגע. אם הבעיה נמשכת, יש לפנות למנהל האתר.",
    errorAccessDeniedHeading: "הגישה נדחתה",
    errorAccessDeniedMessage: "אין לך הרשאה להיכנס.",
    errorVerificationHeading: "הקישור כבר לא בתוקף",
    errorVerificationMessage: "אי אפשר להשתמש יותר בקישור הכניסה הזה: כבר השתמשו בו או שתוקפו פג. יש להיכנס שוב כדי לקבל קישור חדש.",
    errorDefaultHeading: "משהו השתבש",
    errorDefaultMessage: "לא הצלחנו להשלים את הבקשה. יש לנסות להיכנס שוב.",
    errorCode: "קוד שגיאה: {code}",
    errorSignInLink: "כניסה",
    homeLink: "דף הבית",

    verifyTitle: "נא לבדוק את האימייל",
    verifySentTo: "שלחנו קישור כניסה אל {email}. יש לפתוח אותו כדי להשלים את הכניסה.",
    verifySent: "שלחנו לך קישור כניסה. יש לפתוח אותו כדי להשלים את הכניסה.",
    verifyHint: "אפשר לסגור את הדף הזה. אם האימייל לא הגיע תוך כמה דקות, כדאי לבדוק בתיקיית הספאם.",

    sessionsTitle: "החיבורים שלך",
    sessionsUnknownBrowser: "דפדפן לא ידוע",
    sessionsThisBrowser: "(הדפדפן הזה)",
    sessionsTimes: "כניסה: {created} · פעילות אחרונה: {lastSeen}",
    sessionsUnknownTime: "לא ידוע",
    sessionsEnd: "ניתוק החיבור הזה",
    sessionsEndOthers: "ניתוק כל החיבורים האחרים",
    sessionsEndAll: "יציאה מכל המכשירים",

    // Passwords
    signInCreateAccount: "יצירת חשבון",
    signInForgotPassword: "שכחת את הסיסמה?",
    signInPasswordChanged: "הסיסמה שונתה. יש להיכנס עם הסיסמה החדשה.",
    passwordLabel: "סיסמה",
    passwordNewLabel: "סיסמה חדשה",
    passwordCurrentLabel: "הסיסמה הנוכחית",
    passwordHint: "לפחות {minimum} תווים. מותר להשתמש בכל תו, כולל רווחים.",
    passwordTooShort: "יש להשתמש ב-{minimum} תווים לפחות.",
    passwordTooLong: "אפשר להשתמש ב-{maximum} תווים לכל היותר.",
    passwordCommon: "הסיסמה הזו היא מהנפוצות ביותר, ותוקפים מנסים סיסמאות כאלה ראשונות. יש לבחור סיסמה אחרת.",
    passwordWrongCurrent: "זו לא הסיסמה הנוכחית שלך.",
    signUpTitle: "יצירת חשבון",
    signUpNameLabel: "שם (לא חובה)",
    signUpSubmit: "יצירת החשבון",
    signUpHaveAccount: "כבר יש לך חשבון? כניסה",
    forgotTitle: "איפוס הסיסמה",
    forgotIntro: "יש להזין את כתובת האימייל של החשבון, ונשלח אליה קישור לבחירת סיסמה חדשה.",
    forgotSubmit: "שליחת הקישור",
    resetTitle: "בחירת סיסמה חדשה",
    resetSubmit: "שמירת הסיסמה החדשה",
    changeTitle: "שינוי הסיסמה",
    changeSubmit: "שינוי סיסמה",
    verifySignUpSent: "שלחנו אימייל לכתובת שהוזנה. יש לפתוח את הקישור שבו כדי לאמת את הכתובת ולסיים את יצירת החשבון.",
    verifyResetSent: "אם יש חשבון שמשתמש בכתובת שהוזנה, שלחנו אליה קישור לבחירת סיסמה חדשה.",
    signUpEmailSubject: "אימות כתובת האימייל שלך ב-{host}",
    signUpEmailOpenLink: "יש לפתוח את הקישור הזה כדי לאמת את הכתובת ולסיים את יצירת החשבון:",
    signUpEmailButton: "אימות הכתובת שלי",
    signUpEmailIgnore: "אם לא יצרת חשבון, אין לפתוח את הקישור, ואפשר להתעלם מהאימייל הזה.",
    accountExistsEmailSubject: "ניסיון הרשמה ב-{host}",
    accountExistsEmailText: "התקבל ניסיון ליצור חשבון ב-{host} עם כתובת האימייל הזו, שכבר יש לה חשבון (ייתכן שהניסיון היה שלך). שום דבר לא השתנה. אם הניסיון היה שלך, אפשר להיכנס, או לבחור סיסמה חדשה אם שכחת אותה:",
    accountExistsEmailButton: "בחירת סיסמה חדשה",
    accountExistsEmailIgnore: "אם הניסיון לא היה שלך, אפשר להתעלם מהאימייל הזה.",
    resetEmailSubject: "איפוס הסיסמה שלך ב-{host}",
    resetEmailOpenLink: "יש לפתוח את הקישור הזה כדי לבחור סיסמה חדשה:",
    resetEmailButton: "בחירת סיסמה חדשה",
    resetEmailIgnore: "אם לא ביקשת לאפס את הסיסמה, אפשר להתעלם מהאימייל הזה: הסיסמה תישאר כפי שהיא.",

    emailSubject: "כניסה אל {host}",
    emailOpenLink: "יש לפתוח את הקישור הזה כדי להיכנס:",
    emailButton: "כניסה",
    emailExpires: "הקישור עובד פעם אחת ותוקפו יפוג בעוד {time}.",
    emailIgnore: "אם לא ביקשת אותו, אפשר להתעלם מהאימייל הזה.",
  },
};

export default he;
