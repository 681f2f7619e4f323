/**
 * The sentences of the address-first form `Sso()` adds to Latch's sign-in page, in English and in
 * every language Latch ships; the page shows them in its own language.
 */
import type { PluginSignInForm, PluginSignInSentences } from "@latch/core/plugins";

/** The `error` code the sign-in page gets back for an address whose domain no organization connected. */
export const noConnection = "SsoNoConnection";

const said = (label: string, button: string, error: string): PluginSignInSentences => ({ label, button, errors: { [noConnection]: error } });

/** The form's sentences by language tag. */
export const signInSentences: PluginSignInForm["sentences"] = {
  en: said("Work email", "Sign in with your work address", "No single sign-on is set up for that address. Sign in another way."),
  ar: said("البريد الإلكتروني للعمل", "تسجيل الدخول بعنوان عملك", "لم يُعدّ تسجيل دخول موحّد لهذا العنوان. سجّل الدخول بطريقة أخرى."),
  de: said("Geschäftliche E-Mail-Adresse", "Mit Ihrer geschäftlichen Adresse anmelden", "Für diese Adresse ist keine Einmalanmeldung eingerichtet. Melden Sie sich auf anderem Weg an."),
  es: said("Correo del trabajo", "Iniciar sesión con tu dirección de trabajo", "No hay inicio de sesión único configurado para esa dirección. Inicia sesión de otra forma."),
  fr: said("E-mail professionnel", "Se connecter avec votre adresse professionnelle", "Aucune authentification unique n’est configurée pour cette adresse. Connectez-vous autrement."),
  he: said("אימייל בעבודה", "התחברות עם כתובת העבודה שלך", "לא הוגדרה כניסה יחידה לכתובת הזו. יש להתחבר בדרך אחרת."),
  it: said("Email di lavoro", "Accedi con il tuo indirizzo di lavoro", "Per questo indirizzo non è configurato l’accesso unico. Accedi in un altro modo."),
  ja: said("勤務先のメールアドレス", "勤務先のアドレスでサインイン", "このアドレスにはシングルサインオンが設定されていません。別の方法でサインインしてください。"),
  ko: said("회사 이메일", "회사 주소로 로그인", "이 주소에는 통합 로그인이 설정되어 있지 않습니다. 다른 방법으로 로그인하세요."),
  nl: said("Zakelijk e-mailadres", "Inloggen met je zakelijke adres", "Voor dit adres is geen eenmalige aanmelding ingesteld. Log op een andere manier in."),
  pl: said("Służbowy e-mail", "Zaloguj się adresem służbowym", "Dla tego adresu nie skonfigurowano logowania jednokrotnego. Zaloguj się w inny sposób."),
  pt: said("E-mail de trabalho", "Entrar com seu endereço de trabalho", "Não há login único configurado para esse endereço. Entre de outra forma."),
  ru: said("Рабочая почта", "Войти с рабочим адресом", "Для этого адреса единый вход не настроен. Войдите другим способом."),
  tr: said("İş e-postası", "İş adresinizle oturum açın", "Bu adres için çoklu oturum açma ayarlanmamış. Başka bir yolla oturum açın."),
  uk: said("Робоча пошта", "Увійти з робочою адресою", "Для цієї адреси єдиний вхід не налаштовано. Увійдіть іншим способом."),
  zh: said("工作邮箱", "使用工作地址登录", "该地址未设置单点登录。请使用其他方式登录。"),
};
