/**
 * The sentences of the provider's pages (consent, logout question, signed out) in English and in
 * every language Latch ships; a page speaks the one `@latch/core/page-frame`'s
 * `choosePageSentences` picks among the config's `languages`.
 */
import type { PackageSentences } from "@latch/core/page-frame";

/** The keys of the provider's sentences. */
export type ProviderSentenceKey =
  | "consentTitle"
  | "signedInAs"
  | "notYou"
  | "asksTo"
  | "deny"
  | "allow"
  | "scopeOpenid"
  | "scopeProfile"
  | "scopeEmail"
  | "scopeOfflineAccess"
  | "logoutTitle"
  | "logoutQuestion"
  | "staySignedIn"
  | "signOut"
  | "signedOutTitle"
  | "signedOutBody"
  | "grantsTitle"
  | "grantsIntro"
  | "grantsNone"
  | "revoke";

type Sentences = Readonly<Record<ProviderSentenceKey, string>>;

/** The sentence key of each OpenID scope the provider describes itself. */
export const scopeKeys: Readonly<Record<string, ProviderSentenceKey>> = {
  openid: "scopeOpenid",
  profile: "scopeProfile",
  email: "scopeEmail",
  offline_access: "scopeOfflineAccess",
};

const en: Sentences = {
  consentTitle: "Allow {client}?",
  signedInAs: "Signed in as {account}.",
  notYou: "Not you?",
  asksTo: "{client} asks to:",
  deny: "Deny",
  allow: "Allow",
  scopeOpenid: "Know who you are",
  scopeProfile: "See your name and picture",
  scopeEmail: "See your email address",
  scopeOfflineAccess: "Stay connected when you are away",
  logoutTitle: "Sign out?",
  logoutQuestion: "Sign out of {host}? This signs you out of every app that uses this account here.",
  staySignedIn: "Stay signed in",
  signOut: "Sign out",
  signedOutTitle: "Signed out",
  signedOutBody: "You are signed out. You can close this page.",
  grantsTitle: "Apps with access",
  grantsIntro: "The apps you have allowed to use your account. Revoking one ends its access: it has to ask again.",
  grantsNone: "No app has access to your account.",
  revoke: "Revoke",
};

const ar: Sentences = {
  consentTitle: "السماح لـ {client}؟",
  signedInAs: "تم تسجيل الدخول باسم {account}.",
  notYou: "لست أنت؟",
  asksTo: "يطلب {client} ما يلي:",
  deny: "رفض",
  allow: "سماح",
  scopeOpenid: "معرفة هويتك",
  scopeProfile: "رؤية اسمك وصورتك",
  scopeEmail: "رؤية عنوان بريدك الإلكتروني",
  scopeOfflineAccess: "البقاء متصلاً أثناء غيابك",
  logoutTitle: "تسجيل الخروج؟",
  logoutQuestion: "هل تريد تسجيل الخروج من {host}؟ سيؤدي ذلك إلى تسجيل خروجك من كل تطبيق يستخدم هذا الحساب هنا.",
  staySignedIn: "البقاء مسجّلاً الدخول",
  signOut: "تسجيل الخروج",
  signedOutTitle: "تم تسجيل الخروج",
  signedOutBody: "لقد سجّلت الخروج. يمكنك إغلاق هذه الصفحة.",
  grantsTitle: "التطبيقات التي لديها إذن",
  grantsIntro: "التطبيقات التي سمحت لها باستخدام حسابك. إلغاء إذن أحدها ينهي وصوله، وعليه أن يطلب الإذن من جديد.",
  grantsNone: "لا يوجد تطبيق لديه إذن بالوصول إلى حسابك.",
  revoke: "إلغاء الإذن",
};

