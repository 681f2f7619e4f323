/**
 * Chinese, simplified script (简体中文) for the built-in pages and the sign-in email.
 *
 * @example
 * ```ts
 * import zh from "@latch/core/languages/zh"
 * const config = { providers, languages: [zh] }
 * ```
 *
 * @module languages/zh
 */
import type { Language } from "../types/language.js";

const zh: Language = {
  code: "zh",
  name: "简体中文",
  dir: "ltr",
  messages: {
    signInTitle: "登录",
    signInWith: "使用 {provider} 登录",
    signInEmailLabel: "电子邮件地址",
    signInEmailPlaceholder: "you@example.com",
    signInOr: "或",
    signInNoProviders: "尚未配置任何登录方式。",
    signInReason: "原因：{code}",
    signInErrorCredentialsSignin: "无法使用这些信息登录。请检查后重试。",
    signInErrorOAuthAccountNotLinked: "你的电子邮件地址已用于其他登录方式。为确认是你本人，请使用你第一次登录时所用的账号登录。",
    signInErrorOAuthCallbackError: "登录服务报告了一个问题。请重试，或选择其他登录方式。",
    signInErrorOAuthSignInError: "无法通过该服务开始登录。请重试，或选择其他登录方式。",
    signInErrorEmailSignInError: "无法发送登录邮件。请检查地址后重试。",
    signInErrorMissingCSRF: "此表单已过期，请重试。",
    signInErrorAccessDenied: "你没有登录权限。",
    signInErrorVerification: "该登录链接已失效：它已被使用或已过期。请在下方申请新的链接。",
    signInErrorAccountNotLinked: "此登录方式已属于另一个账号。",
    signInErrorWebAuthnVerificationError: "无法验证你的通行密钥。请重试，或选择其他登录方式。",
    signInErrorSessionRequired: "请登录后查看此页面。",
    signInErrorRateLimited: "尝试次数过多，请稍后再试。",
    signInErrorDefault: "登录时出现问题，请重试。",

    signOutTitle: "退出登录",
    signOutQuestion: "确定要退出登录吗？",

    errorConfigurationHeading: "服务器错误",
    errorConfigurationMessage: "服务器配置不正确，目前无法登录。如果问题持续存在，请联系网站管理员。",
    errorAccessDeniedHeading: "访问被拒绝",
    errorAccessDeniedMessage: "你没有登录权限。",
    errorVerificationHeading: "链接已失效",
    errorVerificationMessage: "此登录链接已无法使用：它已被使用或已过期。请重新登录以获取新链接。",
    errorDefaultHeading: "出现问题",
    errorDefaultMessage: "无法完成该请求。请尝试重新登录。",
    errorCode: "错误代码：{code}",
    errorSignInLink: "登录",
    homeLink: "首页",

    verifyTitle: "请查收电子邮件",
    verifySentTo: "我们已向 {email} 发送登录链接。打开该链接即可完成登录。",
    verifySent: "我们已向你发送登录链接。打开该链接即可完成登录。",
    verifyHint: "你可以关闭此页面。如果几分钟后仍未收到邮件，请检查垃圾邮件文件夹。",

    sessionsTitle: "你的会话",
    sessionsUnknownBrowser: "未知浏览器",
    sessionsThisBrowser: "（当前浏览器）",
    sessionsTimes: "登录时间：{created} · 最近活动：{lastSeen}",
    sessionsUnknownTime: "未知",
    sessionsEnd: "退出此会话",
    sessionsEndOthers: "退出其他所有会话",
    sessionsEndAll: "在所有设备上退出登录",
    // Second factors: the management page and the email code.
    factorsTitle: "两步验证",
    factorsIntro: "登录时的第二步可以保护你的账户，即使有人知道了你的密码。",
    factorsAppOn: "身份验证器应用：已开启（自 {date} 起）",
    factorsAppOff: "身份验证器应用：未开启",
    factorsSetUpApp: "设置身份验证器应用",
    factorsScan: "用身份验证器应用扫描此二维码，或在应用中输入下面的密钥。然后输入应用显示的 6 位数字验证码。",
    factorsKey: "密钥",
    factorsCodeLabel: "6 位数字验证码",
    factorsConfirm: "开启",
    factorsBackupCount: "剩余备用码：{count} 个",
    factorsBackupSave: "请将这些备用码保存在安全的地方。每个只能使用一次，而且只在此时显示。",
    factorsNewBackup: "生成新的备用码",
    factorsRemoveApp: "移除身份验证器应用",
    factorsProofLabel: "当前验证码（应用或备用码）",
    factorsEmailOn: "邮件验证码：发送到你已验证的地址",
    factorsDoneEnrolled: "你的身份验证器应用已开启。",
    factorsDoneRemoved: "已移除。",
    factorsDoneRegenerated: "旧的备用码已失效。",
    factorsErrorInvalid: "验证码不正确。请检查应用后重试。",
    factorsErrorFreshProof: "请先输入身份验证器应用中的当前验证码或一个备用码。",
    factorsErrorOther: "操作未成功，请重试。",
    factorsContinue: "继续",
    emailCodeSubject: "你的验证码：{code}",
    emailCodeText: "你的验证码是 {code}，{minutes} 分钟内有效，只能使用一次。如果你没有尝试登录，请忽略此邮件。",
    secondFactorTitle: "两步验证",
    secondFactorIntro: "请输入身份验证器应用中的 6 位验证码。",
    secondFactorCodeLabel: "验证码",
    secondFactorBackupIntro: "请输入一个备用码。每个备用码只能使用一次。",
    secondFactorBackupLabel: "备用码",
    secondFactorEmailIntro: "我们可以向你的电子邮件地址发送验证码。",
    secondFactorEmailSent: "我们已向你的电子邮件地址发送验证码，10 分钟内有效。",
    secondFactorEmailLabel: "邮件中的验证码",
    secondFactorEmailSend: "通过电子邮件发送验证码",
    secondFactorEmailAgain: "重新发送验证码",
    secondFactorRemember: "记住此设备",
    secondFactorSubmit: "验证",
    secondFactorWrong: "此验证码无效，请重试。",
    secondFactorUseApp: "使用身份验证器应用",
    secondFactorUseBackup: "使用备用码",
    signInErrorSecondFactorExpired: "登录已过期或尝试的验证码过多。请重新登录。",
    emailSignInTitle: "使用验证码登录",
    emailSignInIntro: "请输入你的电子邮件地址，我们会发送一个 6 位登录验证码。",
    emailSignInSent: "如果有账户使用 {email}，验证码已发出，10 分钟内有效。",
    emailSignInSubmit: "登录",

    emailSubject: "登录 {host}",
    emailOpenLink: "打开此链接即可登录：",
    emailButton: "登录",
    emailExpires: "该链接仅可使用一次，将在 {time}后过期。",
    emailIgnore: "如果这不是你本人的请求，请忽略此邮件。",
  },
};

export default zh;
