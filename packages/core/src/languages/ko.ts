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
    // Second factors: the management page and the email code.
    factorsTitle: "2단계 인증",
    factorsIntro: "로그인 시 두 번째 단계가 있으면 누군가 비밀번호를 알아도 계정이 안전합니다.",
    factorsAppOn: "인증 앱: 켜짐 ({date}부터)",
    factorsAppOff: "인증 앱: 꺼짐",
    factorsSetUpApp: "인증 앱 설정",
    factorsScan: "인증 앱으로 이 QR 코드를 스캔하거나 아래 키를 앱에 입력하세요. 그런 다음 앱에 표시되는 6자리 코드를 입력하세요.",
    factorsKey: "키",
    factorsCodeLabel: "6자리 코드",
    factorsConfirm: "켜기",
    factorsBackupCount: "남은 백업 코드: {count}개",
    factorsBackupSave: "이 백업 코드를 안전한 곳에 보관하세요. 각 코드는 한 번만 쓸 수 있으며 지금만 표시됩니다.",
    factorsNewBackup: "새 백업 코드 받기",
    factorsRemoveApp: "인증 앱 제거",
    factorsProofLabel: "현재 코드(앱 또는 백업)",
    factorsEmailOn: "이메일 코드: 인증된 주소로 전송",
    factorsDoneEnrolled: "인증 앱이 켜졌습니다.",
    factorsDoneRemoved: "제거했습니다.",
    factorsDoneRegenerated: "이전 백업 코드는 더 이상 작동하지 않습니다.",
    factorsErrorInvalid: "코드가 올바르지 않습니다. 앱을 확인하고 다시 시도하세요.",
    factorsErrorFreshProof: "먼저 인증 앱의 현재 코드나 백업 코드를 입력하세요.",
    factorsErrorOther: "실패했습니다. 다시 시도하세요.",
    factorsContinue: "계속",
    emailCodeSubject: "코드: {code}",
    emailCodeText: "인증 코드는 {code}입니다. {minutes}분 동안 한 번만 사용할 수 있습니다. 로그인을 시도하지 않았다면 이 이메일을 무시하세요.",
    secondFactorTitle: "2단계 인증",
    secondFactorIntro: "인증 앱에 표시된 6자리 코드를 입력하세요.",
    secondFactorCodeLabel: "코드",
    secondFactorBackupIntro: "백업 코드 중 하나를 입력하세요. 각 코드는 한 번만 사용할 수 있습니다.",
    secondFactorBackupLabel: "백업 코드",
    secondFactorEmailIntro: "이메일 주소로 코드를 보내 드릴 수 있습니다.",
    secondFactorEmailSent: "이메일 주소로 코드를 보냈습니다. 10분 동안 유효합니다.",
    secondFactorEmailLabel: "이메일로 받은 코드",
    secondFactorEmailSend: "이메일로 코드 받기",
    secondFactorEmailAgain: "새 코드 보내기",
    secondFactorRemember: "이 기기 기억하기",
    secondFactorSubmit: "확인",
    secondFactorWrong: "유효하지 않은 코드입니다. 다시 시도하세요.",
    secondFactorUseApp: "인증 앱 사용",
    secondFactorUseBackup: "백업 코드 사용",
    signInErrorSecondFactorExpired: "로그인 시간이 만료되었거나 너무 많은 코드를 시도했습니다. 다시 로그인하세요.",
    emailSignInTitle: "코드로 로그인",
    emailSignInIntro: "이메일 주소를 입력하면 로그인용 6자리 코드를 보내 드립니다.",
    emailSignInSent: "{email}을(를) 사용하는 계정이 있으면 코드를 보냈습니다. 10분 동안 유효합니다.",
    emailSignInSubmit: "로그인",

    emailSubject: "{host}에 로그인",
    emailOpenLink: "다음 링크를 열어 로그인하세요:",
    emailButton: "로그인",
    emailExpires: "이 링크는 한 번만 사용할 수 있으며 {time} 후에 만료됩니다.",
    emailIgnore: "요청하지 않았다면 이 이메일을 무시하세요.",
  },
};

export default ko;