const de: Sentences = {
  consentTitle: "{client} erlauben?",
  signedInAs: "Angemeldet als {account}.",
  notYou: "Nicht Sie?",
  asksTo: "{client} möchte:",
  deny: "Ablehnen",
  allow: "Erlauben",
  scopeOpenid: "Wissen, wer Sie sind",
  scopeProfile: "Ihren Namen und Ihr Bild sehen",
  scopeEmail: "Ihre E-Mail-Adresse sehen",
  scopeOfflineAccess: "Verbunden bleiben, während Sie nicht da sind",
  logoutTitle: "Abmelden?",
  logoutQuestion: "Von {host} abmelden? Damit werden Sie von jeder App abgemeldet, die dieses Konto hier nutzt.",
  staySignedIn: "Angemeldet bleiben",
  signOut: "Abmelden",
  signedOutTitle: "Abgemeldet",
  signedOutBody: "Sie sind abgemeldet. Sie können diese Seite schließen.",
  grantsTitle: "Apps mit Zugriff",
  grantsIntro: "Die Apps, denen Sie die Nutzung Ihres Kontos erlaubt haben. Wenn Sie einer den Zugriff entziehen, muss sie erneut fragen.",
  grantsNone: "Keine App hat Zugriff auf Ihr Konto.",
  revoke: "Zugriff entziehen",
};

const es: Sentences = {
  consentTitle: "¿Permitir el acceso a {client}?",
  signedInAs: "Has iniciado sesión como {account}.",
  notYou: "¿No eres tú?",
  asksTo: "{client} solicita:",
  deny: "Denegar",
  allow: "Permitir",
  scopeOpenid: "Saber quién eres",
  scopeProfile: "Ver tu nombre y tu foto",
  scopeEmail: "Ver tu dirección de correo electrónico",
  scopeOfflineAccess: "Mantener la conexión cuando no estés",
  logoutTitle: "¿Cerrar sesión?",
  logoutQuestion: "¿Cerrar sesión en {host}? Se cerrará tu sesión en todas las aplicaciones que usan esta cuenta aquí.",
  staySignedIn: "Mantener la sesión",
  signOut: "Cerrar sesión",
  signedOutTitle: "Sesión cerrada",
  signedOutBody: "Has cerrado sesión. Puedes cerrar esta página.",
  grantsTitle: "Aplicaciones con acceso",
  grantsIntro: "Las aplicaciones a las que has permitido usar tu cuenta. Si revocas el acceso de una, tendrá que volver a pedirlo.",
  grantsNone: "Ninguna aplicación tiene acceso a tu cuenta.",
  revoke: "Revocar",
};

const fr: Sentences = {
  consentTitle: "Autoriser {client} ?",
  signedInAs: "Connecté en tant que {account}.",
  notYou: "Ce n’est pas vous ?",
  asksTo: "{client} demande à :",
  deny: "Refuser",
  allow: "Autoriser",
  scopeOpenid: "Savoir qui vous êtes",
  scopeProfile: "Voir votre nom et votre photo",
  scopeEmail: "Voir votre adresse e-mail",
  scopeOfflineAccess: "Rester connecté en votre absence",
  logoutTitle: "Se déconnecter ?",
  logoutQuestion: "Se déconnecter de {host} ? Vous serez déconnecté de toutes les applications qui utilisent ce compte ici.",
  staySignedIn: "Rester connecté",
  signOut: "Se déconnecter",
  signedOutTitle: "Déconnecté",
  signedOutBody: "Vous êtes déconnecté. Vous pouvez fermer cette page.",
  grantsTitle: "Applications autorisées",
  grantsIntro: "Les applications que vous avez autorisées à utiliser votre compte. Si vous en révoquez une, son accès prend fin : elle devra redemander.",
  grantsNone: "Aucune application n’a accès à votre compte.",
  revoke: "Révoquer",
};

const he: Sentences = {
  consentTitle: "לאשר ל-{client}?",
  signedInAs: "נכנסת בתור {account}.",
  notYou: "לא אתם?",
  asksTo: "{client} מבקש:",
  deny: "דחייה",
  allow: "אישור",
  scopeOpenid: "לדעת מי אתם",
  scopeProfile: "לראות את השם והתמונה שלכם",
  scopeEmail: "לראות את כתובת הדוא״ל שלכם",
  scopeOfflineAccess: "להישאר מחובר גם כשאתם לא כאן",
  logoutTitle: "להתנתק?",
  logoutQuestion: "להתנתק מ-{host}? פעולה זו תנתק אתכם מכל אפליקציה שמשתמשת כאן בחשבון הזה.",
  staySignedIn: "להישאר מחוברים",
  signOut: "התנתקות",
  signedOutTitle: "התנתקתם",
  signedOutBody: "התנתקתם. אפשר לסגור את הדף.",
  grantsTitle: "אפליקציות עם גישה",
  grantsIntro: "האפליקציות שאישרתם להן להשתמש בחשבון שלכם. ביטול הגישה של אחת מהן מסיים את הגישה שלה, והיא תצטרך לבקש שוב.",
  grantsNone: "לאף אפליקציה אין גישה לחשבון שלכם.",
  revoke: "ביטול גישה",
};

