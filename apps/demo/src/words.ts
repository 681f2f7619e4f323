/**
 * The demo's own labels in every language Latch ships, chosen like Latch's pages by the browser's
 * Accept-Language. Labels that name a Latch page (Sign in, Your sessions, Change your password…)
 * are that page's own title from `@latch/core/languages`; the longer explanations of the cards are
 * the demo's documentation and shown on English pages only.
 */
import type { Language } from "@latch/core";
import { languages } from "@latch/core/languages";

/** The demo's labels, `{name}` and `{date}` filled in where they appear. */
export interface DemoWords {
  /** The page's language tag, for `<html lang>` and dates. */
  lang: string;
  dir: "ltr" | "rtl";
  hello: string;
  sessionUntil: string;
  notSignedIn: string;
  home: string;
  protectedPage: string;
  addPasskey: string;
  outbox: string;
  /** Titles of Latch's pages, in the same language. */
  signIn: string;
  signOut: string;
  sessions: string;
  twoStep: string;
  createAccount: string;
  changePassword: string;
  resetPassword: string;
}

type Own = Pick<DemoWords, "hello" | "sessionUntil" | "notSignedIn" | "home" | "protectedPage" | "addPasskey" | "outbox">;

const own: Record<string, Own> = {
  en: { hello: "Hello, {name}.", sessionUntil: "Your session lasts until {date}.", notSignedIn: "You are not signed in.", home: "Home", protectedPage: "Protected page", addPasskey: "Add a passkey", outbox: "Development outbox" },
  de: { hello: "Hallo, {name}.", sessionUntil: "Ihre Sitzung gilt bis {date}.", notSignedIn: "Sie sind nicht angemeldet.", home: "Startseite", protectedPage: "Geschützte Seite", addPasskey: "Passkey hinzufügen", outbox: "Postausgang (Entwicklung)" },
  fr: { hello: "Bonjour, {name}.", sessionUntil: "Votre session dure jusqu'au {date}.", notSignedIn: "Vous n'êtes pas connecté.", home: "Accueil", protectedPage: "Page protégée", addPasskey: "Ajouter une clé d'accès", outbox: "Boîte d'envoi (développement)" },
  es: { hello: "Hola, {name}.", sessionUntil: "Tu sesión dura hasta el {date}.", notSignedIn: "No has iniciado sesión.", home: "Inicio", protectedPage: "Página protegida", addPasskey: "Añadir una llave de acceso", outbox: "Bandeja de salida (desarrollo)" },
  it: { hello: "Ciao, {name}.", sessionUntil: "La tua sessione dura fino al {date}.", notSignedIn: "Non hai effettuato l'accesso.", home: "Home", protectedPage: "Pagina protetta", addPasskey: "Aggiungi una passkey", outbox: "Posta in uscita (sviluppo)" },
  pt: { hello: "Olá, {name}.", sessionUntil: "Sua sessão dura até {date}.", notSignedIn: "Você não está conectado.", home: "Início", protectedPage: "Página protegida", addPasskey: "Adicionar uma chave de acesso", outbox: "Caixa de saída (desenvolvimento)" },
  nl: { hello: "Hallo, {name}.", sessionUntil: "Je sessie loopt tot {date}.", notSignedIn: "Je bent niet ingelogd.", home: "Start", protectedPage: "Beschermde pagina", addPasskey: "Passkey toevoegen", outbox: "Postvak uit (ontwikkeling)" },
  pl: { hello: "Cześć, {name}.", sessionUntil: "Twoja sesja trwa do {date}.", notSignedIn: "Nie jesteś zalogowany.", home: "Strona główna", protectedPage: "Strona chroniona", addPasskey: "Dodaj klucz dostępu", outbox: "Skrzynka nadawcza (tryb deweloperski)" },
  ru: { hello: "Здравствуйте, {name}.", sessionUntil: "Ваш сеанс действует до {date}.", notSignedIn: "Вы не вошли в систему.", home: "Главная", protectedPage: "Защищённая страница", addPasskey: "Добавить ключ доступа", outbox: "Исходящие (разработка)" },
  uk: { hello: "Вітаємо, {name}.", sessionUntil: "Ваш сеанс діє до {date}.", notSignedIn: "Ви не ввійшли.", home: "Головна", protectedPage: "Захищена сторінка", addPasskey: "Додати ключ доступу", outbox: "Вихідні (розробка)" },
  tr: { hello: "Merhaba, {name}.", sessionUntil: "Oturumunuz {date} tarihine kadar geçerli.", notSignedIn: "Oturum açmadınız.", home: "Ana sayfa", protectedPage: "Korumalı sayfa", addPasskey: "Geçiş anahtarı ekle", outbox: "Giden kutusu (geliştirme)" },
  ar: { hello: "مرحبًا، {name}.", sessionUntil: "تستمر جلستك حتى {date}.", notSignedIn: "لم تسجّل الدخول.", home: "الرئيسية", protectedPage: "صفحة محمية", addPasskey: "إضافة مفتاح مرور", outbox: "صندوق الصادر (للتطوير)" },
  he: { hello: "שלום, {name}.", sessionUntil: "ההתחברות שלך בתוקף עד {date}.", notSignedIn: "לא התחברת.", home: "דף הבית", protectedPage: "דף מוגן", addPasskey: "הוספת מפתח גישה", outbox: "תיבת דואר יוצא (פיתוח)" },
  ja: { hello: "こんにちは、{name} さん。", sessionUntil: "セッションの有効期限: {date}", notSignedIn: "サインインしていません。", home: "ホーム", protectedPage: "保護されたページ", addPasskey: "パスキーを追加", outbox: "送信トレイ（開発用）" },
  ko: { hello: "안녕하세요, {name}님.", sessionUntil: "세션은 {date}까지 유지됩니다.", notSignedIn: "로그인하지 않았습니다.", home: "홈", protectedPage: "보호된 페이지", addPasskey: "패스키 추가", outbox: "보낸편지함(개발용)" },
  zh: { hello: "你好，{name}。", sessionUntil: "你的会话有效期至 {date}。", notSignedIn: "你尚未登录。", home: "首页", protectedPage: "受保护的页面", addPasskey: "添加通行密钥", outbox: "发件箱（开发用）" },
};

const english = { code: "en", dir: "ltr" } as const;

/** The codes the demo offers, English first. */
export const demoLanguageCodes: string[] = ["en", ...languages.map((l) => l.code).filter((code) => code !== "en")];

/** The demo's words in the language `code` (one of {@link demoLanguageCodes}; English otherwise). */
export function demoWords(code: string | false | undefined): DemoWords {
  const language: Pick<Language, "code" | "dir"> & { messages?: Language["messages"] } = languages.find((l) => l.code === code) ?? english;
  const m: Partial<Language["messages"]> = language.messages ?? {};
  const words = own[language.code] ?? own.en!;
  return {
    lang: language.code,
    dir: language.dir,
    ...words,
    signIn: m.signInTitle ?? "Sign in",
    signOut: m.signOutTitle ?? "Sign out",
    sessions: m.sessionsTitle ?? "Your sessions",
    twoStep: m.factorsTitle ?? "Two-step verification",
    createAccount: m.signUpTitle ?? "Create an account",
    changePassword: m.changeTitle ?? "Change your password",
    resetPassword: m.forgotTitle ?? "Reset your password",
  };
}

/** `template` with `{name}`-style placeholders filled. */
export function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);
}
