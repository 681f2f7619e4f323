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
    // Second factors: the management page and the email code.
    factorsTitle: "2段階認証",
    factorsIntro: "ログイン時の2つ目の手順により、パスワードが知られてもアカウントを守れます。",
    factorsAppOn: "認証アプリ: オン（{date} から）",
    factorsAppOff: "認証アプリ: オフ",
    factorsSetUpApp: "認証アプリを設定する",
    factorsScan: "認証アプリでこの QR コードを読み取るか、下のキーをアプリに入力してください。その後、アプリに表示される6桁のコードを入力してください。",
    factorsKey: "キー",
    factorsCodeLabel: "6桁のコード",
    factorsConfirm: "オンにする",
    factorsBackupCount: "残りのバックアップコード: {count}",
    factorsBackupSave: "これらのバックアップコードを安全な場所に保管してください。各コードは1回だけ使え、表示されるのは今だけです。",
    factorsNewBackup: "新しいバックアップコードを発行する",
    factorsRemoveApp: "認証アプリを削除する",
    factorsProofLabel: "現在のコード（アプリまたはバックアップ）",
    factorsEmailOn: "メールでのコード: 確認済みのアドレスに送信",
    factorsDoneEnrolled: "認証アプリがオンになりました。",
    factorsDoneRemoved: "削除しました。",
    factorsDoneRegenerated: "以前のバックアップコードは使えなくなりました。",
    factorsErrorInvalid: "コードが正しくありません。アプリを確認して、もう一度お試しください。",
    factorsErrorFreshProof: "まず認証アプリの現在のコードかバックアップコードを入力してください。",
    factorsErrorOther: "うまくいきませんでした。もう一度お試しください。",
    factorsContinue: "続ける",
    emailCodeSubject: "コード: {code}",
    emailCodeText: "確認コードは {code} です。1回だけ、{minutes} 分間有効です。ログインしようとしていない場合は、このメールを無視してください。",
    secondFactorTitle: "2段階認証",
    secondFactorIntro: "認証アプリに表示されている6桁のコードを入力してください。",
    secondFactorCodeLabel: "コード",
    secondFactorBackupIntro: "バックアップコードを1つ入力してください。各コードは1回だけ使えます。",
    secondFactorBackupLabel: "バックアップコード",
    secondFactorEmailIntro: "メールアドレスにコードを送信できます。",
    secondFactorEmailSent: "メールアドレスにコードを送信しました。有効期限は10分です。",
    secondFactorEmailLabel: "メールに記載されたコード",
    secondFactorEmailSend: "メールでコードを受け取る",
    secondFactorEmailAgain: "新しいコードを送信",
    secondFactorRemember: "このデバイスを記憶する",
    secondFactorSubmit: "確認",
    secondFactorWrong: "このコードは無効です。もう一度お試しください。",
    secondFactorUseApp: "認証アプリを使う",
    secondFactorUseBackup: "バックアップコードを使う",
    signInErrorSecondFactorExpired: "サインインの有効期限が切れたか、試行したコードが多すぎます。もう一度サインインしてください。",
    emailSignInTitle: "コードでサインイン",
    emailSignInIntro: "メールアドレスを入力すると、サインイン用の6桁のコードをお送りします。",
    emailSignInSent: "{email} を使うアカウントがあれば、コードを送信しました。有効期限は10分です。",
    emailSignInSubmit: "サインイン",

    emailSubject: "{host} へのログイン",
    emailOpenLink: "次のリンクを開いてログインしてください:",
    emailButton: "ログイン",
    emailExpires: "このリンクは 1 回だけ使え、{time}後に期限切れになります。",
    emailIgnore: "心当たりがない場合は、このメールを無視してください。",
  },
};

export default ja;