const it: Sentences = {
  consentTitle: "Consentire l’accesso a {client}?",
  signedInAs: "Accesso effettuato come {account}.",
  notYou: "Non sei tu?",
  asksTo: "{client} chiede di:",
  deny: "Nega",
  allow: "Consenti",
  scopeOpenid: "Sapere chi sei",
  scopeProfile: "Vedere il tuo nome e la tua foto",
  scopeEmail: "Vedere il tuo indirizzo email",
  scopeOfflineAccess: "Restare connesso quando non ci sei",
  logoutTitle: "Uscire?",
  logoutQuestion: "Uscire da {host}? Uscirai da tutte le app che usano questo account qui.",
  staySignedIn: "Resta connesso",
  signOut: "Esci",
  signedOutTitle: "Disconnesso",
  signedOutBody: "Sei uscito. Puoi chiudere questa pagina.",
  grantsTitle: "App con accesso",
  grantsIntro: "Le app a cui hai consentito di usare il tuo account. Se ne revochi una, il suo accesso termina e dovrà chiederlo di nuovo.",
  grantsNone: "Nessuna app ha accesso al tuo account.",
  revoke: "Revoca",
};

const ja: Sentences = {
  consentTitle: "{client} を許可しますか？",
  signedInAs: "{account} としてサインインしています。",
  notYou: "ご本人ではありませんか？",
  asksTo: "{client} が次の許可を求めています:",
  deny: "拒否",
  allow: "許可",
  scopeOpenid: "あなたが誰かを知る",
  scopeProfile: "あなたの名前と写真を見る",
  scopeEmail: "あなたのメールアドレスを見る",
  scopeOfflineAccess: "あなたが不在のときも接続を維持する",
  logoutTitle: "サインアウトしますか？",
  logoutQuestion: "{host} からサインアウトしますか？ここでこのアカウントを使うすべてのアプリからサインアウトされます。",
  staySignedIn: "サインインしたままにする",
  signOut: "サインアウト",
  signedOutTitle: "サインアウトしました",
  signedOutBody: "サインアウトしました。このページは閉じてかまいません。",
  grantsTitle: "アクセスを許可したアプリ",
  grantsIntro: "アカウントの利用を許可したアプリです。許可を取り消すとそのアプリはアクセスできなくなり、改めて許可を求める必要があります。",
  grantsNone: "アカウントへのアクセスを許可したアプリはありません。",
  revoke: "取り消す",
};

const ko: Sentences = {
  consentTitle: "{client}을(를) 허용할까요?",
  signedInAs: "{account}(으)로 로그인되어 있습니다.",
  notYou: "본인이 아닌가요?",
  asksTo: "{client}에서 다음을 요청합니다:",
  deny: "거부",
  allow: "허용",
  scopeOpenid: "사용자가 누구인지 확인",
  scopeProfile: "이름과 사진 보기",
  scopeEmail: "이메일 주소 보기",
  scopeOfflineAccess: "사용자가 없을 때도 연결 유지",
  logoutTitle: "로그아웃할까요?",
  logoutQuestion: "{host}에서 로그아웃할까요? 여기에서 이 계정을 사용하는 모든 앱에서 로그아웃됩니다.",
  staySignedIn: "로그인 유지",
  signOut: "로그아웃",
  signedOutTitle: "로그아웃됨",
  signedOutBody: "로그아웃되었습니다. 이 페이지를 닫아도 됩니다.",
  grantsTitle: "접근 권한이 있는 앱",
  grantsIntro: "계정 사용을 허용한 앱입니다. 권한을 취소하면 해당 앱의 접근이 끝나며, 앱은 다시 허용을 요청해야 합니다.",
  grantsNone: "계정에 접근할 수 있는 앱이 없습니다.",
  revoke: "취소",
};

