/**
 * Korean (한국어) for the built-in pages and the sign-in email.
 *
 * @example
 * ```ts
 * import ko from "@latch/core/languages/ko"
 * const config = { providers, languages: [ko] }
 * ```
 *
 * @module languages/ko
 */
import type { Language } from "../types/language.js";

const ko: Language = {
  code: "ko",
  name: "한국어",
  dir: "ltr",
  messages: {
    signInTitle: "로그인",
    signInWith: "{provider}(으)로 로그인",
    signInEmailLabel: "이메일 주소",
    signInEmailPlaceholder: "you@example.com",
    signInOr: "또는",
    signInNoProviders: "설정된 로그인 방법이 없습니다.",
    signInReason: "사유: {code}",
    signInErrorCredentialsSignin: "입력한 정보로 로그인할 수 없습니다. 확인한 후 다시 시도하세요.",
    signInErrorOAuthAccountNotLinked: "이 이메일 주소는 이미 다른 로그인 방법에서 사용 중입니다. 본인임을 확인하려면 처음에 사용한 계정으로 로그인하세요.",
    signInErrorOAuthCallbackError: "로그인 서비스에서 문제가 발생했습니다. 다시 시도하거나 다른 로그인 방법을 선택하세요.",
    signInErrorOAuthSignInError: "이 서비스로 로그인을 시작할 수 없습니다. 다시 시도하거나 다른 로그인 방법을 선택하세요.",
    signInErrorEmailSignInError: "로그인 이메일을 보낼 수 없습니다. 주소를 확인한 후 다시 시도하세요.",
    signInErrorMissingCSRF: "이 양식이 만료되었습니다. 다시 시도하세요.",
    signInErrorAccessDenied: "로그인 권한이 없습니다.",
    signInErrorVerification: "이 로그인 링크는 이미 사용되었거나 만료되어 더 이상 작동하지 않습니다. 아래에서 새 링크를 요청하세요.",
    signInErrorAccountNotLinked: "이 로그인 방법은 이미 다른 계정에 연결되어 있습니다.",
    signInErrorWebAuthnVerificationError: "패스키를 확인할 수 없습니다. 다시 시도하거나 다른 로그인 방법을 선택하세요.",
    signInErrorSessionRequired: "이 페이지를 보려면 로그인하세요.",
    signInErrorRateLimited: "시도 횟수가 너무 많습니다. 잠시 후 다시 시도하세요.",
    signInErrorDefault: "로그인하는 중에 문제가 발생했습니다. 다시 시도하세요.",

    signOutTitle: "로그아웃",
    signOutQuestion: "로그아웃하시겠습니까?",

    errorConfigurationHeading: "서버 오류",
    errorConfigurationMessage: "서버가 올바르게 설정되지 않아 지금은 로그인할 수 없습니다. 문제가 계속되면 사이트 관리자에게 문의하세요.",
    errorAccessDeniedHeading: "접근 거부됨",
    errorAccessDeniedMessage: "로그인 권한이 없습니다.",
    errorVerificationHeading: "유효하지 않은 링크",
    errorVerificationMessage: "이 로그인 링크는 이미 사용되었거나 만료되어 더 이상 사용할 수 없습니다. 다시 로그인하여 새 링크를 받으세요.",
    errorDefaultHeading: "문제가 발생했습니다",
    errorDefaultMessage: "요청을 완료할 수 없습니다. 다시 로그인해 보세요.",
    errorCode: "오류 코드: {code}",
    errorSignInLink: "로그인",
    homeLink: "홈",

    verifyTitle: "이메일을 확인하세요",
    verifySentTo: "{email}(으)로 로그인 링크를 보냈습니다. 링크를 열어 로그인을 완료하세요.",
    verifySent: "로그인 링크를 보냈습니다. 링크를 열어 로그인을 완료하세요.",
    verifyHint: "이 페이지는 닫아도 됩니다. 몇 분이 지나도 이메일이 오지 않으면 스팸함을 확인하세요.",

    sessionsTitle: "내 세션",
    sessionsUnknownBrowser: "알 수 없는 브라우저",
    sessionsThisBrowser: "(현재 브라우저)",
    sessionsTimes: "로그인: {created} · 마지막 활동: {lastSeen}",
    sessionsUnknownTime: "알 수 없음",
    sessionsEnd: "이 세션 로그아웃",
    sessionsEndOthers: "다른 모든 세션 로그아웃",
    sessionsEndAll: "모든 곳에서 로그아웃",

    // Passwords
    signInCreateAccount: "계정 만들기",
    signInForgotPassword: "비밀번호를 잊으셨나요?",
    signInPasswordChanged: "비밀번호가 변경되었습니다. 새 비밀번호로 로그인하세요.",
    passwordLabel: "비밀번호",
    passwordNewLabel: "새 비밀번호",
    passwordCurrentLabel: "현재 비밀번호",
    passwordHint: "{minimum}자 이상. 공백을 포함해 어떤 문자든 사용할 수 있습니다.",
    passwordTooShort: "{minimum}자 이상 입력하세요.",
    passwordTooLong: "{maximum}자 이하로 입력하세요.",
    passwordCommon: "이 비밀번호는 공격자가 가장 먼저 시도하는 흔한 비밀번호 중 하나입니다. 다른 비밀번호를 선택하세요.",
    passwordWrongCurrent: "현재 비밀번호가 올바르지 않습니다.",
    signUpTitle: "계정 만들기",
    signUpNameLabel: "이름(선택 사항)",
    signUpSubmit: "계정 만들기",
    signUpHaveAccount: "이미 계정이 있으신가요? 로그인",
    forgotTitle: "비밀번호 재설정",
    forgotIntro: "계정의 이메일 주소를 입력하면 새 비밀번호를 설정할 수 있는 링크를 보내 드립니다.",
    forgotSubmit: "링크 보내기",
    resetTitle: "새 비밀번호 설정",
    resetSubmit: "새 비밀번호 저장",
    changeTitle: "비밀번호 변경",
    changeSubmit: "비밀번호 변경",
    verifySignUpSent: "입력한 주소로 이메일을 보냈습니다. 이메일에 있는 링크를 열어 주소를 확인하고 계정 만들기를 완료하세요.",
    verifyResetSent: "입력한 주소를 사용하는 계정이 있다면 새 비밀번호를 설정할 수 있는 링크를 그 주소로 보냈습니다.",
    signUpEmailSubject: "{host} 이메일 주소 확인",
    signUpEmailOpenLink: "다음 링크를 열어 주소를 확인하고 계정 만들기를 완료하세요:",
    signUpEmailButton: "내 주소 확인",
    signUpEmailIgnore: "계정을 만든 적이 없다면 링크를 열지 말고 이 이메일을 무시하세요.",
    accountExistsEmailSubject: "{host} 가입 시도",
    accountExistsEmailText: "누군가(본인일 수도 있습니다) 이 이메일 주소로 {host}에 계정을 만들려고 했지만, 이 주소로 된 계정이 이미 있습니다. 변경된 것은 없습니다. 본인이라면 로그인하거나, 비밀번호를 잊었다면 새 비밀번호를 설정하세요:",
    accountExistsEmailButton: "새 비밀번호 설정",
    accountExistsEmailIgnore: "본인이 아니라면 이 이메일을 무시해도 됩니다.",
    resetEmailSubject: "{host} 비밀번호 재설정",
    resetEmailOpenLink: "다음 링크를 열어 새 비밀번호를 설정하세요:",
    resetEmailButton: "새 비밀번호 설정",
    resetEmailIgnore: "비밀번호 재설정을 요청하지 않았다면 이 이메일을 무시하세요. 비밀번호는 그대로 유지됩니다.",

    emailSubject: "{host}에 로그인",
    emailOpenLink: "다음 링크를 열어 로그인하세요:",
    emailButton: "로그인",
    emailExpires: "이 링크는 한 번만 사용할 수 있으며 {time} 후에 만료됩니다.",
    emailIgnore: "요청하지 않았다면 이 이메일을 무시하세요.",
  },
};

export default ko;
