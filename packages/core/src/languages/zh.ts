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

    // Passwords
    signInCreateAccount: "创建账户",
    signInForgotPassword: "忘记密码？",
    signInPasswordChanged: "你的密码已更改。请使用新密码登录。",
    passwordLabel: "密码",
    passwordNewLabel: "新密码",
    passwordCurrentLabel: "当前密码",
    passwordHint: "至少 {minimum} 个字符。可以使用任何字符，包括空格。",
    passwordTooShort: "请至少使用 {minimum} 个字符。",
    passwordTooLong: "最多只能使用 {maximum} 个字符。",
    passwordCommon: "此密码是最常见的密码之一，攻击者会最先尝试。请另选一个。",
    passwordWrongCurrent: "这不是你当前的密码。",
    signUpTitle: "创建账户",
    signUpNameLabel: "姓名（选填）",
    signUpSubmit: "创建账户",
    signUpHaveAccount: "已有账户？登录",
    forgotTitle: "重置密码",
    forgotIntro: "输入你账户的电子邮件地址，我们会向你发送一个用于设置新密码的链接。",
    forgotSubmit: "发送链接",
    resetTitle: "设置新密码",
    resetSubmit: "保存新密码",
    changeTitle: "更改密码",
    changeSubmit: "更改密码",
    verifySignUpSent: "我们已向你输入的地址发送了一封邮件。打开邮件中的链接即可确认该地址并完成账户创建。",
    verifyResetSent: "如果有账户使用你输入的地址，我们已向该地址发送用于设置新密码的链接。",
    signUpEmailSubject: "确认你在 {host} 的电子邮件地址",
    signUpEmailOpenLink: "打开此链接即可确认你的地址并完成账户创建：",
    signUpEmailButton: "确认我的地址",
    signUpEmailIgnore: "如果你没有创建账户，请不要打开该链接，并忽略此邮件。",
    accountExistsEmailSubject: "{host} 上的注册尝试",
    accountExistsEmailText: "有人（可能是你本人）尝试用此电子邮件地址在 {host} 上创建账户，但该地址已有账户。没有任何更改。如果是你本人，请登录；如果忘记了密码，请设置新密码：",
    accountExistsEmailButton: "设置新密码",
    accountExistsEmailIgnore: "如果不是你本人，可以忽略此邮件。",
    resetEmailSubject: "重置你在 {host} 的密码",
    resetEmailOpenLink: "打开此链接即可设置新密码：",
    resetEmailButton: "设置新密码",
    resetEmailIgnore: "如果你没有请求重置密码，请忽略此邮件：你的密码将保持不变。",

    emailSubject: "登录 {host}",
    emailOpenLink: "打开此链接即可登录：",
    emailButton: "登录",
    emailExpires: "该链接仅可使用一次，将在 {time}后过期。",
    emailIgnore: "如果这不是你本人的请求，请忽略此邮件。",
  },
};

export default zh;