const nl: Sentences = {
  consentTitle: "{client} toestaan?",
  signedInAs: "Aangemeld als {account}.",
  notYou: "Niet jij?",
  asksTo: "{client} vraagt om:",
  deny: "Weigeren",
  allow: "Toestaan",
  scopeOpenid: "Te weten wie je bent",
  scopeProfile: "Je naam en foto te zien",
  scopeEmail: "Je e-mailadres te zien",
  scopeOfflineAccess: "Verbonden te blijven als je er niet bent",
  logoutTitle: "Afmelden?",
  logoutQuestion: "Afmelden bij {host}? Je wordt dan afgemeld bij elke app die dit account hier gebruikt.",
  staySignedIn: "Aangemeld blijven",
  signOut: "Afmelden",
  signedOutTitle: "Afgemeld",
  signedOutBody: "Je bent afgemeld. Je kunt deze pagina sluiten.",
  grantsTitle: "Apps met toegang",
  grantsIntro: "De apps die je toestemming hebt gegeven om je account te gebruiken. Trek je die van een app in, dan stopt de toegang en moet de app het opnieuw vragen.",
  grantsNone: "Geen enkele app heeft toegang tot je account.",
  revoke: "Intrekken",
};

const pl: Sentences = {
  consentTitle: "Zezwolić aplikacji {client}?",
  signedInAs: "Zalogowano jako {account}.",
  notYou: "To nie Ty?",
  asksTo: "{client} chce:",
  deny: "Odmów",
  allow: "Zezwól",
  scopeOpenid: "Wiedzieć, kim jesteś",
  scopeProfile: "Widzieć Twoje imię i zdjęcie",
  scopeEmail: "Widzieć Twój adres e-mail",
  scopeOfflineAccess: "Mieć dostęp także pod Twoją nieobecność",
  logoutTitle: "Wylogować?",
  logoutQuestion: "Wylogować z {host}? To wyloguje Cię ze wszystkich aplikacji, które korzystają tu z tego konta.",
  staySignedIn: "Nie wylogowuj",
  signOut: "Wyloguj",
  signedOutTitle: "Wylogowano",
  signedOutBody: "Wylogowano Cię. Możesz zamknąć tę stronę.",
  grantsTitle: "Aplikacje z dostępem",
  grantsIntro: "Aplikacje, którym pozwolono korzystać z Twojego konta. Cofnięcie zgody kończy dostęp aplikacji: będzie musiała poprosić ponownie.",
  grantsNone: "Żadna aplikacja nie ma dostępu do Twojego konta.",
  revoke: "Cofnij dostęp",
};

const pt: Sentences = {
  consentTitle: "Permitir o acesso de {client}?",
  signedInAs: "Sessão iniciada como {account}.",
  notYou: "Não é você?",
  asksTo: "{client} pede para:",
  deny: "Recusar",
  allow: "Permitir",
  scopeOpenid: "Saber quem você é",
  scopeProfile: "Ver seu nome e sua foto",
  scopeEmail: "Ver seu endereço de e-mail",
  scopeOfflineAccess: "Manter a conexão quando você não estiver presente",
  logoutTitle: "Sair?",
  logoutQuestion: "Sair de {host}? Isso encerra sua sessão em todos os apps que usam esta conta aqui.",
  staySignedIn: "Continuar conectado",
  signOut: "Sair",
  signedOutTitle: "Sessão encerrada",
  signedOutBody: "Você saiu. Já pode fechar esta página.",
  grantsTitle: "Apps com acesso",
  grantsIntro: "Os apps que você autorizou a usar sua conta. Ao revogar um deles, o acesso termina e ele precisará pedir de novo.",
  grantsNone: "Nenhum app tem acesso à sua conta.",
  revoke: "Revogar",
};

const ru: Sentences = {
  consentTitle: "Разрешить доступ приложению {client}?",
  signedInAs: "Вы вошли как {account}.",
  notYou: "Это не вы?",
  asksTo: "{client} запрашивает разрешение:",
  deny: "Отклонить",
  allow: "Разрешить",
  scopeOpenid: "Знать, кто вы",
  scopeProfile: "Видеть ваше имя и фото",
  scopeEmail: "Видеть ваш адрес электронной почты",
  scopeOfflineAccess: "Сохранять доступ, когда вас нет",
  logoutTitle: "Выйти?",
  logoutQuestion: "Выйти из {host}? Вы выйдете из всех приложений, которые используют здесь эту учётную запись.",
  staySignedIn: "Остаться в системе",
  signOut: "Выйти",
  signedOutTitle: "Вы вышли",
  signedOutBody: "Вы вышли из системы. Эту страницу можно закрыть.",
  grantsTitle: "Приложения с доступом",
  grantsIntro: "Приложения, которым вы разрешили использовать вашу учётную запись. Если отозвать доступ, приложению придётся запросить его снова.",
  grantsNone: "Ни у одного приложения нет доступа к вашей учётной записи.",
  revoke: "Отозвать",
};

