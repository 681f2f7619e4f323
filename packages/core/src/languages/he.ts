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
    // Second factors: the management page and the email code.
    factorsTitle: "אימות דו-שלבי",
    factorsIntro: "שלב שני בכניסה שומר על החשבון גם אם מישהו יודע את הסיסמה שלך.",
    factorsAppOn: "אפליקציית אימות: פעילה (מאז {date})",
    factorsAppOff: "אפליקציית אימות: כבויה",
    factorsSetUpApp: "הגדרת אפליקציית אימות",
    factorsScan: "סרקו את קוד ה-QR הזה באפליקציית האימות, או הקלידו בה את המפתח שלמטה. אחר כך הזינו את הקוד בן 6 הספרות שהיא מציגה.",
    factorsKey: "מפתח",
    factorsCodeLabel: "קוד בן 6 ספרות",
    factorsConfirm: "הפעלה",
    factorsBackupCount: "קודי גיבוי שנותרו: {count}",
    factorsBackupSave: "שמרו את קודי הגיבוי האלה במקום בטוח. כל קוד עובד פעם אחת, והם מוצגים רק עכשיו.",
    factorsNewBackup: "קבלת קודי גיבוי חדשים",
    factorsRemoveApp: "הסרת אפליקציית האימות",
    factorsProofLabel: "קוד עדכני (מהאפליקציה או קוד גיבוי)",
    factorsEmailOn: "קודים בדוא״ל: לכתובת המאומתת שלך",
    factorsDoneEnrolled: "אפליקציית האימות שלך פעילה.",
    factorsDoneRemoved: "הוסר.",
    factorsDoneRegenerated: "קודי הגיבוי הישנים שלך כבר לא עובדים.",
    factorsErrorInvalid: "הקוד שגוי. בדקו את האפליקציה ונסו שוב.",
    factorsErrorFreshProof: "הזינו קודם קוד עדכני מאפליקציית האימות או קוד גיבוי.",
    factorsErrorOther: "זה לא הצליח. נסו שוב.",
    factorsContinue: "המשך",
    emailCodeSubject: "הקוד שלך: {code}",
    emailCodeText: "קוד האימות שלך הוא {code}. הוא עובד פעם אחת, במשך {minutes} דקות. אם לא ניסית להיכנס, אפשר להתעלם מהודעה זו.",
    secondFactorTitle: "אימות דו-שלבי",
    secondFactorIntro: "יש להזין את הקוד בן 6 הספרות מאפליקציית האימות.",
    secondFactorCodeLabel: "קוד",
    secondFactorBackupIntro: "יש להזין אחד מקודי הגיבוי. כל קוד פועל פעם אחת בלבד.",
    secondFactorBackupLabel: "קוד גיבוי",
    secondFactorEmailIntro: "אפשר לקבל קוד לכתובת הדוא״ל.",
    secondFactorEmailSent: "נשלח קוד לכתובת הדוא״ל. הוא תקף למשך 10 דקות.",
    secondFactorEmailLabel: "הקוד מהדוא״ל",
    secondFactorEmailSend: "שליחת קוד בדוא״ל",
    secondFactorEmailAgain: "שליחת קוד חדש",
    secondFactorRemember: "לזכור את המכשיר הזה",
    secondFactorSubmit: "אימות",
    secondFactorWrong: "הקוד הזה אינו תקף. יש לנסות שוב.",
    secondFactorUseApp: "שימוש באפליקציית האימות",
    secondFactorUseBackup: "שימוש בקוד גיבוי",
    signInErrorSecondFactorExpired: "תוקף הכניסה פג או שנוסו יותר מדי קודים. יש להתחבר מחדש.",
    emailSignInTitle: "כניסה עם קוד",
    emailSignInIntro: "יש להזין כתובת דוא״ל ויישלח אליה קוד בן 6 ספרות לכניסה.",
    emailSignInSent: "אם קיים חשבון עם הכתובת {email}, קוד נשלח אליה. הוא תקף למשך 10 דקות.",
    emailSignInSubmit: "כניסה",

    emailSubject: "כניסה אל {host}",
    emailOpenLink: "יש לפתוח את הקישור הזה כדי להיכנס:",
    emailButton: "כניסה",
    emailExpires: "הקישור עובד פעם אחת ותוקפו יפוג בעוד {time}.",
    emailIgnore: "אם לא ביקשת אותו, אפשר להתעלם מהאימייל הזה.",
  },
};

export default he;
