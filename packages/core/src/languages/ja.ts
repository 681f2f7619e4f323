/**
 * Japanese (日本語) for the built-in pages and the sign-in email.
 *
 * @example
 * ```ts
 * import ja from "@latch/core/languages/ja"
 * const config = { providers, languages: [ja] }
 * ```
 *
 * @module languages/ja
 */
import type { Language } from "../types/language.js";

const ja: Language = {
  code: "ja",
  name: "日本語",
  dir: "ltr",
  messages: {
    signInTitle: "ログイン",
    signInWith: "{provider}でログイン",
    signInEmailLabel: "メールアドレス",
    signInEmailPlaceholder: "you@example.com",
    signInOr: "または",
    signInNoProviders: "ログイン方法が設定されていません。",
    signInReason: "理由: {code}",
    signInErrorCredentialsSignin: "入力された情報ではログインできませんでした。内容を確認して、もう一度お試しください。",
    signInErrorOAuthAccountNotLinked: "このメールアドレスは別のログイン方法ですでに使われています。ご本人であることを確認するため、最初に使ったアカウントでログインしてください。",
    signInErrorOAuthCallbackError: "ログインサービスで問題が発生しました。もう一度お試しいただくか、別のログイン方法を選んでください。",
    signInErrorOAuthSignInError: "このサービスでのログインを開始できませんでした。もう一度お試しいただくか、別のログイン方法を選んでください。",
    signInErrorEmailSignInError: "ログイン用のメールを送信できませんでした。アドレスを確認して、もう一度お試しください。",
    signInErrorMissingCSRF: "このフォームの有効期限が切れました。もう一度お試しください。",
    signInErrorAccessDenied: "ログインする権限がありません。",
    signInErrorVerification: "このログインリンクは使用済みか有効期限が切れているため、使えません。下から新しいリンクをリクエストしてください。",
    signInErrorAccountNotLinked: "このログイン方法はすでに別のアカウントで使われています。",
    signInErrorWebAuthnVerificationError: "パスキーを確認できませんでした。もう一度お試しいただくか、別のログイン方法を選んでください。",
    signInErrorSessionRequired: "このページを表示するにはログインしてください。",
    signInErrorRateLimited: "試行回数が多すぎます。しばらくしてからもう一度お試しください。",
    signInErrorDefault: "ログイン中に問題が発生しました。もう一度お試しください。",

    signOutTitle: "ログアウト",
    signOutQuestion: "ログアウトしてもよろしいですか？",

    errorConfigurationHeading: "サーバーエラー",
    errorConfigurationMessage: "サーバーが正しく設定されていないため、現在ログインできません。問題が続く場合は、サイトの管理者にお問い合わせください。",
    errorAccessDeniedHeading: "アクセスが拒否されました",
    errorAccessDeniedMessage: "ログインする権限がありません。",
    errorVerificationHeading: "リンクが無効です",
    errorVerificationMessage: "このログインリンクは使用済みか有効期限が切れているため、使えません。もう一度ログインして新しいリンクを受け取ってください。",
    errorDefaultHeading: "問題が発生しました",
    errorDefaultMessage: "リクエストを完了できませんでした。もう一度ログインしてください。",
    errorCode: "エラーコード: {code}",
    errorSignInLink: "ログイン",
    homeLink: "ホーム",

    verifyTitle: "メールを確認してください",
    verifySentTo: "{email} にログインリンクを送信しました。リンクを開いてログインを完了してください。",
    verifySent: "ログインリンクを送信しました。リンクを開いてログインを完了してください。",
    verifyHint: "このページは閉じてもかまいません。数分たってもメールが届かない場合は、迷惑メールフォルダを確認してください。",

    sessionsTitle: "ログイン中のセッション",
    sessionsUnknownBrowser: "不明なブラウザ",
    sessionsThisBrowser: "（このブラウザ）",
    sessionsTimes: "ログイン: {created} · 最終利用: {lastSeen}",
    sessionsUnknownTime: "不明",
    sessionsEnd: "このセッションからログアウト",
    sessionsEndOthers: "他のすべてのセッションからログアウト",
    sessionsEndAll: "すべての場所からログアウト",

    // Passwords
    signInCreateAccount: "アカウントを作成",
    signInForgotPassword: "パスワードをお忘れですか？",
    signInPasswordChanged: "パスワードを変更しました。新しいパスワードでログインしてください。",
    passwordLabel: "パスワード",
    passwordNewLabel: "新しいパスワード",
    passwordCurrentLabel: "現在のパスワード",
    passwordHint: "{minimum} 文字以上。スペースを含め、どの文字でも使えます。",
    passwordTooShort: "{minimum} 文字以上にしてください。",
    passwordTooLong: "{maximum} 文字以下にしてください。",
    passwordCommon: "このパスワードは特によく使われているもので、攻撃者が真っ先に試します。別のパスワードを選んでください。",
    passwordWrongCurrent: "現在のパスワードが正しくありません。",
    signUpTitle: "アカウントを作成",
    signUpNameLabel: "名前（任意）",
    signUpSubmit: "アカウントを作成",
    signUpHaveAccount: "すでにアカウントをお持ちですか？ログイン",
    forgotTitle: "パスワードの再設定",
    forgotIntro: "アカウントのメールアドレスを入力してください。新しいパスワードを設定するためのリンクをお送りします。",
    forgotSubmit: "リンクを送信",
    resetTitle: "新しいパスワードを設定",
    resetSubmit: "新しいパスワードを保存",
    changeTitle: "パスワードの変更",
    changeSubmit: "パスワードを変更",
    verifySignUpSent: "入力されたアドレスにメールを送信しました。メール内のリンクを開いてアドレスを確認し、アカウントの作成を完了してください。",
    verifyResetSent: "入力されたアドレスを使っているアカウントがある場合は、新しいパスワードを設定するためのリンクをそのアドレスに送信しました。",
    signUpEmailSubject: "{host} のメールアドレスの確認",
    signUpEmailOpenLink: "次のリンクを開いてアドレスを確認し、アカウントの作成を完了してください:",
    signUpEmailButton: "アドレスを確認する",
    signUpEmailIgnore: "アカウントを作成した覚えがない場合は、リンクを開かずにこのメールを無視してください。",
    accountExistsEmailSubject: "{host} での登録の試み",
    accountExistsEmailText: "どなたか（ご本人かもしれません）が、このメールアドレスで {host} のアカウントを作成しようとしましたが、このアドレスのアカウントはすでにあります。何も変更されていません。ご本人の場合はログインするか、パスワードを忘れた場合は新しいパスワードを設定してください:",
    accountExistsEmailButton: "新しいパスワードを設定",
    accountExistsEmailIgnore: "心当たりがない場合は、このメールを無視してください。",
    resetEmailSubject: "{host} のパスワードの再設定",
    resetEmailOpenLink: "次のリンクを開いて新しいパスワードを設定してください:",
    resetEmailButton: "新しいパスワードを設定",
    resetEmailIgnore: "パスワードの再設定を依頼していない場合は、このメールを無視してください。パスワードはそのまま変わりません。",

    emailSubject: "{host} へのログイン",
    emailOpenLink: "次のリンクを開いてログインしてください:",
    emailButton: "ログイン",
    emailExpires: "このリンクは 1 回だけ使え、{time}後に期限切れになります。",
    emailIgnore: "心当たりがない場合は、このメールを無視してください。",
  },
};

export default ja;