const tr: Sentences = {
  consentTitle: "{client} uygulamasına izin verilsin mi?",
  signedInAs: "{account} olarak oturum açtınız.",
  notYou: "Siz değil misiniz?",
  asksTo: "{client} şunları istiyor:",
  deny: "Reddet",
  allow: "İzin ver",
  scopeOpenid: "Kim olduğunuzu bilmek",
  scopeProfile: "Adınızı ve resminizi görmek",
  scopeEmail: "E-posta adresinizi görmek",
  scopeOfflineAccess: "Siz yokken de bağlı kalmak",
  logoutTitle: "Oturum kapatılsın mı?",
  logoutQuestion: "{host} oturumunuz kapatılsın mı? Bu, burada bu hesabı kullanan her uygulamadaki oturumunuzu kapatır.",
  staySignedIn: "Oturumu açık tut",
  signOut: "Oturumu kapat",
  signedOutTitle: "Oturum kapatıldı",
  signedOutBody: "Oturumunuz kapatıldı. Bu sayfayı kapatabilirsiniz.",
  grantsTitle: "Erişimi olan uygulamalar",
  grantsIntro: "Hesabınızı kullanmasına izin verdiğiniz uygulamalar. Birinin iznini geri alırsanız erişimi sona erer ve yeniden izin istemesi gerekir.",
  grantsNone: "Hesabınıza erişimi olan bir uygulama yok.",
  revoke: "İzni geri al",
};

const uk: Sentences = {
  consentTitle: "Дозволити доступ застосунку {client}?",
  signedInAs: "Ви ввійшли як {account}.",
  notYou: "Це не ви?",
  asksTo: "{client} запитує дозвіл:",
  deny: "Відхилити",
  allow: "Дозволити",
  scopeOpenid: "Знати, хто ви",
  scopeProfile: "Бачити ваше ім’я та фото",
  scopeEmail: "Бачити вашу адресу електронної пошти",
  scopeOfflineAccess: "Зберігати доступ, коли вас немає",
  logoutTitle: "Вийти?",
  logoutQuestion: "Вийти з {host}? Ви вийдете з усіх застосунків, які використовують тут цей обліковий запис.",
  staySignedIn: "Залишитися в системі",
  signOut: "Вийти",
  signedOutTitle: "Ви вийшли",
  signedOutBody: "Ви вийшли з системи. Цю сторінку можна закрити.",
  grantsTitle: "Застосунки з доступом",
  grantsIntro: "Застосунки, яким ви дозволили користуватися вашим обліковим записом. Якщо відкликати доступ, застосунку доведеться попросити його знову.",
  grantsNone: "Жоден застосунок не має доступу до вашого облікового запису.",
  revoke: "Відкликати",
};

const zh: Sentences = {
  consentTitle: "允许 {client} 访问吗？",
  signedInAs: "当前登录账号：{account}。",
  notYou: "不是你？",
  asksTo: "{client} 请求：",
  deny: "拒绝",
  allow: "允许",
  scopeOpenid: "知道你是谁",
  scopeProfile: "查看你的姓名和头像",
  scopeEmail: "查看你的电子邮件地址",
  scopeOfflineAccess: "在你离开时保持连接",
  logoutTitle: "退出登录？",
  logoutQuestion: "要退出 {host} 吗？这会让你退出在此使用该账号的所有应用。",
  staySignedIn: "保持登录",
  signOut: "退出登录",
  signedOutTitle: "已退出登录",
  signedOutBody: "你已退出登录，可以关闭此页面。",
  grantsTitle: "有访问权限的应用",
  grantsIntro: "你允许使用你账号的应用。撤销后，该应用将无法再访问，需要重新请求授权。",
  grantsNone: "没有应用可以访问你的账号。",
  revoke: "撤销",
};

/** Every language of the provider's pages, by tag: English and the languages Latch ships. */
export const providerSentences: PackageSentences<ProviderSentenceKey> = { en, ar, de, es, fr, he, it, ja, ko, nl, pl, pt, ru, tr, uk, zh };
